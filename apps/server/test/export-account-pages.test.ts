import crypto from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createExportRepo,
  EXPORT_PAGE_SIZE,
  type ExportPosition,
} from '../src/modules/export-import/export-import.repo';
import { prepareContent } from '../src/modules/notes/note-content';
import { dialects, request, signUp, startTestApp, type TestApp, testPng, uploadImage } from './helpers';
import { statementsOf } from './support/statement-counter';

/**
 * The whole-account zips (GET /api/export, its Obsidian vault, GET /api/me/data) read an account's
 * notes a page at a time across its projects (decision 108): one query per project made the API fuzz
 * test's export of ~150 projects the largest share of the unit stage. The files below were written
 * by the per-project reads before the change and must not move: folders, names, order, front matter,
 * pictures; trashed notes, a trashed project and a project the reader is not a member of stay out.
 */

/** Fixed times (a second apart), so names given in order and the front matter are the same each run. */
const at = (second: number) => new Date(Date.UTC(2026, 10, 2, 9, 0, second)).toISOString();

describe.each(dialects)('the whole-account export on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { DEMO_ACCOUNT: 'false' });
  });
  afterAll(async () => {
    await t?.close();
    await t?.testDb.destroy();
  });

  let ipCounter = 0;
  async function account(name: string) {
    ipCounter += 1;
    const ip = `10.33.0.${ipCounter}`;
    const a = await signUp(t.app, { name });
    const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
      request(t.app, method, url, { cookie: a.cookie, ip, ...(body !== undefined ? { body } : {}) });
    const project = async (name: string) => {
      const made = await call('POST', '/api/projects', { name });
      expect(made.statusCode, made.body).toBe(201);
      return made.json() as { id: string };
    };
    let second = 0;
    /** A note with its times set to the next fixed second (created and updated). */
    const note = async (projectId: string, title: string, content: string, tags: string[] = []) => {
      const made = await call('POST', '/api/notes', { projectId, title, content, tags });
      expect(made.statusCode, made.body).toBe(201);
      const id = made.json().id as string;
      second += 1;
      await t.database.db
        .updateTable('notes')
        .set({ created_at: at(second), updated_at: at(second + 30) })
        .where('id', '=', id)
        .execute();
      return id;
    };
    return { ...a, ip, call, project, note };
  }

  async function picture(who: { cookie: string; ip: string }, noteId: string): Promise<string> {
    const png = await testPng(30, 20, '#2266aa');
    return (await uploadImage(t.app, who.cookie, noteId, png, { name: 'p.png', ip: who.ip })).url;
  }

  /** The zip's files in the order they were written, as text (pictures by size). */
  function entries(raw: Buffer): Array<[string, string]> {
    return Object.entries(unzipSync(new Uint8Array(raw))).map(([name, bytes]) => [
      name,
      name.endsWith('.webp') ? `${bytes.length > 0 ? 'picture' : 'empty'}` : strFromU8(bytes),
    ]);
  }

  it('writes the same folders, names, order and front matter as one query per project did', async () => {
    const other = await account('Other');
    const reader = await account('Reader');
    // Listed by name: Archive (trashed later), Empty, Home, Team (shared, Other's), Work.
    const work = await reader.project('Work');
    const home = await reader.project('Home');
    await reader.project('Empty');
    const archive = await reader.project('Archive');
    const team = (await other.call('POST', '/api/shared-projects', { name: 'Team', color: 'green' })).json();
    expect((await reader.call('POST', '/api/shared-projects/join', { code: team.code })).statusCode).toBe(
      200,
    );
    const secret = await other.project('Private');

    const plan = await reader.note(work.id, 'Plan', 'First plan.');
    await reader.note(home.id, 'Garden', 'Tomatoes and *beans*.', ['garden', 'spring plan']);
    const withPicture = await reader.note(work.id, 'Budget: 2027?', 'Draft');
    await other.note(team.id, 'Agenda', 'Everyone reads this.');
    await reader.note(work.id, 'plan', 'Second plan, same name but for case.');
    const trashed = await reader.note(work.id, 'Trashed', 'Gone.');
    await reader.note(archive.id, 'Lost', 'In a trashed project.');
    await other.note(secret.id, 'Secret', 'Not shared.');
    await reader.note(team.id, 'Minutes', 'The reader wrote these.');
    const link = `/quick-view?project=${work.id}&note=${plan}`;
    const pinned = await reader.note(home.id, 'Pinned', `At the top, see [the plan](${link}).`);
    const url = await picture(reader, withPicture);
    const version = (await reader.call('GET', `/api/notes/${withPicture}`)).json().version;
    const edited = await reader.call('PATCH', `/api/notes/${withPicture}`, {
      content: `Costs, see ![chart](${url}).`,
      version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await t.database.db
      .updateTable('notes')
      .set({ updated_at: at(59) })
      .where('id', '=', withPicture)
      .execute();
    expect((await reader.call('PUT', `/api/notes/${pinned}/pin`)).statusCode).toBeLessThan(300);
    expect((await reader.call('DELETE', `/api/notes/${trashed}`)).statusCode).toBeLessThan(300);
    expect((await reader.call('DELETE', `/api/projects/${archive.id}`)).statusCode).toBeLessThan(300);

    const front = (title: string, project: string, created: number, updated: number, shared = false) =>
      `---\ntitle: ${JSON.stringify(title)}\nproject: ${JSON.stringify(project)}\n${
        shared ? 'shared: true\n' : ''
      }created: ${at(created)}\nupdated: ${at(updated)}\n---\n\n`;

    const markdown = await reader.call('GET', '/api/export');
    expect(markdown.statusCode, markdown.body).toBe(200);
    expect(entries(markdown.rawPayload)).toEqual([
      ['Home/Garden.md', `${front('Garden', 'Home', 2, 32)}Tomatoes and *beans*.\n`],
      ['Home/Pinned.md', `${front('Pinned', 'Home', 8, 38)}At the top, see [the plan](${link}).\n`],
      ['Team/Agenda.md', `${front('Agenda', 'Team', 1, 31, true)}Everyone reads this.\n`],
      ['Team/Minutes.md', `${front('Minutes', 'Team', 7, 37, true)}The reader wrote these.\n`],
      ['Work/Plan.md', `${front('Plan', 'Work', 1, 31)}First plan.\n`],
      ['Work/plan (2).md', `${front('plan', 'Work', 4, 34)}Second plan, same name but for case.\n`],
      ['Work/Budget- 2027-.md', `${front('Budget: 2027?', 'Work', 3, 59)}Costs, see ![chart](${url}).\n`],
    ]);

    // The vault names every note in a first pass (links between notes use those names).
    const vault = await reader.call('GET', '/api/export?format=obsidian');
    expect(vault.statusCode, vault.body).toBe(200);
    const file = url.split('/').pop();
    const dates = (created: number, updated: number) =>
      `created: ${at(created)}\nupdated: ${at(updated)}\n---\n\n`;
    expect(entries(vault.rawPayload)).toEqual([
      [
        'Home/Garden.md',
        `---\ntags:\n  - "garden"\n  - "spring plan"\n${dates(2, 32)}Tomatoes and *beans*.\n`,
      ],
      ['Home/Pinned.md', `---\n${dates(8, 38)}At the top, see [[Work/Plan|the plan]].\n`],
      ['Team/Agenda.md', `---\n${dates(1, 31)}Everyone reads this.\n`],
      ['Team/Minutes.md', `---\n${dates(7, 37)}The reader wrote these.\n`],
      ['Work/Plan.md', `---\n${dates(1, 31)}First plan.\n`],
      ['Work/plan (2).md', `---\ntitle: "plan"\n${dates(4, 34)}Second plan, same name but for case.\n`],
      [
        'Work/Budget- 2027-.md',
        `---\ntitle: "Budget: 2027?"\n${dates(3, 59)}Costs, see ![[attachments/${file}|chart]].\n`,
      ],
      [`attachments/${file}`, 'picture'],
    ]);

    // Download my data: the same notes with pictures one folder down, then the profile and pictures.
    const data = await reader.call('GET', '/api/me/data');
    expect(data.statusCode, data.body).toBe(200);
    expect(entries(data.rawPayload)).toEqual([
      ['Home/Garden.md', `${front('Garden', 'Home', 2, 32)}Tomatoes and *beans*.\n`],
      ['Home/Pinned.md', `${front('Pinned', 'Home', 8, 38)}At the top, see [the plan](${link}).\n`],
      ['Team/Agenda.md', `${front('Agenda', 'Team', 1, 31, true)}Everyone reads this.\n`],
      ['Team/Minutes.md', `${front('Minutes', 'Team', 7, 37, true)}The reader wrote these.\n`],
      ['Work/Plan.md', `${front('Plan', 'Work', 1, 31)}First plan.\n`],
      ['Work/plan (2).md', `${front('plan', 'Work', 4, 34)}Second plan, same name but for case.\n`],
      [
        'Work/Budget- 2027-.md',
        `${front('Budget: 2027?', 'Work', 3, 59)}Costs, see ![chart](../images/${file}).\n`,
      ],
      ['account.json', expect.stringContaining('"name": "Reader"')],
      [`images/${file}`, 'picture'],
    ]);
  });

  it('reads an account of 30 projects in as many statements as one of 3 (the same notes)', async () => {
    // 30 notes either way, one page: the statements may grow with pages of notes, not with projects.
    const exported = async (projectCount: number, format: 'markdown' | 'obsidian') => {
      const who = await account(`Projects ${projectCount}`);
      const ids: string[] = [];
      for (let i = 0; i < projectCount; i++) ids.push((await who.project(`Project ${i}`)).id);
      for (let i = 0; i < 30; i++) await who.note(ids[i % projectCount]!, `Note ${i}`, `Text ${i}`);
      let files = 0;
      const statements = await statementsOf(async () => {
        const zip = await who.call('GET', `/api/export?format=${format}`);
        expect(zip.statusCode, zip.body).toBe(200);
        files = Object.keys(unzipSync(new Uint8Array(zip.rawPayload))).length;
      });
      expect(files).toBe(30);
      return statements;
    };
    // Only the reads of projects and notes are compared: a session older than the cache's few
    // seconds adds its re-check to either count (see autosave-statements.test.ts).
    const reads = (statements: string[]) => statements.filter((text) => /"(notes|projects)"/.test(text));
    for (const format of ['markdown', 'obsidian'] as const) {
      const few = reads(await exported(3, format));
      const many = reads(await exported(30, format));
      expect(many.length, `${format}, 30 projects:\n${many.join('\n')}`).toBe(few.length);
      // The project list, then the notes counted and one page read (twice for the vault: it names
      // them in a first pass).
      expect(many, many.join('\n')).toHaveLength(format === 'markdown' ? 3 : 5);
    }
  });

  it('pages across projects: every live note once, in project order then oldest change first', async () => {
    // Listed Alpha, Beta, Delta, Gamma: the first three fit in a page together (one sorted query),
    // Gamma is two pages of its own; a run of notes share one updated_at (ordered by id), trashed
    // notes are left out wherever they fall.
    const who = await account('Many');
    const names = ['Beta', 'Alpha', 'Gamma', 'Delta'];
    const sizes = [60, 120, 230, 15];
    const projects: Array<{ id: string }> = [];
    for (const name of names) projects.push(await who.project(name));
    const rows = projects.flatMap((project, p) =>
      Array.from({ length: sizes[p]! }, (_, i) => {
        const prepared = prepareContent(`Text ${p}-${i}`);
        const id = crypto.randomUUID();
        const time =
          i >= 10 && i < 20 ? at(50) : new Date(Date.UTC(2026, 10, 3, 0, 0, 0, i * 7)).toISOString();
        return {
          id,
          project_id: project.id,
          author_id: who.user.id as string,
          title: `N ${p}-${String(i).padStart(3, '0')} ${id}`,
          content: prepared.content,
          plain_text: prepared.plainText,
          excerpt: prepared.excerpt,
          tags: '[]',
          version: 1,
          ydoc: null,
          created_at: time,
          updated_at: time,
          deleted_at: i % 37 === 5 ? time : null,
        };
      }),
    );
    await t.database.db.insertInto('notes').values(rows).execute();
    const listed = [1, 0, 3, 2];
    const expected = listed.flatMap((p) =>
      rows
        .filter((row) => row.project_id === projects[p]!.id && row.deleted_at === null)
        .sort((a, b) => a.updated_at.localeCompare(b.updated_at) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
        .map((row) => `${names[p]}/${row.title}.md`),
    );
    const zip = await who.call('GET', '/api/export');
    expect(zip.statusCode, zip.body).toBe(200);
    expect(Object.keys(unzipSync(new Uint8Array(zip.rawPayload)))).toEqual(expected);

    // The query for a run of projects, walked over all four (more than two pages): the keyset
    // carries from page to page inside a project and across projects.
    const repo = createExportRepo(t.database.db);
    const ids = listed.map((p) => projects[p]!.id);
    const walked: string[] = [];
    let after: ExportPosition | null = null;
    for (;;) {
      const page: Awaited<ReturnType<typeof repo.notesPage>> = await repo.notesPage(ids, after);
      walked.push(...page.map((note) => `${names[listed[note.position.project]!]}/${note.title}.md`));
      if (page.length < EXPORT_PAGE_SIZE) break;
      after = page[page.length - 1]!.position;
    }
    expect(walked).toEqual(expected);
  });
});
