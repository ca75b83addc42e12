import type { TrashItem } from '@notewise/shared';
import { CompiledQuery, type KyselyPlugin, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTrashRepo } from '../src/modules/trash/trash.repo';
import { dialects, nextMillisecond, request, signUp, type TestApp, testPng, uploadImage } from './helpers';
import { collabClient, until } from './support/collab-client';
import { sharedProject, startListening, stopApp } from './support/suite-app';

const DAY = 86_400_000;

describe.each(dialects)('Trash on %s', (dialect) => {
  let t: TestApp;
  let host: string;

  beforeAll(async () => {
    ({ t, host } = await startListening(dialect));
  });
  afterAll(() => stopApp(t));

  async function account(name: string) {
    const signed = await signUp(t.app, { name });
    const as = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
      request(t.app, method, url, { cookie: signed.cookie, ...(body !== undefined ? { body } : {}) });
    return { ...signed, id: signed.user.id as string, as };
  }
  type Account = Awaited<ReturnType<typeof account>>;

  const trashOf = async (user: Account): Promise<TrashItem[]> => {
    const response = await user.as('GET', '/api/trash?limit=100');
    expect(response.statusCode, response.body).toBe(200);
    return response.json().items;
  };
  const noteIdsIn = async (user: Account, query = '') =>
    ((await user.as('GET', `/api/notes?limit=100${query}`)).json().notes as { id: string }[]).map(
      (n) => n.id,
    );

  async function team(owner: Account, member: Account, name = 'Team') {
    return sharedProject(t, owner, [member], name);
  }
  const addNote = async (user: Account, projectId: string, title: string, content = '') => {
    const response = await user.as('POST', '/api/notes', { projectId, title, content });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; projectId: string; version: number };
  };
  async function pictureUrl(user: Account, noteId: string) {
    const png = await testPng(8, 8, '#3366aa');
    return (await uploadImage(t.app, user.cookie, noteId, png, { name: 'a.png' })).url;
  }

  it('a deleted note is in Trash with its project, gone from every live read, and a restore brings all of it back', async () => {
    const owner = await account('Owner');
    const member = await account('Member');
    const project = await team(owner, member);
    const note = await addNote(owner, project.id, 'Secret plan', 'quartermaster rendezvous');
    const kept = await addNote(owner, project.id, 'Other note', 'quartermaster elsewhere');
    const edited = await owner.as('PATCH', `/api/notes/${note.id}`, {
      content: 'quartermaster v2',
      version: 1,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const image = await pictureUrl(owner, note.id);
    expect((await member.as('PUT', `/api/notes/${note.id}/pin`)).statusCode).toBe(204);
    expect((await member.as('GET', image)).statusCode).toBe(200);
    const versionsBefore = (await member.as('GET', `/api/notes/${note.id}/versions`)).json().versions;
    expect(versionsBefore.length).toBeGreaterThan(0);
    const counted = (await member.as('GET', `/api/notes/counts?projectId=${project.id}`)).json();
    expect(counted).toMatchObject({ total: 2, pinned: 1 });

    // The member has it open for co-editing: the delete closes it, and it cannot be opened again.
    const editor = collabClient(host, member.cookie, note.id);
    await editor.synced;

    const deleted = await owner.as('DELETE', `/api/notes/${note.id}`);
    expect(deleted.statusCode).toBe(204);

    const [item, ...others] = await trashOf(owner);
    expect(others).toEqual([]);
    expect(item).toMatchObject({
      kind: 'note',
      id: note.id,
      title: 'Secret plan',
      projectId: project.id,
      projectName: 'Team',
    });
    if (item?.kind !== 'note') throw new Error('no note in Trash');
    expect(Date.parse(item.expiresAt) - Date.parse(item.deletedAt)).toBe(30 * DAY);
    // The member may not delete the owner's note, so it is not in their Trash.
    expect(await trashOf(member)).toEqual([]);

    for (const user of [owner, member]) {
      expect(await noteIdsIn(user)).toEqual([kept.id]);
      expect(await noteIdsIn(user, `&projectId=${project.id}`)).toEqual([kept.id]);
      expect((await user.as('GET', `/api/notes/${note.id}`)).statusCode).toBe(404);
      expect((await user.as('GET', `/api/notes/${note.id}/versions`)).statusCode).toBe(404);
      expect((await user.as('GET', `/api/notes/${note.id}/export?format=md`)).statusCode).toBe(404);
      const found = (await user.as('GET', '/api/search?q=quartermaster')).json();
      expect(JSON.stringify(found)).not.toContain(note.id);
      expect(JSON.stringify(found)).toContain(kept.id);
      const zip = await user.as('GET', `/api/projects/${project.id}/export`);
      expect(zip.statusCode).toBe(200);
      expect(zip.rawPayload.includes(Buffer.from('Other note'))).toBe(true);
      expect(zip.rawPayload.includes(Buffer.from('Secret plan'))).toBe(false);
    }
    expect((await member.as('GET', `/api/notes/counts?projectId=${project.id}`)).json()).toMatchObject({
      total: 1,
      pinned: 0,
    });
    expect((await member.as('GET', '/api/pins')).json().pins).toEqual([]);
    expect((await member.as('GET', image)).statusCode).toBe(404);
    const listed = (await owner.as('GET', `/api/shared-projects/${project.id}`)).json();
    expect(listed.itemCount).toBe(1);
    // Its connection is closed and re-admission refused at once (not at the next socket sweep).
    await until(() => editor.failure() !== null);
    expect(editor.failure()).toBe('permission-denied');
    editor.destroy();
    const again = collabClient(host, member.cookie, note.id);
    await until(() => again.failure() !== null);
    expect(again.failure()).toBe('permission-denied');
    again.destroy();

    const restored = await owner.as('POST', `/api/trash/notes/${note.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({
      movedToInbox: false,
      note: { id: note.id, projectId: project.id },
    });
    expect(await trashOf(owner)).toEqual([]);
    const back = (await member.as('GET', `/api/notes/${note.id}`)).json();
    expect(back).toMatchObject({ projectId: project.id, content: 'quartermaster v2', pinned: true });
    expect((await member.as('GET', '/api/pins')).json().pins).toHaveLength(1);
    expect((await member.as('GET', image)).statusCode).toBe(200);
    expect((await member.as('GET', `/api/notes/${note.id}/versions`)).json().versions).toEqual(
      versionsBefore,
    );
    expect(JSON.stringify((await member.as('GET', '/api/search?q=quartermaster')).json())).toContain(note.id);
    const reopened = collabClient(host, member.cookie, note.id);
    await reopened.synced;
    expect(reopened.text()).toContain('quartermaster v2');
    reopened.destroy();
  });

  it('a note restored while its project is in Trash goes to the restorer’s Inbox', async () => {
    const owner = await account('Owner');
    const project = (await owner.as('POST', '/api/projects', { name: 'Ideas' })).json();
    const note = await addNote(owner, project.id, 'Loose idea');
    expect((await owner.as('DELETE', `/api/notes/${note.id}`)).statusCode).toBe(204);
    await nextMillisecond();
    expect((await owner.as('DELETE', `/api/projects/${project.id}`)).statusCode).toBe(204);
    const trash = await trashOf(owner);
    expect(trash.map((item) => [item.kind, item.id])).toEqual([
      ['project', project.id],
      ['note', note.id],
    ]);
    expect(trash[0]).toMatchObject({ title: 'Ideas', noteCount: 0, shared: false });
    expect(trash[1]).toMatchObject({ projectName: 'Ideas' });

    const restored = await owner.as('POST', `/api/trash/notes/${note.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().movedToInbox).toBe(true);
    const inbox = (await owner.as('GET', `/api/projects/${restored.json().note.projectId}`)).json();
    expect(inbox.name).toBe('Inbox');
    expect(await noteIdsIn(owner)).toEqual([note.id]);
    // The project stays in Trash, now empty of that note.
    expect((await trashOf(owner)).map((item) => item.id)).toEqual([project.id]);
    // Nothing may be added to or moved into a project in Trash.
    expect((await owner.as('POST', '/api/notes', { projectId: project.id, title: 'x' })).statusCode).toBe(
      404,
    );
    const moved = await owner.as('POST', `/api/notes/${note.id}/move`, { projectId: project.id });
    expect(moved.statusCode).toBe(404);
  });

  it('a project delete and restore keeps its notes and members; its code lets nobody join meanwhile', async () => {
    const owner = await account('Owner');
    const member = await account('Member');
    const newcomer = await account('Newcomer');
    const project = await team(owner, member);
    const mine = await addNote(owner, project.id, 'Owner note');
    const theirs = await addNote(member, project.id, 'Member note');
    const alone = await addNote(owner, project.id, 'Deleted before');
    expect((await owner.as('DELETE', `/api/notes/${alone.id}`)).statusCode).toBe(204);
    await nextMillisecond();

    // A member's delete of a shared project is leaving; only the owner's puts it in Trash.
    expect((await owner.as('DELETE', `/api/shared-projects/${project.id}`)).statusCode).toBe(204);
    for (const user of [owner, member]) {
      expect((await user.as('GET', `/api/projects/${project.id}`)).statusCode).toBe(404);
      expect((await user.as('GET', '/api/shared-projects')).json().sharedProjects).toEqual([]);
      expect(await noteIdsIn(user)).toEqual([]);
      expect((await user.as('GET', `/api/notes/${theirs.id}`)).statusCode).toBe(404);
    }
    const join = await newcomer.as('POST', '/api/shared-projects/join', { code: project.code });
    expect(join.statusCode).toBe(404);
    const trash = await trashOf(owner);
    expect(trash.map((item) => item.id)).toEqual([project.id, alone.id]);
    expect(trash[0]).toMatchObject({ kind: 'project', title: 'Team', shared: true, noteCount: 2 });
    // The member sees neither the project (not theirs) nor their note that went with it.
    expect(await trashOf(member)).toEqual([]);
    expect((await member.as('POST', `/api/trash/projects/${project.id}/restore`)).statusCode).toBe(403);
    expect((await newcomer.as('POST', `/api/trash/projects/${project.id}/restore`)).statusCode).toBe(404);

    const restored = await owner.as('POST', `/api/trash/projects/${project.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().project).toMatchObject({ id: project.id, name: 'Team', noteCount: 2 });
    for (const user of [owner, member]) {
      expect((await noteIdsIn(user)).sort()).toEqual([mine.id, theirs.id].sort());
    }
    const shared = (await member.as('GET', `/api/shared-projects/${project.id}`)).json();
    expect(shared).toMatchObject({ memberCount: 2, code: project.code, itemCount: 2 });
    // The note deleted on its own stays in Trash.
    expect((await trashOf(owner)).map((item) => item.id)).toEqual([alone.id]);
    expect((await newcomer.as('POST', '/api/shared-projects/join', { code: project.code })).statusCode).toBe(
      200,
    );
  });

  it('a member’s Trash never shows notes of a project they left or were removed from', async () => {
    const owner = await account('Owner');
    const leaver = await account('Leaver');
    const removed = await account('Removed');
    const project = await team(owner, leaver);
    const joined = await removed.as('POST', '/api/shared-projects/join', { code: project.code });
    expect(joined.statusCode).toBe(200);
    const byLeaver = await addNote(leaver, project.id, 'Leaver note');
    const byRemoved = await addNote(removed, project.id, 'Removed note');
    expect((await leaver.as('DELETE', `/api/notes/${byLeaver.id}`)).statusCode).toBe(204);
    expect((await removed.as('DELETE', `/api/notes/${byRemoved.id}`)).statusCode).toBe(204);
    expect((await trashOf(leaver)).map((item) => item.id)).toEqual([byLeaver.id]);
    expect((await trashOf(removed)).map((item) => item.id)).toEqual([byRemoved.id]);

    expect((await leaver.as('DELETE', `/api/shared-projects/${project.id}`)).statusCode).toBe(204);
    const removal = await owner.as('DELETE', `/api/shared-projects/${project.id}/members/${removed.id}`);
    expect(removal.statusCode).toBe(204);
    for (const [user, noteId] of [
      [leaver, byLeaver.id],
      [removed, byRemoved.id],
    ] as const) {
      expect(await trashOf(user)).toEqual([]);
      for (const [method, url] of [
        ['POST', `/api/trash/notes/${noteId}/restore`],
        ['DELETE', `/api/trash/notes/${noteId}`],
      ] as const) {
        const response = await user.as(method, url);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json().error.code).toBe('NOT_FOUND');
      }
    }
    // The owner may delete any note of the project: both are in their Trash.
    expect((await trashOf(owner)).map((item) => item.id).sort()).toEqual([byLeaver.id, byRemoved.id].sort());
  });

  it('pages newest deleted first with a cursor, projects and notes in one order', async () => {
    const owner = await account('Pager');
    const project = (await owner.as('POST', '/api/projects', { name: 'Many' })).json();
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const note = await addNote(owner, project.id, `Note ${i}`);
      expect((await owner.as('DELETE', `/api/notes/${note.id}`)).statusCode).toBe(204);
      ids.unshift(note.id);
      await nextMillisecond();
    }
    const other = (await owner.as('POST', '/api/projects', { name: 'Gone' })).json();
    expect((await owner.as('DELETE', `/api/projects/${other.id}`)).statusCode).toBe(204);
    ids.unshift(other.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : '';
      const page = (await owner.as('GET', `/api/trash?limit=2${query}`)).json();
      seen.push(...page.items.map((item: TrashItem) => item.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(ids);
    expect((await owner.as('GET', '/api/trash?cursor=bad!')).statusCode).toBe(400);
  });

  it.runIf(dialect === 'sqlite')(
    'reads each Trash part from its partial index in order, never sorting a project',
    async () => {
      const owner = await account('Planner');
      const project = (await owner.as('POST', '/api/projects', { name: 'Deep' })).json();
      for (let i = 0; i < 40; i += 1) {
        const note = await addNote(owner, project.id, `Plan ${i}`);
        await owner.as('DELETE', `/api/notes/${note.id}`);
      }
      const db = t.database.db;
      await sql`analyze`.execute(db);
      const compiled: CompiledQuery[] = [];
      const recorder: KyselyPlugin = {
        transformQuery: (args) => {
          compiled.push(db.getExecutor().compileQuery(args.node, args.queryId));
          return args.node;
        },
        transformResult: async (args) => args.result,
      };
      const first = await createTrashRepo(db.withPlugin(recorder), 30).page(owner.id, { limit: 10 });
      expect(first.items).toHaveLength(10);
      const plans: string[] = [];
      for (const query of compiled) {
        const plan = await db.executeQuery<{ detail: string }>(
          CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.parameters]),
        );
        plans.push(plan.rows.map((row) => row.detail).join('\n'));
      }
      const notesPlan = plans.find((plan) => /SEARCH n USING INDEX notes_trash_idx/.test(plan));
      const projectsPlan = plans.find((plan) => /SEARCH p USING INDEX projects_trash_idx/.test(plan));
      expect(notesPlan, plans.join('\n---\n')).toBeDefined();
      expect(projectsPlan, plans.join('\n---\n')).toBeDefined();
      // One project's page is a range of its index in order: only the merge of pages may sort.
      // A project's notes: a range of its index in order, never a sort of all its trashed notes (a join
      // with projects made SQLite read the project first and sort them). Nor does the merge sort.
      for (const [index, query] of compiled.entries()) {
        if (/"n"\."project_id" = \?/.test(query.sql) && !/from \(select/.test(query.sql)) {
          expect(plans[index], query.sql).toMatch(/^SEARCH n USING INDEX notes_trash_idx/);
        }
        expect(plans[index], query.sql).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
      }
    },
  );
});
