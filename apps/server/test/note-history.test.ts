import type { NoteVersion, NoteVersionSummary } from '@notewise/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { pruneHistory, type RetentionPolicy } from '../src/modules/notes/history/history-pruning';
import { dialects, request, signUp, type TestApp } from './helpers';
import { collabClient, typeParagraph, until } from './support/collab-client';
import { startListening, stopApp } from './support/suite-app';

const MINUTE = 60_000;
const START = Date.UTC(2026, 10, 2, 9, 0, 0);

describe.each(dialects)('note history on %s', (dialect) => {
  let t: TestApp;
  let host: string;

  beforeAll(async () => {
    ({ t, host } = await startListening(dialect));
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(() => stopApp(t));

  /** Simulated time for the server's clock only (timers stay real, so sockets and the database run). */
  function at(ms: number) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(ms);
  }

  async function account(name = 'Writer') {
    const signed = await signUp(t.app, { name });
    const as = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
      request(t.app, method, url, { cookie: signed.cookie, ...(body !== undefined ? { body } : {}) });
    return { ...signed, id: signed.user.id as string, as };
  }
  type Account = Awaited<ReturnType<typeof account>>;

  async function versionsOf(user: Account, noteId: string): Promise<NoteVersionSummary[]> {
    const response = await user.as('GET', `/api/notes/${noteId}/versions?limit=100`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().versions;
  }
  async function contentOf(user: Account, noteId: string, versionId: string): Promise<NoteVersion> {
    const response = await user.as('GET', `/api/notes/${noteId}/versions/${versionId}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }
  async function save(user: Account, noteId: string, content: string, reason?: 'ai' | 'merge') {
    const current = (await user.as('GET', `/api/notes/${noteId}`)).json();
    const saved = await user.as('PATCH', `/api/notes/${noteId}`, {
      content,
      version: current.version,
      ...(reason ? { reason } : {}),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return saved.json();
  }
  async function noteIn(user: Account, content: string, shared = false) {
    const project = (
      await user.as('POST', shared ? '/api/shared-projects' : '/api/projects', { name: 'History' })
    ).json();
    const note = (
      await user.as('POST', '/api/notes', { projectId: project.id, title: 'Plan', content })
    ).json();
    return { project, note };
  }

  it('records saves over time, newest first, and restores the second: the note holds its text again', async () => {
    const writer = await account();
    at(START);
    const { note } = await noteIn(writer, 'first draft');
    for (let i = 1; i <= 5; i += 1) {
      at(START + i * 6 * MINUTE);
      await save(writer, note.id, `save ${i}`);
    }
    const versions = await versionsOf(writer, note.id);
    // The text the note was created with, then one version per save (6 minutes apart: none coalesced).
    const texts = await Promise.all(
      versions.map(async (v) => (await contentOf(writer, note.id, v.id)).content),
    );
    expect(texts).toEqual(['save 5', 'save 4', 'save 3', 'save 2', 'save 1', 'first draft']);
    expect(versions[0]).toMatchObject({ reason: 'edit', authors: [{ id: writer.id, name: 'Writer' }] });
    expect(versions.map((v) => Date.parse(v.updatedAt))).toEqual(
      [5, 4, 3, 2, 1, 0].map((i) => START + i * 6 * MINUTE),
    );

    const second = versions[3];
    if (!second) throw new Error('no second save');
    at(START + 40 * MINUTE);
    const restored = await writer.as('POST', `/api/notes/${note.id}/versions/${second.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ content: 'save 2', title: 'Plan' });
    expect((await writer.as('GET', `/api/notes/${note.id}`)).json().content).toBe('save 2');

    // The restore is itself a version, and the text it replaced is still there below it.
    const after = await versionsOf(writer, note.id);
    expect(after).toHaveLength(7);
    expect(after[0]).toMatchObject({ reason: 'restore' });
    expect((await contentOf(writer, note.id, after[1]?.id ?? '')).content).toBe('save 5');
  });

  // The clock stands still: every change lands in one millisecond, as a snapshot and its change, a
  // conflict's re-save or a fast machine's saves do. Versions still come back in the order they were made.
  it('keeps versions in the order they were made when they share one millisecond', async () => {
    const writer = await account();
    at(START);
    const { note } = await noteIn(writer, 'first draft');
    await save(writer, note.id, 'second');
    await save(writer, note.id, 'third by AI', 'ai');
    await save(writer, note.id, 'fourth');
    await save(writer, note.id, 'fourth and more');
    const versions = await versionsOf(writer, note.id);
    const texts = await Promise.all(
      versions.map(async (v) => (await contentOf(writer, note.id, v.id)).content),
    );
    // The last two saves are one version (the open one moved on), not a new one beside a stale one.
    expect(texts).toEqual(['fourth and more', 'third by AI', 'second', 'first draft']);
  });

  it('coalesces one person’s saves within 5 minutes into one version that ends with the last text', async () => {
    const writer = await account();
    at(START);
    const { note } = await noteIn(writer, 'start');
    for (const [minute, text] of [
      [1, 'a'],
      [2, 'ab'],
      [4, 'abc'],
    ] as const) {
      at(START + minute * MINUTE);
      await save(writer, note.id, text);
    }
    let versions = await versionsOf(writer, note.id);
    expect(versions).toHaveLength(2);
    expect((await contentOf(writer, note.id, versions[0]?.id ?? '')).content).toBe('abc');
    expect((await contentOf(writer, note.id, versions[1]?.id ?? '')).content).toBe('start');
    // Past 5 minutes from the window's start, the next save opens a new version.
    at(START + 6 * MINUTE);
    await save(writer, note.id, 'abcd');
    versions = await versionsOf(writer, note.id);
    expect(versions).toHaveLength(3);
    // A tags-only change is no new text: no version. A rename is.
    const current = (await writer.as('GET', `/api/notes/${note.id}`)).json();
    await writer.as('PATCH', `/api/notes/${note.id}`, { tags: ['x'], version: current.version });
    expect(await versionsOf(writer, note.id)).toHaveLength(3);
    await writer.as('PATCH', `/api/notes/${note.id}`, { title: 'Renamed plan' });
    at(START + 20 * MINUTE);
    expect((await versionsOf(writer, note.id))[0]).toMatchObject({ title: 'Renamed plan' });
  });

  it('keeps the text before an AI Replace on its own, and restoring it brings the original back', async () => {
    const writer = await account();
    at(START);
    const { note } = await noteIn(writer, 'my own words');
    at(START + MINUTE);
    await save(writer, note.id, 'my own words, edited');
    at(START + 2 * MINUTE);
    await save(writer, note.id, 'What the AI wrote first.', 'ai');
    // A second AI Replace and a save a minute later are not folded into the first one.
    at(START + 2.5 * MINUTE);
    await save(writer, note.id, 'What the AI wrote instead.', 'ai');
    at(START + 3 * MINUTE);
    await save(writer, note.id, 'What the AI wrote instead. Plus mine.');
    const versions = await versionsOf(writer, note.id);
    expect(versions.map((v) => v.reason)).toEqual(['edit', 'ai', 'ai', 'edit', 'edit']);
    const beforeAi = versions[3];
    if (!beforeAi) throw new Error('no version before the AI');
    expect((await contentOf(writer, note.id, beforeAi.id)).content).toBe('my own words, edited');
    await writer.as('POST', `/api/notes/${note.id}/versions/${beforeAi.id}/restore`);
    expect((await writer.as('GET', `/api/notes/${note.id}`)).json().content).toBe('my own words, edited');

    // "Keep mine" after a conflict: its own sealed version too.
    at(START + 4 * MINUTE);
    await save(writer, note.id, 'kept mine', 'merge');
    expect((await versionsOf(writer, note.id))[0]).toMatchObject({ reason: 'merge' });
  });

  it('is readable only by whoever may read the note: a stranger and a removed member get 404', async () => {
    const owner = await account('Owner');
    const member = await account('Member');
    const stranger = await account('Stranger');
    const { project, note } = await noteIn(owner, 'team text', true);
    const joined = await member.as('POST', '/api/shared-projects/join', { code: project.code });
    expect(joined.statusCode, joined.body).toBe(200);
    await save(owner, note.id, 'team text, edited');
    const [latest] = await versionsOf(member, note.id);
    if (!latest) throw new Error('no version');
    const urls = [
      ['GET', `/api/notes/${note.id}/versions`],
      ['GET', `/api/notes/${note.id}/versions/${latest.id}`],
      ['POST', `/api/notes/${note.id}/versions/${latest.id}/restore`],
    ] as const;
    for (const [method, url] of urls) {
      const response = await stranger.as(method, url);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
    // A version id of another note is not found through this one.
    const other = await noteIn(owner, 'elsewhere');
    await save(owner, other.note.id, 'elsewhere, edited');
    const [foreign] = await versionsOf(owner, other.note.id);
    expect((await owner.as('GET', `/api/notes/${note.id}/versions/${foreign?.id}`)).statusCode).toBe(404);

    const removed = await owner.as('DELETE', `/api/shared-projects/${project.id}/members/${member.id}`);
    expect(removed.statusCode).toBe(204);
    for (const [method, url] of urls) {
      expect((await member.as(method, url)).statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('snapshots a co-edited note with everyone who typed, and a restore reaches every open editor', async () => {
    const owner = await account('Ana');
    const member = await account('Ben');
    const { project, note } = await noteIn(owner, 'Agenda', true);
    await member.as('POST', '/api/shared-projects/join', { code: project.code });

    const ana = collabClient(host, owner.cookie, note.id);
    const ben = collabClient(host, member.cookie, note.id);
    try {
      await Promise.all([ana.synced, ben.synced]);
      typeParagraph(ana.doc, 'Ana wrote this');
      await until(() => ben.text().includes('Ana wrote this'));
      typeParagraph(ben.doc, 'Ben added that');
      await until(() => ana.text().includes('Ben added that'));
      // The debounced store (at most 5 s) records one co-editing version with both names.
      let coEdit: NoteVersionSummary | undefined;
      await until(async () => {
        coEdit = (await versionsOf(owner, note.id)).find((v) => v.reason === 'co-edit');
        return (coEdit?.authors.length ?? 0) === 2;
      }, 15_000);
      expect(coEdit?.authors.map((a) => a.name).sort()).toEqual(['Ana', 'Ben']);

      const original = (await versionsOf(owner, note.id)).at(-1);
      if (!original) throw new Error('no first version');
      expect((await contentOf(owner, note.id, original.id)).content).toBe('Agenda');
      const restored = await member.as('POST', `/api/notes/${note.id}/versions/${original.id}/restore`);
      expect(restored.statusCode, restored.body).toBe(200);
      // Both open editors show the restored text at once, without reconnecting.
      await until(() => !ana.text().includes('Ana wrote this') && !ben.text().includes('Ben added that'));
      expect(ana.text()).toContain('Agenda');
      expect(ben.text()).toContain('Agenda');
    } finally {
      ana.destroy();
      ben.destroy();
    }
  });

  it('prunes over simulated months to exactly the documented versions, and keeps each account in its budget', async () => {
    const writer = await account();
    const { note } = await noteIn(writer, 'long-lived');
    const db = t.database.db;
    // One version every 10 minutes for 100 days, 5 minutes off the hour so none sits on a boundary.
    const now = Date.UTC(2026, 5, 1);
    const rows = Array.from({ length: 14_400 }, (_, k) => {
      const when = new Date(now - k * 10 * MINUTE - 5 * MINUTE).toISOString();
      return {
        id: `v-${note.id}-${k}`,
        note_id: note.id,
        title: 'Plan',
        content: `state ${k}`,
        reason: 'edit',
        author_ids: JSON.stringify([writer.id]),
        sealed: 1,
        size: 10,
        created_at: when,
        updated_at: when,
      };
    });
    for (let i = 0; i < rows.length; i += 500) {
      await db
        .insertInto('note_versions')
        .values(rows.slice(i, i + 500))
        .execute();
    }
    const policy: RetentionPolicy = { keepAllHours: 24, hourlyDays: 7, dailyDays: 90, budgetBytes: 10 ** 9 };
    await pruneHistory(db, policy, now);
    const kept = await db
      .selectFrom('note_versions')
      .select('created_at')
      .where('note_id', '=', note.id)
      .execute();
    const ages = kept.map(
      (row) =>
        (now -
          Date.parse(
            String(row.created_at instanceof Date ? row.created_at.toISOString() : row.created_at),
          )) /
        MINUTE,
    );
    // All 144 of the last day; one per hour for the 6 days after (144); one per day to day 90 (83).
    expect(ages.filter((age) => age < 24 * 60)).toHaveLength(144);
    expect(ages.filter((age) => age >= 24 * 60 && age < 7 * 24 * 60)).toHaveLength(144);
    expect(ages.filter((age) => age >= 7 * 24 * 60 && age < 90 * 24 * 60)).toHaveLength(83);
    expect(ages.filter((age) => age >= 90 * 24 * 60)).toHaveLength(0);
    expect(kept).toHaveLength(371);
    // A second run finds nothing more to drop.
    expect((await pruneHistory(db, policy, now)).thinned).toBe(0);

    // Budget: 371 versions of 10 bytes against 1,000 bytes: the oldest go, the newest stays.
    const tight = await pruneHistory(db, { ...policy, budgetBytes: 1000 }, now);
    expect(tight.overBudget).toBe(271);
    const left = await db
      .selectFrom('note_versions')
      .select(['id'])
      .where('note_id', '=', note.id)
      .orderBy('created_at', 'desc')
      .execute();
    expect(left).toHaveLength(100);
    expect(left[0]?.id).toBe(`v-${note.id}-0`);
    // Never below one version per note, however small the budget.
    await pruneHistory(db, { ...policy, budgetBytes: 1 }, now);
    const last = await db.selectFrom('note_versions').select('id').where('note_id', '=', note.id).execute();
    expect(last.map((row) => row.id)).toEqual([`v-${note.id}-0`]);
  });
});
