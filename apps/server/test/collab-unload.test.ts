import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, request, signUp, type TestApp } from './helpers';
import { collabClient, typeParagraph, until } from './support/collab-client';
import { sharedProject, startListening, stopApp } from './support/suite-app';

const NOTHING_OPEN = { documents: 0, loading: 0, validators: 0, loaded: 0, editors: 0 };

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

  it('stores and unloads a document once its last editor leaves, keeps every edit, and holds nothing for it', async () => {
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
    await until(() => t.collab.openState().documents === 0, 3000, 'the document unloaded');
    expect(t.collab.openState()).toEqual(NOTHING_OPEN);
    const stored = await content(owner.cookie, noteId);
    expect(stored).toContain('from the owner');
    expect(stored).toContain('from the member');

    const again = collabClient(host, member.cookie, noteId);
    await again.synced;
    expect(again.text()).toContain('from the owner');
    expect(again.text()).toContain('from the member');
    again.destroy();
    await until(() => t.collab.openState().documents === 0, 3000, 'the document unloaded again');
    expect(t.collab.openState()).toEqual(NOTHING_OPEN);
  });

  it('keeps an edit that arrives as its editor leaves and the document unloads, and leaks no state', async () => {
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
      client.firstSocket().close();
      await until(() => t.collab.openState().documents === 0, 3000, 'the document unloaded');
      client.destroy();
    }
    // An update that came too late for its document was stored through a document of its own,
    // unloaded in turn.
    await until(
      () => JSON.stringify(t.collab.openState()) === JSON.stringify(NOTHING_OPEN),
      5000,
      `nothing open (${JSON.stringify(t.collab.openState())})`,
    );

    const reader = collabClient(host, owner.cookie, noteId);
    await reader.synced;
    for (const text of sent) expect(reader.text()).toContain(text);
    reader.destroy();
    await until(() => t.collab.openState().documents === 0, 3000, 'the document unloaded');
    const stored = await content(owner.cookie, noteId);
    for (const text of sent) expect(stored).toContain(text);
    expect(t.collab.openState()).toEqual(NOTHING_OPEN);
  });
});
