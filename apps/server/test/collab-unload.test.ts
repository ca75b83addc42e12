import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, request, signUp, type TestApp } from './helpers';
import { collabClient, typeParagraph, until } from './support/collab-client';
import { sharedProject, startListening, stopApp } from './support/suite-app';

const NOTHING_OPEN = { documents: 0, loading: 0, validators: 0, loaded: 0, editors: 0 };
/**
 * How long an unload may take once the last editor left: it waits for the document's store (a
 * database write, plus one already running): 10-435 ms at load 11-30, PostgreSQL included. Not a
 * product figure ("at once" means no store time-out is waited for: unloadImmediately), a ceiling
 * for a loaded machine; a document that never unloads still fails, saying what holds it (decision 094).
 */
const UNLOAD_CEILING_MS = 30_000;
/** A test's time limit: several unloads, each within the ceiling. */
const TEST_TIME_LIMIT_MS = 4 * UNLOAD_CEILING_MS;

describe.each(dialects)('co-edited documents unloaded when their editors leave, on %s', (dialect) => {
  let t: TestApp;
  let host: string;
  beforeAll(async () => {
    ({ t, host } = await startListening(dialect));
  });
  afterAll(() => stopApp(t));

  async function sharedNote(content: string) {
    const owner = await signUp(t.app);
    const member = await signUp(t.app);
    const project = await sharedProject(t, owner, [member]);
    const note = (
      await request(t.app, 'POST', '/api/notes', {
        cookie: owner.cookie,
        body: { projectId: project.id, content },
      })
    ).json();
    return { owner, member, noteId: note.id as string };
  }

  const content = async (cookie: string, noteId: string) =>
    (await request(t.app, 'GET', `/api/notes/${noteId}`, { cookie })).json().content as string;

  /** What holds each open document, for a failure to say why it did not unload. */
  const holders = () => {
    const { hocuspocus } = t.collab;
    return JSON.stringify({
      ...t.collab.openState(),
      unloading: [...hocuspocus.unloadingDocuments.keys()].length,
      open: [...hocuspocus.documents.values()].map((document) => ({
        connections: document.getConnectionsCount(),
        loading: document.isLoading,
        saveLocked: document.saveMutex.isLocked(),
        storeDebounced: hocuspocus.debouncer.isDebounced(`onStoreDocument-${document.name}`),
        storing: hocuspocus.debouncer.isCurrentlyExecuting(`onStoreDocument-${document.name}`),
      })),
    });
  };

  const openNothing = () => JSON.stringify(t.collab.openState()) === JSON.stringify(NOTHING_OPEN);

  const unloaded = (what: string) =>
    until(() => t.collab.openState().documents === 0, UNLOAD_CEILING_MS, what).catch((error: Error) => {
      throw new Error(`${error.message}: ${holders()}`);
    });

  it(
    'stores and unloads a document once its last editor leaves, keeps every edit, and holds nothing for it',
    async () => {
      // At once: the pending store runs when the last editor leaves (Hocuspocus' unloadImmediately).
      expect(t.collab.hocuspocus.configuration.unloadImmediately).toBe(true);
      const { owner, member, noteId } = await sharedNote('Agenda');
      const a = collabClient(host, owner.cookie, noteId);
      const b = collabClient(host, member.cookie, noteId);
      await Promise.all([a.synced, b.synced]);
      typeParagraph(a.doc, 'from the owner');
      typeParagraph(b.doc, 'from the member');
      await until(() => a.text().includes('from the member') && b.text().includes('from the owner'));
      await until(() => a.provider.unsyncedChanges === 0 && b.provider.unsyncedChanges === 0);
      expect(t.collab.openState().documents).toBe(1);

      a.destroy();
      expect(t.collab.openState().documents).toBe(1);
      b.destroy();
      // Unloaded at once (the pending store runs now), not after a time-out.
      await unloaded('the document unloaded');
      expect(t.collab.openState()).toEqual(NOTHING_OPEN);
      const stored = await content(owner.cookie, noteId);
      expect(stored).toContain('from the owner');
      expect(stored).toContain('from the member');

      const again = collabClient(host, member.cookie, noteId);
      await again.synced;
      expect(again.text()).toContain('from the owner');
      expect(again.text()).toContain('from the member');
      again.destroy();
      await unloaded('the document unloaded again');
      expect(t.collab.openState()).toEqual(NOTHING_OPEN);
    },
    TEST_TIME_LIMIT_MS,
  );

  it(
    'keeps an edit that arrives as its editor leaves and the document unloads, and leaks no state',
    async () => {
      const { owner, noteId } = await sharedNote('Start');
      const sent: string[] = [];
      for (let round = 0; round < 5; round += 1) {
        const client = collabClient(host, owner.cookie, noteId);
        await client.synced;
        const text = `typed while leaving ${round}`;
        typeParagraph(client.doc, text);
        sent.push(text);
        // A clean close right behind the update: the server reads the update, then the close, before
        // it has logged and applied the update; the document unloads with it still on its way.
        const socket = client.firstSocket();
        const answered = new Promise((resolve) => socket.once('close', resolve));
        socket.close();
        // The server answered the close (it has read the update and the close): the client goes
        // now, or its provider reconnects on a timer and a slow unload (a loaded machine) finds an
        // editor again, never to unload while the test waits (seen at load 16-30, decision 094).
        await answered;
        client.destroy();
        await unloaded('the document unloaded');
      }
      // An update that came too late for its document was stored through a document of its own,
      // unloaded in turn. Its log write may still be on its way when the first document is gone:
      // wait for the note to hold every edit (the event), not for a moment with nothing open.
      await until(
        async () => {
          const stored = await content(owner.cookie, noteId);
          return sent.every((text) => stored.includes(text)) && openNothing();
        },
        UNLOAD_CEILING_MS,
        'every edit stored and nothing open',
      ).catch((error: Error) => {
        throw new Error(`${error.message}: ${holders()}`);
      });

      const reader = collabClient(host, owner.cookie, noteId);
      await reader.synced;
      for (const text of sent) expect(reader.text()).toContain(text);
      reader.destroy();
      await unloaded('the document unloaded');
      const stored = await content(owner.cookie, noteId);
      for (const text of sent) expect(stored).toContain(text);
      expect(t.collab.openState()).toEqual(NOTHING_OPEN);
    },
    TEST_TIME_LIMIT_MS,
  );
});
