import { MAX_DRAFT_SLOTS, MAX_NOTE_CONTENT_LENGTH } from '@notewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, nextMillisecond, request, signUp, startTestApp, type TestApp } from './helpers';

describe.each(dialects)('drafts on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { DEMO_ACCOUNT: 'false' });
  });
  afterAll(async () => {
    await t.close();
    await t.testDb.destroy();
  });

  it('saves, replaces, reads back and clears a draft per user and kind', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const get = (cookie: string, kind = 'note_input') =>
      request(t.app, 'GET', `/api/drafts/${kind}`, { cookie });
    expect((await get(a.cookie)).json()).toEqual({ draft: null, slots: [] });

    expect(
      (
        await request(t.app, 'PUT', '/api/drafts/note_input', {
          cookie: a.cookie,
          body: { content: 'first' },
        })
      ).statusCode,
    ).toBe(204);
    await request(t.app, 'PUT', '/api/drafts/note_input', {
      cookie: a.cookie,
      body: { content: 'second thought' },
    });
    await request(t.app, 'PUT', '/api/drafts/note_edit', {
      cookie: a.cookie,
      body: { content: 'editing', noteId: 'n1', projectId: 'p1' },
    });

    expect((await get(a.cookie)).json().draft).toMatchObject({
      kind: 'note_input',
      content: 'second thought',
      noteId: null,
    });
    expect((await get(a.cookie, 'note_edit')).json().draft).toMatchObject({
      content: 'editing',
      noteId: 'n1',
      projectId: 'p1',
    });
    expect((await get(b.cookie)).json()).toEqual({ draft: null, slots: [] });

    expect((await request(t.app, 'DELETE', '/api/drafts/note_input', { cookie: a.cookie })).statusCode).toBe(
      204,
    );
    expect((await get(a.cookie)).json()).toEqual({ draft: null, slots: [] });
    expect((await get(a.cookie, 'note_edit')).json().draft).not.toBeNull();
  });

  it('refuses unknown kinds, unknown fields and signed-out callers', async () => {
    const a = await signUp(t.app);
    expect((await request(t.app, 'GET', '/api/drafts/other', { cookie: a.cookie })).statusCode).toBe(400);
    const extra = await request(t.app, 'PUT', '/api/drafts/note_input', {
      cookie: a.cookie,
      body: { content: 'x', user: 'y' },
    });
    expect(extra.statusCode).toBe(400);
    expect((await request(t.app, 'GET', '/api/drafts/note_input')).statusCode).toBe(401);
  });

  // Decision 103: one slot per browser tab, so one tab's save or clear never touches another's words.
  const slotPath = (slot: string, kind = 'note_input') => `/api/drafts/${kind}/slots/${slot}`;
  const TAB_A = '0b7a4c1e-7d2f-4b8e-9a51-3f6c2d8e9a10';
  const TAB_B = '5e3d9f20-1c4b-4a7e-8f62-9b0a7c3d1e24';

  it('keeps one draft per tab slot, beside the one saved without a slot, and clears only the slot named', async () => {
    const a = await signUp(t.app);
    const put = (path: string, content: string) =>
      request(t.app, 'PUT', path, { cookie: a.cookie, body: { content } });
    expect((await put(slotPath(TAB_A), 'alpha')).statusCode).toBe(204);
    expect((await put(slotPath(TAB_B), 'beta')).statusCode).toBe(204);
    expect((await put('/api/drafts/note_input', 'unslotted')).statusCode).toBe(204);
    // Saves in one millisecond tie on their time; the order asserted below needs them apart.
    await nextMillisecond();
    expect((await put(slotPath(TAB_A), 'alpha again')).statusCode).toBe(204);

    const read = async () =>
      (await request(t.app, 'GET', '/api/drafts/note_input', { cookie: a.cookie })).json();
    const first = await read();
    expect(first.draft).toMatchObject({ slot: null, content: 'unslotted' });
    // Oldest first: B was saved before A's second save.
    expect(first.slots.map((d: { slot: string; content: string }) => [d.slot, d.content])).toEqual([
      [TAB_B, 'beta'],
      [TAB_A, 'alpha again'],
    ]);

    expect((await request(t.app, 'DELETE', slotPath(TAB_B), { cookie: a.cookie })).statusCode).toBe(204);
    const second = await read();
    expect(second.draft.content).toBe('unslotted');
    expect(second.slots.map((d: { slot: string }) => d.slot)).toEqual([TAB_A]);
    // Clearing the unslotted draft leaves the tabs' slots.
    await request(t.app, 'DELETE', '/api/drafts/note_input', { cookie: a.cookie });
    expect((await read()).slots).toHaveLength(1);
  });

  it("never shows, replaces or clears another user's slot, even with its id", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    await request(t.app, 'PUT', slotPath(TAB_A), { cookie: a.cookie, body: { content: "a's words" } });
    // B uses A's slot id: a row of B's own.
    expect(
      (await request(t.app, 'PUT', slotPath(TAB_A), { cookie: b.cookie, body: { content: "b's words" } }))
        .statusCode,
    ).toBe(204);
    expect((await request(t.app, 'DELETE', slotPath(TAB_A), { cookie: b.cookie })).statusCode).toBe(204);
    const ofA = (await request(t.app, 'GET', '/api/drafts/note_input', { cookie: a.cookie })).json();
    expect(ofA.slots).toEqual([expect.objectContaining({ slot: TAB_A, content: "a's words" })]);
    const ofB = (await request(t.app, 'GET', '/api/drafts/note_input', { cookie: b.cookie })).json();
    expect(ofB).toEqual({ draft: null, slots: [] });
    expect((await request(t.app, 'PUT', slotPath(TAB_A), { body: { content: 'x' } })).statusCode).toBe(401);
  });

  it('refuses malformed slot ids, too long a draft and a slot past the cap', async () => {
    const a = await signUp(t.app);
    const put = (slot: string, content = 'x') =>
      request(t.app, 'PUT', slotPath(slot), { cookie: a.cookie, body: { content } });
    for (const slot of ['short', 'a'.repeat(65), 'has%20space', '..%2F..%2Fetc', 'tab.one.two']) {
      const refused = await put(slot);
      expect(refused.statusCode, slot).toBe(400);
      expect(refused.json().error.code).toBe('VALIDATION_ERROR');
    }
    const long = await put(TAB_A, 'x'.repeat(MAX_NOTE_CONTENT_LENGTH + 1));
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe('This draft is too long to save.');

    const slots = Array.from({ length: MAX_DRAFT_SLOTS }, (_, i) => `tab-${String(i).padStart(4, '0')}`);
    for (const slot of slots) expect((await put(slot)).statusCode).toBe(204);
    const full = await put('tab-one-too-many');
    expect(full.statusCode).toBe(409);
    expect(full.json().error).toMatchObject({ code: 'CONFLICT' });
    // A slot already kept still saves, and the draft saved without a slot is not counted.
    expect((await put(slots[0] as string, 'changed')).statusCode).toBe(204);
    expect(
      (await request(t.app, 'PUT', '/api/drafts/note_input', { cookie: a.cookie, body: { content: 'u' } }))
        .statusCode,
    ).toBe(204);
    await request(t.app, 'DELETE', slotPath(slots[1] as string), { cookie: a.cookie });
    expect((await put('tab-one-too-many')).statusCode).toBe(204);
  });
});
