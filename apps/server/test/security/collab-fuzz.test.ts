/**
 * Co-editing under hostile updates, on real sockets against the real app (SQLite,
 * and PostgreSQL with TEST_DATABASE_URL): held-back structs, size caps, attributes, and a seeded fuzz
 * of random and adversarial Yjs updates from several clients. Decision 040.
 */
import type { AddressInfo } from 'node:net';
import { editorSchema, isSafeLinkHref, sanitizeMarkdown } from '@notewise/editor';
import { MAX_NOTE_CONTENT_LENGTH } from '@notewise/shared';
import { yDocToProsemirrorJSON } from '@tiptap/y-tiptap';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { COLLAB_FIELD, markdownFromYdoc } from '../../src/realtime/collab';
import { dialects, request, signUp, startTestApp, type TestApp } from '../helpers';
import { collabClient as openCollabClient, until } from '../support/collab-client';

const FIELD = COLLAB_FIELD;

// lib0 encoding, as the Hocuspocus provider writes its messages.
function varUint(value: number): number[] {
  const bytes: number[] = [];
  let rest = value;
  while (rest > 0x7f) {
    bytes.push((rest & 0x7f) | 0x80);
    rest = Math.floor(rest / 128);
  }
  bytes.push(rest);
  return bytes;
}
const varBytes = (data: Uint8Array) => Buffer.concat([Buffer.from(varUint(data.byteLength)), data]);
const varString = (text: string) => varBytes(Buffer.from(text));

function readHeader(data: Buffer): { type: number; next: number } {
  let offset = 0;
  const read = () => {
    let value = 0;
    let multiplier = 1;
    for (;;) {
      const byte = data[offset] ?? 0;
      offset += 1;
      value += (byte & 0x7f) * multiplier;
      if (byte < 0x80) return value;
      multiplier *= 128;
    }
  };
  const nameLength = read();
  offset += nameLength;
  const type = read();
  return { type, next: offset < data.length ? read() : -1 };
}

const cleanups: Array<() => void> = [];

/**
 * One co-editing connection spoken by hand, as a crafted client would: authenticate for the note,
 * send one sync update, and report what the server did: 'accepted' (acknowledged) or the close code.
 */
function sendRaw(
  host: string,
  cookie: string,
  noteId: string,
  update: Uint8Array,
): Promise<'accepted' | number> {
  const name = `note:${noteId}`;
  const socket = new WebSocket(`ws://${host}/collab`, { headers: { cookie, origin: `http://${host}` } });
  cleanups.push(() => socket.terminate());
  return new Promise((resolve, reject) => {
    let outcome: 'accepted' | null = null;
    const timer = setTimeout(() => reject(new Error('no answer to a crafted update')), 10_000);
    socket.once('open', () =>
      socket.send(Buffer.concat([varString(name), Buffer.from([2, 0]), varString('cookie')])),
    );
    socket.on('message', (data: Buffer) => {
      const { type, next } = readHeader(data);
      if (type === 2 && next === 2) {
        socket.send(Buffer.concat([varString(name), Buffer.from([0, 2]), varBytes(update)]));
      } else if (type === 8 && outcome === null) {
        outcome = 'accepted';
        socket.close();
      }
    });
    socket.once('close', (code) => {
      clearTimeout(timer);
      resolve(outcome ?? code);
    });
  });
}

/** A co-editing client as the web app makes one (Hocuspocus provider, session cookie). */
function collabClient(host: string, cookie: string, noteId: string) {
  const client = openCollabClient(host, cookie, noteId);
  cleanups.push(client.destroy);
  return { ...client, text: () => client.text(FIELD) };
}

/** An update from a new client: a `nodeName` element right after `origin`'s next item, which does not exist yet. */
function afterFutureItem(base: Y.Doc, origin: number, nodeName: string, forgerId = 777_000): Uint8Array {
  const forger = new Y.Doc();
  Y.applyUpdate(forger, Y.encodeStateAsUpdate(base));
  forger.clientID = origin;
  const fragment = forger.getXmlFragment(FIELD);
  fragment.insert(fragment.length, [new Y.XmlElement('paragraph')]);
  const known = Y.encodeStateVector(forger);
  forger.clientID = forgerId;
  fragment.insert(fragment.length, [new Y.XmlElement(nodeName)]);
  return Y.encodeStateAsUpdate(forger, known);
}

/** What the live document must always be: the schema's, checked, nothing held back, within the caps. */
function assertSound(live: Y.Doc) {
  expect([...live.share.keys()]).toEqual([FIELD]);
  expect(live.store.pendingStructs).toBeNull();
  expect(live.store.pendingDs).toBeNull();
  editorSchema.nodeFromJSON(yDocToProsemirrorJSON(live, FIELD)).check();
  const walk = (type: Y.XmlElement | Y.XmlFragment) => {
    for (const child of type.toArray()) {
      if (child instanceof Y.XmlElement) {
        const allowed = Object.keys(editorSchema.nodes[child.nodeName]?.spec.attrs ?? {});
        for (const name of Object.keys(child.getAttributes())) expect(allowed).toContain(name);
        walk(child);
      } else if (child instanceof Y.XmlText) {
        for (const op of child.toDelta() as Array<{ attributes?: Record<string, { href?: unknown }> }>) {
          if (op.attributes?.link) expect(isSafeLinkHref(op.attributes.link.href)).toBe(true);
        }
      }
    }
  };
  walk(live.getXmlFragment(FIELD));
  expect(markdownFromYdoc(live).length).toBeLessThanOrEqual(MAX_NOTE_CONTENT_LENGTH + 2);
}

/** A small seeded generator (mulberry32): the same seed tries the same updates. */
function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const int = (below: number) => Math.floor(next() * below);
  const pick = <T>(values: readonly T[]): T => values[int(values.length)] as T;
  return { next, int, pick };
}
type Random = ReturnType<typeof seeded>;

const FUZZ_SEED = 40_2026;
const FUZZ_UPDATES = 120;
/** Crafted clients at a time. */
const FUZZ_PARALLEL = 6;

function textParagraph(text: string, marks: Record<string, unknown> = {}): Y.XmlElement {
  const element = new Y.XmlElement('paragraph');
  const yText = new Y.XmlText();
  element.insert(0, [yText]);
  yText.insert(0, text, marks);
  return element;
}

function element(
  name: string,
  attributes: Record<string, unknown>,
  children: Array<Y.XmlElement | Y.XmlText>,
) {
  const node = new Y.XmlElement(name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value as string);
  node.insert(0, children);
  return node;
}

/** A change from a new client on a copy of `base`; the update carries only that change. */
function changeOn(base: Y.Doc, edit: (fragment: Y.XmlFragment, doc: Y.Doc) => void): Uint8Array {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, Y.encodeStateAsUpdate(base));
  const before = Y.encodeStateVector(doc);
  doc.transact(() => edit(doc.getXmlFragment(FIELD), doc));
  return Y.encodeStateAsUpdate(doc, before);
}

const words = ['alpha', 'beta', 'gamma', 'delta', 'note', 'plan', 'ship', 'later'];
const sentence = (random: Random) =>
  Array.from({ length: 1 + random.int(6) }, () => random.pick(words)).join(' ');

/** What the editor could send: valid blocks, palette marks, safe links. */
function validBlock(random: Random): Y.XmlElement {
  switch (random.int(6)) {
    case 0:
      return element('heading', { level: 1 + random.int(6) }, [new Y.XmlText(sentence(random))]);
    case 1:
      return element('bulletList', { tight: true }, [
        element('listItem', {}, [textParagraph(sentence(random))]),
      ]);
    case 2:
      return element('codeBlock', { language: random.pick(['ts', 'sh', 'sql']) }, [
        new Y.XmlText(sentence(random)),
      ]);
    case 3:
      return textParagraph(sentence(random), {
        link: { href: random.pick(['https://example.com', '/notes/1', 'mailto:a@b.c']) },
      });
    case 4:
      return textParagraph(sentence(random), {
        textStyle: { color: '#ef4444', fontSize: random.pick(['14px', '18px']) },
        highlight: { color: '#bbf7d0' },
      });
    default:
      return textParagraph(sentence(random), random.int(2) ? { bold: {} } : {});
  }
}

/**
 * The fuzz's updates: what each is, what the server must do with it (`refused`: close 4422,
 * `accepted`, `either`: random bytes and mutations, judged by the document's soundness alone).
 */
const FUZZ_CASES: ReadonlyArray<{
  name: string;
  expect: 'refused' | 'accepted' | 'either';
  make: (base: Y.Doc, random: Random, honestClients: number[]) => Uint8Array;
}> = [
  {
    name: 'valid block',
    expect: 'accepted',
    make: (base, random) => changeOn(base, (f) => f.push([validBlock(random)])),
  },
  {
    name: 'valid typing',
    expect: 'accepted',
    make: (base, random) =>
      changeOn(base, (f) => {
        const target = f
          .toArray()
          .find((node) => node instanceof Y.XmlElement && node.nodeName === 'paragraph');
        const text = target instanceof Y.XmlElement ? target.get(0) : null;
        if (text instanceof Y.XmlText) text.insert(0, `${random.pick(words)} `);
        else f.push([textParagraph(sentence(random))]);
      }),
  },
  {
    name: 'held back after a future item',
    expect: 'refused',
    make: (base, random, honestClients) => {
      const forger = 500_000 + random.int(1e6);
      // A co-editor's next item exists once they type: then only an invalid node is refused for sure.
      if (random.int(2)) {
        return afterFutureItem(
          base,
          random.pick(honestClients),
          random.pick(['no_such_node', 'iframe']),
          forger,
        );
      }
      // The live document's own client never makes items (REST edits come as logged updates).
      const origin = random.pick([base.clientID, 123_456]);
      return afterFutureItem(base, origin, random.pick(['no_such_node', 'paragraph']), forger);
    },
  },
  {
    name: 'a gap before its structs',
    expect: 'refused',
    make: (base, random) => {
      const doc = new Y.Doc();
      Y.applyUpdate(doc, Y.encodeStateAsUpdate(base));
      doc.getXmlFragment(FIELD).push([textParagraph(sentence(random))]);
      const before = Y.encodeStateVector(doc);
      doc.getXmlFragment(FIELD).push([textParagraph(sentence(random))]);
      return Y.encodeStateAsUpdate(doc, before);
    },
  },
  {
    name: 'a deletion of items the document lacks',
    expect: 'refused',
    make: (base, random) => {
      const doc = new Y.Doc();
      Y.applyUpdate(doc, Y.encodeStateAsUpdate(base));
      doc.getXmlFragment(FIELD).push([textParagraph(sentence(random))]);
      const before = Y.encodeStateVector(doc);
      doc.getXmlFragment(FIELD).delete(doc.getXmlFragment(FIELD).length - 1, 1);
      return Y.encodeStateAsUpdate(doc, before);
    },
  },
  {
    name: 'an unknown node',
    expect: 'refused',
    make: (base, random) =>
      changeOn(base, (f) => {
        const bad = new Y.XmlElement(random.pick(['script', 'iframe', 'no_such_node', 'doc', 'text']));
        f.push([random.int(2) ? bad : element('blockquote', {}, [bad])]);
      }),
  },
  {
    name: 'an unknown mark',
    expect: 'refused',
    make: (base, random) =>
      changeOn(base, (f) =>
        f.push([textParagraph('x', { [random.pick(['blink', 'script', 'bold--x'])]: {} })]),
      ),
  },
  {
    name: 'an unknown node attribute',
    expect: 'refused',
    make: (base, random) =>
      changeOn(base, (f) => {
        const node = textParagraph('x');
        node.setAttribute(random.pick(['style', 'onclick', 'data-x']), 'v'.repeat(1 + random.int(200_000)));
        f.push([node]);
      }),
  },
  {
    name: 'an unknown mark attribute',
    expect: 'refused',
    make: (base, random) =>
      changeOn(base, (f) =>
        f.push([
          textParagraph(
            'x',
            random.int(2) ? { bold: { style: 'x' } } : { link: { href: '/a', onclick: 'x' } },
          ),
        ]),
      ),
  },
  {
    name: 'an unsafe link',
    expect: 'refused',
    make: (base, random) =>
      changeOn(base, (f) =>
        f.push([
          textParagraph('x', {
            link: {
              href: random.pick([
                'javascript:alert(1)',
                ' JaVaScRiPt:alert(1)',
                'java\tscript:x',
                'data:text/html,x',
                'vbscript:x',
              ]),
            },
          }),
        ]),
      ),
  },
  {
    name: 'a value outside the palette',
    expect: 'refused',
    make: (base, random) =>
      changeOn(base, (f) =>
        f.push([
          textParagraph(
            'x',
            random.pick([
              { textStyle: { color: 'red; background: url(x)' } },
              { textStyle: { fontSize: '300px' } },
              { highlight: { color: '#000000' } },
            ]),
          ),
        ]),
      ),
  },
  {
    name: 'an attribute over the length limit',
    expect: 'refused',
    make: (base) =>
      changeOn(base, (f) =>
        f.push([
          element('paragraph', {}, [element('image', { src: '/api/images/a', alt: 'a'.repeat(20_000) }, [])]),
        ]),
      ),
  },
  {
    name: 'another shared type',
    expect: 'refused',
    make: (base) => changeOn(base, (_f, doc) => doc.getMap('other').set('x', 'y')),
  },
  {
    name: 'a paragraph past the note length',
    expect: 'refused',
    make: (base) => changeOn(base, (f) => f.push([textParagraph('z'.repeat(MAX_NOTE_CONTENT_LENGTH + 10))])),
  },
  {
    name: 'random bytes',
    expect: 'either',
    make: (_base, random) => Uint8Array.from({ length: 1 + random.int(300) }, () => random.int(256)),
  },
  {
    name: 'a mutated valid update',
    expect: 'either',
    make: (base, random) => {
      const update = changeOn(base, (f) => f.push([validBlock(random)]));
      for (let i = 0; i <= random.int(3); i += 1) update[random.int(update.length)] = random.int(256);
      return random.int(4) ? update : update.subarray(0, random.int(update.length));
    },
  },
];

describe.each(dialects)('co-editing validation under attack on %s', (dialect) => {
  let t: TestApp;
  let host: string;
  const logs: Array<{ level: number; msg?: string; err?: unknown }> = [];

  beforeAll(async () => {
    t = await startTestApp(dialect, { DEMO_ACCOUNT: 'false', LOG_LEVEL: 'warn' }, undefined, {
      logger: true,
      logStream: { write: (line: string) => logs.push(JSON.parse(line)) },
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    host = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t.close();
    await t.testDb.destroy();
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) cleanup();
    await until(() => t.app.websocketServer.clients.size === 0, 5000, 'all sockets closed');
  });

  async function sharedNote(content: string) {
    const owner = await signUp(t.app);
    const member = await signUp(t.app);
    const project = (
      await request(t.app, 'POST', '/api/shared-projects', { cookie: owner.cookie, body: { name: 'Team' } })
    ).json();
    await request(t.app, 'POST', '/api/shared-projects/join', {
      cookie: member.cookie,
      body: { code: project.code },
    });
    const note = (
      await request(t.app, 'POST', '/api/notes', {
        cookie: owner.cookie,
        body: { projectId: project.id, content },
      })
    ).json();
    return { owner, member, note, live: () => t.collab.hocuspocus.documents.get(`note:${note.id}`) as Y.Doc };
  }

  const storedContent = async (cookie: string, noteId: string): Promise<string> =>
    (await request(t.app, 'GET', `/api/notes/${noteId}`, { cookie })).json().content;

  const patch = async (cookie: string, noteId: string, content: string) => {
    const { version } = (await request(t.app, 'GET', `/api/notes/${noteId}`, { cookie })).json();
    const response = await request(t.app, 'PATCH', `/api/notes/${noteId}`, {
      cookie,
      body: { content, version },
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  const failedStores = () => logs.filter((line) => String(line.msg).includes('failed to store'));

  it('the review’s held-back node: REST edit to learn S:N, a node after S:N, another REST edit — refused with 4422, never reaches a co-editor, the note stays storable', async () => {
    const { member, owner, note, live } = await sharedNote('Original text');
    const attacker = collabClient(host, member.cookie, note.id);
    await attacker.synced;

    // A REST edit (members may make them) shows the attacker the server's client and next clock.
    const before = Y.encodeStateVector(attacker.doc);
    await patch(member.cookie, note.id, 'After the first REST edit');
    await until(() => attacker.text().includes('first REST edit'), 5000, 'REST edit seen live');
    const grown = [...Y.decodeStateVector(Y.encodeStateVector(attacker.doc))].find(
      ([client, clock]) => clock > (Y.decodeStateVector(before).get(client) ?? 0),
    );
    expect(grown).toBeDefined();
    const [server] = grown as [number, number];

    const outcome = await sendRaw(
      host,
      member.cookie,
      note.id,
      afterFutureItem(attacker.doc, server, 'no_such_node'),
    );
    expect(outcome).toBe(4422);

    await patch(member.cookie, note.id, 'After the second REST edit');
    const fresh = collabClient(host, owner.cookie, note.id);
    await fresh.synced;
    await until(() => fresh.text().includes('second REST edit'), 5000, 'fresh co-editor synced');
    fresh.doc.transact(() => {
      const paragraph = new Y.XmlElement('paragraph');
      paragraph.insert(0, [new Y.XmlText('typed after')]);
      fresh.doc.getXmlFragment(FIELD).push([paragraph]);
    });
    await until(
      () => live().getXmlFragment(FIELD).toString().includes('typed after'),
      5000,
      'typing applied',
    );
    expect(fresh.text()).not.toContain('no_such_node');
    expect(fresh.closes).toEqual([]);
    assertSound(live());
    attacker.destroy();
    fresh.destroy();
    await until(
      async () => (await storedContent(owner.cookie, note.id)).includes('typed after'),
      10_000,
      'stored',
    );
    expect(await storedContent(owner.cookie, note.id)).toBe('After the second REST edit\n\ntyped after');
    expect(failedStores()).toEqual([]);
  });

  it('a node held back for a co-editor’s next keystroke is refused; the co-editor keeps typing', async () => {
    const { member, owner, note, live } = await sharedNote('Shared');
    const honest = collabClient(host, owner.cookie, note.id);
    await honest.synced;
    const type = (text: string) =>
      honest.doc.transact(() =>
        ((honest.doc.getXmlFragment(FIELD).get(0) as Y.XmlElement).get(0) as Y.XmlText).insert(0, text),
      );
    type('a');
    await until(() => live().getXmlFragment(FIELD).toString().includes('aShared'), 5000, 'typed');
    const outcome = await sendRaw(
      host,
      member.cookie,
      note.id,
      afterFutureItem(live(), honest.doc.clientID, 'no_such_node'),
    );
    expect(outcome).toBe(4422);
    type('b');
    await until(() => live().getXmlFragment(FIELD).toString().includes('baShared'), 5000, 'typed on');
    expect(honest.closes).toEqual([]);
    expect(honest.text()).not.toContain('no_such_node');
    assertSound(live());
  });

  it('held-back changes a REST edit finds in the live document are logged and dropped, never stored or sent', async () => {
    const { owner, member, note, live } = await sharedNote('Before');
    const honest = collabClient(host, owner.cookie, note.id);
    await honest.synced;
    // As if something got past the validator: applied to the live document directly.
    Y.applyUpdate(live(), afterFutureItem(live(), honest.doc.clientID, 'no_such_node'));
    expect(live().store.pendingStructs).not.toBeNull();

    await patch(member.cookie, note.id, 'REST text');
    await until(() => honest.text().includes('REST text'), 5000, 'REST edit seen live');
    expect(live().store.pendingStructs).toBeNull();
    expect(logs.some((line) => String(line.msg).includes('invalid after a REST edit'))).toBe(true);

    // The co-editor's next item is the one the held-back node waited for.
    honest.doc.transact(() =>
      ((honest.doc.getXmlFragment(FIELD).get(0) as Y.XmlElement).get(0) as Y.XmlText).insert(0, '!'),
    );
    await until(() => live().getXmlFragment(FIELD).toString().includes('!REST'), 5000, 'typed');
    expect(honest.closes).toEqual([]);
    const fresh = collabClient(host, member.cookie, note.id);
    await fresh.synced;
    expect(fresh.text()).not.toContain('no_such_node');
    assertSound(live());
    honest.destroy();
    fresh.destroy();
    await until(async () => (await storedContent(owner.cookie, note.id)) === '!REST text', 10_000, 'stored');
    expect(failedStores()).toEqual([]);
  });

  it('a 1.5 MB paragraph, a 1.5 MB unknown attribute and a javascript: link are refused (4422) and never reach co-editors', async () => {
    const { member, owner, note, live } = await sharedNote('Small note');
    const reader = collabClient(host, owner.cookie, note.id);
    await reader.synced;
    const base = () => {
      const doc = new Y.Doc();
      Y.applyUpdate(doc, Y.encodeStateAsUpdate(live()));
      return doc;
    };
    const append = (build: (doc: Y.Doc) => Y.XmlElement) => {
      const doc = base();
      const sv = Y.encodeStateVector(doc);
      doc.getXmlFragment(FIELD).push([build(doc)]);
      return Y.encodeStateAsUpdate(doc, sv);
    };
    const paragraph = (text: string, marks: Record<string, unknown> = {}) => {
      const element = new Y.XmlElement('paragraph');
      const yText = new Y.XmlText();
      element.insert(0, [yText]);
      yText.insert(0, text, marks);
      return element;
    };
    const rssBefore = process.memoryUsage().rss;
    for (let i = 0; i < 3; i += 1) {
      expect(
        await sendRaw(
          host,
          member.cookie,
          note.id,
          append(() => paragraph('x'.repeat(1_500_000))),
        ),
      ).toBe(4422);
    }
    const blob = append(() => {
      const element = paragraph('blob');
      element.setAttribute('data-blob', 'b'.repeat(1_500_000));
      return element;
    });
    expect(await sendRaw(host, member.cookie, note.id, blob)).toBe(4422);
    const link = append(() => paragraph('click me', { link: { href: 'javascript:alert(document.cookie)' } }));
    expect(await sendRaw(host, member.cookie, note.id, link)).toBe(4422);
    const ok = append(() => paragraph('a safe link', { link: { href: 'https://example.com' } }));
    expect(await sendRaw(host, member.cookie, note.id, ok)).toBe('accepted');

    await until(() => reader.text().includes('a safe link'), 5000, 'the safe link arrived');
    expect(reader.text()).not.toContain('javascript:');
    expect(reader.text()).not.toContain('data-blob');
    expect(reader.text().length).toBeLessThan(10_000);
    assertSound(live());
    const grown = process.memoryUsage().rss - rssBefore;
    expect(grown, `RSS grew ${Math.round(grown / 1e6)} MB`).toBeLessThan(200 * 1024 * 1024);
  });
  it('fuzz: seeded random and adversarial updates from several clients; nothing the schema refuses gets in, and the note keeps being stored', async () => {
    const { owner, member, note, live } = await sharedNote('# Fuzzed\n\nStart here');
    const honest = [collabClient(host, owner.cookie, note.id), collabClient(host, member.cookie, note.id)];
    await Promise.all(honest.map((client) => client.synced));
    const random = seeded(FUZZ_SEED);
    const typistRandom = seeded(FUZZ_SEED + 1);

    // Two co-editors type all along (paragraphs only, so every edit of theirs is valid).
    let typing = true;
    const typist = (async () => {
      while (typing) {
        const client = typistRandom.pick(honest);
        client.doc.transact(() => {
          const fragment = client.doc.getXmlFragment(FIELD);
          const paragraphs = fragment
            .toArray()
            .filter((node) => node instanceof Y.XmlElement && node.nodeName === 'paragraph');
          const target = paragraphs.length > 0 ? typistRandom.pick(paragraphs) : null;
          const text = target instanceof Y.XmlElement ? target.get(0) : null;
          if (text instanceof Y.XmlText && typistRandom.int(4) > 0)
            text.insert(typistRandom.int(text.length + 1), `${typistRandom.pick(words)} `);
          else fragment.push([textParagraph(sentence(typistRandom))]);
        });
        await new Promise((r) => setTimeout(r, 5 + typistRandom.int(25)));
      }
    })();

    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const counts = { tried: 0, refused: 0 };
    const began = Date.now();
    try {
      for (let batch = 0; batch < FUZZ_UPDATES / FUZZ_PARALLEL; batch += 1) {
        const attempts = Array.from({ length: FUZZ_PARALLEL }, async () => {
          const fuzzCase = random.pick(FUZZ_CASES);
          const update = fuzzCase.make(
            live(),
            random,
            honest.map((client) => client.doc.clientID),
          );
          const outcome = await sendRaw(host, member.cookie, note.id, update);
          counts.tried += 1;
          if (outcome !== 'accepted') counts.refused += 1;
          if (fuzzCase.expect === 'refused') expect(outcome, fuzzCase.name).toBe(4422);
          if (fuzzCase.expect === 'accepted') expect(outcome, fuzzCase.name).toBe('accepted');
          if (outcome !== 'accepted') expect([4422, 1003], fuzzCase.name).toContain(outcome);
        });
        await Promise.all(attempts);
        if (batch % 4 === 0) assertSound(live());
      }
    } finally {
      typing = false;
      await typist;
      consoleError.mockRestore();
    }
    console.log(
      `collab fuzz (${dialect}): tried ${counts.tried} updates, refused ${counts.refused} (${Date.now() - began} ms)`,
    );

    // The co-editors were never refused and hold exactly the live document.
    const liveText = () => live().getXmlFragment(FIELD).toString();
    await until(() => honest.every((client) => client.text() === liveText()), 10_000, 'co-editors converged');
    for (const client of honest) expect(client.closes).toEqual([]);
    assertSound(live());
    expect(counts.refused).toBeGreaterThan(FUZZ_UPDATES / 3);
    expect(counts.tried - counts.refused).toBeGreaterThan(5);

    // Stored as it is once everyone left.
    const expected = sanitizeMarkdown(markdownFromYdoc(live()));
    for (const client of honest) client.destroy();
    await until(async () => (await storedContent(owner.cookie, note.id)) === expected, 15_000, 'stored');
    expect(failedStores()).toEqual([]);
  }, 120_000);
});
