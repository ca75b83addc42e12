import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { sessionsByToken } from '../src/http/session';
import { createNoteDocumentStore } from '../src/modules/notes/note-document.store';
import { sharedNoteMembers } from '../src/modules/projects/membership.repo';
import { dialects, request, signUp, startTestApp, type TestApp } from './helpers';

/** A Yjs update that adds one paragraph's text to the note's fragment. */
function updateWith(doc: Y.Doc, text: string): Uint8Array {
  const before = Y.encodeStateVector(doc);
  doc.getXmlFragment('default').insert(0, [new Y.XmlText(text)]);
  return Y.encodeStateAsUpdate(doc, before);
}

describe.each(dialects)('co-editing: extensions, note documents and lookups on %s', (dialect) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let member: Awaited<ReturnType<typeof signUp>>;
  let stranger: Awaited<ReturnType<typeof signUp>>;
  let sharedNoteId: string;
  let personalNoteId: string;

  beforeAll(async () => {
    t = await startTestApp(dialect, { DEMO_ACCOUNT: 'false' });
    owner = await signUp(t.app);
    member = await signUp(t.app);
    stranger = await signUp(t.app);
    const shared = (
      await request(t.app, 'POST', '/api/shared-projects', { cookie: owner.cookie, body: { name: 'Team' } })
    ).json();
    await request(t.app, 'POST', '/api/shared-projects/join', {
      cookie: member.cookie,
      body: { code: shared.code },
    });
    const personal = (
      await request(t.app, 'POST', '/api/projects', { cookie: owner.cookie, body: { name: 'Mine' } })
    ).json();
    const createNote = async (projectId: string) =>
      (
        await request(t.app, 'POST', '/api/notes', {
          cookie: owner.cookie,
          body: { projectId, title: 'Doc', content: 'First text' },
        })
      ).json().id as string;
    sharedNoteId = await createNote(shared.id);
    personalNoteId = await createNote(personal.id);
  });
  afterAll(async () => {
    await t.close();
    await t.testDb.destroy();
  });

  it('runs its hooks in the order the rules need: auth, validation, persistence, logging', () => {
    const names = t.collab.hocuspocus.configuration.extensions
      .map((extension) => extension.extensionName)
      .filter((name) => name?.startsWith('notewise-'));
    expect(names).toEqual([
      'notewise-auth',
      'notewise-validation',
      'notewise-persistence',
      'notewise-logging',
    ]);
  });

  it('finds the members of shared notes only, for the sockets’ re-check', async () => {
    const pairs = await sharedNoteMembers(
      t.database.db,
      [sharedNoteId, personalNoteId, 'no-such-note'],
      [owner.user.id, member.user.id, stranger.user.id],
    );
    expect(pairs.map((pair) => `${pair.noteId}:${pair.userId}`).sort()).toEqual(
      [`${sharedNoteId}:${owner.user.id}`, `${sharedNoteId}:${member.user.id}`].sort(),
    );
  });

  it('reads sessions with their user and plan; unknown tokens are absent', async () => {
    const row = await t.database.db
      .selectFrom('sessions')
      .select('token')
      .where('user_id', '=', member.user.id)
      .executeTakeFirstOrThrow();
    const sessions = await sessionsByToken(t.database.db, [row.token, 'no-such-token']);
    expect([...sessions.keys()]).toEqual([row.token]);
    const session = sessions.get(row.token);
    expect(session?.userId).toBe(member.user.id);
    expect(session?.expiresAt.getTime()).toBeGreaterThan(Date.now());
    // A new account is on its PRO trial.
    expect(session?.plan).toBe('PRO');
    expect(session?.planExpiresAt).toBeInstanceOf(Date);
  });

  it('stores a note document: the update log, the Markdown mirror and compaction', async () => {
    const store = createNoteDocumentStore(t.database.db);
    expect(await store.read('no-such-note')).toBeNull();
    expect(await store.readContent('no-such-note')).toBeUndefined();

    const doc = new Y.Doc();
    const first = updateWith(doc, 'one');
    const folded = Y.snapshot(doc);
    const second = updateWith(doc, 'two');
    await store.logUpdate(sharedNoteId, first);
    await store.logUpdate(sharedNoteId, second);
    const read = await store.read(sharedNoteId);
    expect(read?.projectId).toBeTruthy();
    expect(read?.content).toContain('First text');
    expect(read?.updates.map((update) => [...update])).toEqual([[...first], [...second]]);
    expect(await store.notesWithLoggedUpdates()).toContain(sharedNoteId);

    const versionOf = async () =>
      (
        await t.database.db
          .selectFrom('notes')
          .select(['version', 'ydoc'])
          .where('id', '=', sharedNoteId)
          .executeTakeFirstOrThrow()
      ).version;
    const before = await versionOf();
    const state = Y.encodeStateAsUpdate(doc);
    // New text: stored, version moved on; only the updates the state contains leave the log.
    expect(
      await store.storeDocument(sharedNoteId, state, 'Changed text', (update) =>
        Y.snapshotContainsUpdate(folded, update),
      ),
    ).toBe(true);
    expect(await store.readContent(sharedNoteId)).toContain('Changed text');
    expect(await versionOf()).toBe(before + 1);
    expect((await store.read(sharedNoteId))?.updates.map((update) => [...update])).toEqual([[...second]]);

    // Same text: the state is kept, the version is not touched, nothing to announce.
    expect(await store.storeDocument(sharedNoteId, state, 'Changed text', () => true)).toBe(false);
    expect(await versionOf()).toBe(before + 1);
    expect((await store.read(sharedNoteId))?.updates).toEqual([]);

    // A rebuilt state replaces the log's base: the log goes with it. It is stored only over the
    // row as it was read (decision 044): a stale read stores nothing.
    await store.logUpdate(sharedNoteId, second);
    const current = await store.read(sharedNoteId);
    if (!current) throw new Error('note not found');
    const rebuilt = Y.encodeStateAsUpdate(new Y.Doc());
    expect(await store.seedState(sharedNoteId, rebuilt, { ...current, version: current.version - 1 })).toBe(
      false,
    );
    expect(await store.seedState(sharedNoteId, rebuilt, { ...current, ydoc: null })).toBe(false);
    expect(await store.seedState(sharedNoteId, rebuilt, current)).toBe(true);
    const after = await store.read(sharedNoteId);
    expect(after?.updates).toEqual([]);
    expect([...(after?.ydoc ?? [])]).toEqual([...rebuilt]);
    expect(await store.notesWithLoggedUpdates()).not.toContain(sharedNoteId);
  });
});
