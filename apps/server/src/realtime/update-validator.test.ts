import { docToMarkdown, editorSchema, markdownToDoc } from '@notewise/editor';
import { MAX_NOTE_CONTENT_LENGTH } from '@notewise/shared';
import {
  prosemirrorJSONToYDoc,
  prosemirrorJSONToYXmlFragment,
  yXmlFragmentToProsemirrorJSON,
} from '@tiptap/y-tiptap';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { MAX_ATTRIBUTE_LENGTH } from './node-rules';
import { checkDocument, MAX_COLLAB_STATE_BYTES, UpdateValidator } from './update-validator';

const FIELD = 'default';

/** A live document, a client in sync with it, and the update of one change the client makes. */
function setup() {
  const live = prosemirrorJSONToYDoc(editorSchema, markdownToDoc('# Title\n\nFirst **bold** line.'), FIELD);
  const client = new Y.Doc();
  Y.applyUpdate(client, Y.encodeStateAsUpdate(live));
  const validator = new UpdateValidator(live, FIELD);
  const change = (edit: (fragment: Y.XmlFragment, doc: Y.Doc) => void): Uint8Array => {
    const before = Y.encodeStateVector(client);
    client.transact(() => edit(client.getXmlFragment(FIELD), client));
    return Y.encodeStateAsUpdate(client, before);
  };
  const accept = (update: Uint8Array) => {
    validator.check(update);
    Y.applyUpdate(live, update);
  };
  return { live, client, validator, change, accept };
}

/** A Yjs table as the editor makes one: a header row, then body rows, a paragraph in each cell. */
function tableElement(rows: string[][], bodyCellAttributes: Record<string, unknown> = {}): Y.XmlElement {
  const table = new Y.XmlElement('table');
  table.insert(
    0,
    rows.map((cells, rowIndex) => {
      const row = new Y.XmlElement('tableRow');
      row.insert(
        0,
        cells.map((text) => {
          const cell = new Y.XmlElement(rowIndex === 0 ? 'tableHeader' : 'tableCell');
          if (rowIndex > 0) {
            for (const [name, value] of Object.entries(bodyCellAttributes))
              cell.setAttribute(name, value as string);
          }
          const paragraph = new Y.XmlElement('paragraph');
          paragraph.insert(0, [new Y.XmlText(text)]);
          cell.insert(0, [paragraph]);
          return cell;
        }),
      );
      return row;
    }),
  );
  return table;
}

/** A paragraph holding an image with these attributes. */
function imageParagraph(attributes: Record<string, string>): Y.XmlElement {
  const image = new Y.XmlElement('image');
  for (const [name, value] of Object.entries(attributes)) image.setAttribute(name, value);
  const paragraph = new Y.XmlElement('paragraph');
  paragraph.insert(0, [new Y.XmlText('see '), image]);
  return paragraph;
}

describe('co-editing update validation', () => {
  it('accepts the rich blocks and marks: table, code block, rule, image, strike, code, h6', () => {
    const { live, change, accept } = setup();
    accept(
      change((fragment) => {
        const code = new Y.XmlElement('codeBlock');
        code.setAttribute('language', 'ts');
        code.insert(0, [new Y.XmlText('const a = 1;\nreturn a;')]);
        const heading = new Y.XmlElement('heading');
        heading.setAttribute('level', 6 as unknown as string);
        heading.insert(0, [new Y.XmlText('Six')]);
        const marked = new Y.XmlElement('paragraph');
        const text = new Y.XmlText();
        marked.insert(0, [text]);
        fragment.insert(fragment.length, [
          tableElement([
            ['Name', 'Qty'],
            ['apples', '3'],
          ]),
          code,
          new Y.XmlElement('horizontalRule'),
          imageParagraph({ src: '/api/images/abc', alt: 'a fox' }),
          heading,
          marked,
        ]);
        text.insert(0, 'gone', { strike: {} });
        text.insert(4, ' and ', { strike: null });
        text.insert(9, 'npm test', { code: {} });
      }),
    );
    const stored = docToMarkdown(yXmlFragmentToProsemirrorJSON(live.getXmlFragment(FIELD)));
    expect(stored).toBe(
      [
        '# Title',
        'First **bold** line.',
        '| Name | Qty |\n| --- | --- |\n| apples | 3 |',
        '```ts\nconst a = 1;\nreturn a;\n```',
        '---',
        'see ![a fox](/api/images/abc)',
        '###### Six',
        '~~gone~~ and `npm test`',
      ].join('\n\n'),
    );
  });

  it('accepts what the editor produces: typing, new paragraphs, marks, deletions', () => {
    const { live, change, accept } = setup();
    accept(change((fragment) => ((fragment.get(1) as Y.XmlElement).get(0) as Y.XmlText).insert(0, 'Hi ')));
    accept(
      change((fragment) => {
        const paragraph = new Y.XmlElement('paragraph');
        paragraph.insert(0, [new Y.XmlText('new')]);
        fragment.insert(fragment.length, [paragraph]);
      }),
    );
    accept(
      change((fragment) =>
        ((fragment.get(2) as Y.XmlElement).get(0) as Y.XmlText).format(0, 3, { italic: {} }),
      ),
    );
    accept(change((fragment) => fragment.delete(0, 1)));
    expect(live.getXmlFragment(FIELD).toString()).toContain('Hi First');
  });

  it.each<readonly [string, (fragment: Y.XmlFragment, doc: Y.Doc) => unknown]>([
    ['an unknown node', (fragment: Y.XmlFragment) => fragment.insert(0, [new Y.XmlElement('iframe')])],
    [
      'an image with a javascript: source',
      (fragment: Y.XmlFragment) => fragment.insert(0, [imageParagraph({ src: 'javascript:alert(1)' })]),
    ],
    [
      'an image with a data: source',
      (fragment: Y.XmlFragment) =>
        fragment.insert(0, [imageParagraph({ src: 'data:image/svg+xml;base64,PHN2Zz4=' })]),
    ],
    ['an image without a source', (fragment: Y.XmlFragment) => fragment.insert(0, [imageParagraph({})])],
    [
      'an image at the top level',
      (fragment: Y.XmlFragment) => fragment.insert(0, [new Y.XmlElement('image')]),
    ],
    [
      'a paragraph inside a code block',
      (fragment: Y.XmlFragment) => {
        const code = new Y.XmlElement('codeBlock');
        code.insert(0, [new Y.XmlElement('paragraph')]);
        fragment.insert(0, [code]);
      },
    ],
    ...(
      [
        ['align', 'left; background: url(https://tracker.example/x)'],
        ['colspan', 'abc'],
        ['colspan', 1_000_000_000],
        ['colwidth', ['1px; background: red']],
      ] as const
    ).map(
      ([attribute, value]) =>
        [
          `a table cell with ${attribute} ${JSON.stringify(value)}`,
          (fragment: Y.XmlFragment) => {
            fragment.insert(0, [tableElement([['a'], ['b']], { [attribute]: value })]);
          },
        ] as const,
    ),
    [
      'a code block language with a space (it becomes a class attribute)',
      (fragment: Y.XmlFragment) => {
        const code = new Y.XmlElement('codeBlock');
        code.setAttribute('language', 'js nw-admin');
        fragment.insert(0, [code]);
      },
    ],
    [
      'a list whose tight is not a boolean',
      (fragment: Y.XmlFragment) => {
        const list = new Y.XmlElement('bulletList');
        list.setAttribute('tight', 'yes');
        const item = new Y.XmlElement('listItem');
        item.insert(0, [new Y.XmlElement('paragraph')]);
        list.insert(0, [item]);
        fragment.insert(0, [list]);
      },
    ],
    [
      'a table cell outside a table',
      (fragment: Y.XmlFragment) => fragment.insert(0, [new Y.XmlElement('tableCell')]),
    ],
    [
      'a paragraph directly in a table',
      (fragment: Y.XmlFragment) => {
        const table = new Y.XmlElement('table');
        table.insert(0, [new Y.XmlElement('paragraph')]);
        fragment.insert(0, [table]);
      },
    ],
    [
      'an unknown node deep inside a list',
      (fragment: Y.XmlFragment) => {
        const list = new Y.XmlElement('bulletList');
        const item = new Y.XmlElement('listItem');
        item.insert(0, [new Y.XmlElement('script')]);
        list.insert(0, [item]);
        fragment.insert(0, [list]);
      },
    ],
    [
      'an unknown mark',
      (fragment: Y.XmlFragment) =>
        ((fragment.get(1) as Y.XmlElement).get(0) as Y.XmlText).format(0, 3, { blink: {} }),
    ],
    [
      'a list item at the top level',
      (fragment: Y.XmlFragment) => fragment.insert(0, [new Y.XmlElement('listItem')]),
    ],
    ['text at the top level', (fragment: Y.XmlFragment) => fragment.insert(0, [new Y.XmlText('loose')])],
    [
      'a heading inside a paragraph',
      (fragment: Y.XmlFragment) => (fragment.get(1) as Y.XmlElement).insert(0, [new Y.XmlElement('heading')]),
    ],
    [
      'another shared type',
      (_fragment: Y.XmlFragment, doc: Y.Doc) => doc.getMap('other').set('x', 'y'.repeat(10)),
    ],
  ])('refuses %s, leaves the document as it was, and accepts good updates after', (_name, edit) => {
    const { live, client, change, accept, validator } = setup();
    const before = live.getXmlFragment(FIELD).toString();
    const bad = change(edit as (fragment: Y.XmlFragment, doc: Y.Doc) => void);
    expect(() => validator.check(bad)).toThrow();
    expect(live.getXmlFragment(FIELD).toString()).toBe(before);

    // A fresh, honest client still gets its edits through (the rejected shadow was rebuilt).
    const honest = new Y.Doc();
    Y.applyUpdate(honest, Y.encodeStateAsUpdate(live));
    const sv = Y.encodeStateVector(honest);
    ((honest.getXmlFragment(FIELD).get(1) as Y.XmlElement).get(0) as Y.XmlText).insert(0, 'ok ');
    accept(Y.encodeStateAsUpdate(honest, sv));
    expect(live.getXmlFragment(FIELD).toString()).toContain('ok First');
    client.destroy();
  });
});

/** A live document holding this Markdown, with a validator and a way to make client updates on it. */
function liveNote(markdown: string) {
  const live = prosemirrorJSONToYDoc(editorSchema, markdownToDoc(markdown), FIELD);
  const validator = new UpdateValidator(live, FIELD);
  const clientOf = () => {
    const client = new Y.Doc();
    Y.applyUpdate(client, Y.encodeStateAsUpdate(live));
    return client;
  };
  const client = clientOf();
  const change = (edit: (fragment: Y.XmlFragment) => void, doc: Y.Doc = client): Uint8Array => {
    const before = Y.encodeStateVector(doc);
    doc.transact(() => edit(doc.getXmlFragment(FIELD)));
    return Y.encodeStateAsUpdate(doc, before);
  };
  const accept = (update: Uint8Array) => {
    validator.check(update);
    Y.applyUpdate(live, update);
  };
  return { live, validator, client, clientOf, change, accept };
}

/**
 * The review's update: from a new client, a `nodeName` element whose left origin is `origin`'s next
 * item (client `origin`, clock N), an item the live document does not have yet.
 */
function afterFutureItem(live: Y.Doc, origin: number, nodeName: string): Uint8Array {
  const forger = new Y.Doc();
  Y.applyUpdate(forger, Y.encodeStateAsUpdate(live));
  forger.clientID = origin;
  const fragment = forger.getXmlFragment(FIELD);
  fragment.insert(fragment.length, [new Y.XmlElement('paragraph')]);
  const known = Y.encodeStateVector(forger);
  forger.clientID = 777_777;
  fragment.insert(fragment.length, [new Y.XmlElement(nodeName)]);
  return Y.encodeStateAsUpdate(forger, known);
}

/** A REST edit as main applied it: the live text replaced in a server-side transaction. */
function restEdit(live: Y.Doc, markdown: string) {
  live.transact(() => {
    const fragment = live.getXmlFragment(FIELD);
    fragment.delete(0, fragment.length);
    prosemirrorJSONToYXmlFragment(editorSchema, markdownToDoc(markdown), fragment);
  }, 'rest');
}

function paragraphWith(text: string, marks: Record<string, unknown>): Y.XmlElement {
  const paragraph = new Y.XmlElement('paragraph');
  const yText = new Y.XmlText();
  paragraph.insert(0, [yText]);
  yText.insert(0, text, marks);
  return paragraph;
}

describe('co-editing updates that would integrate later (held back until a future item arrives)', () => {
  it('refuses a node placed after an item the document does not have yet, so a REST edit cannot let it in', () => {
    const { live, validator, clientOf } = liveNote('Hello');
    restEdit(live, 'After the first REST edit');
    const forged = afterFutureItem(live, live.clientID, 'no_such_node');
    expect(() => validator.check(forged)).toThrow(/missing/);
    // What main did next: applied it (held back), then the next REST edit created its origin.
    restEdit(live, 'After the second REST edit');
    const fresh = clientOf();
    expect(fresh.getXmlFragment(FIELD).toString()).not.toContain('no_such_node');
    expect(live.store.pendingStructs).toBeNull();
  });

  it('refuses a valid-looking paragraph after a co-editor’s next item (it would integrate when they type)', () => {
    const { live, validator, clientOf, change, accept } = liveNote('Hello');
    const honest = clientOf();
    accept(
      change((fragment) => ((fragment.get(0) as Y.XmlElement).get(0) as Y.XmlText).insert(0, 'A'), honest),
    );
    const forged = afterFutureItem(live, honest.clientID, 'paragraph');
    expect(() => validator.check(forged)).toThrow(/missing/);
    // The co-editor types on; nothing held back joins in, and their updates keep passing.
    accept(
      change((fragment) => ((fragment.get(0) as Y.XmlElement).get(0) as Y.XmlText).insert(0, 'B'), honest),
    );
    expect(live.getXmlFragment(FIELD).length).toBe(1);
  });

  it('refuses structs with a gap before them and deletions of items the document lacks', () => {
    const { validator, clientOf, change } = liveNote('Hello');
    const other = clientOf();
    change((fragment) => fragment.insert(0, [paragraphWith('first', {})]), other);
    const second = change((fragment) => fragment.insert(0, [paragraphWith('second', {})]), other);
    expect(() => validator.check(second)).toThrow(/missing/);

    const deleter = clientOf();
    const inserted = change((fragment) => fragment.insert(0, [paragraphWith('gone', {})]), deleter);
    const deletion = change((fragment) => fragment.delete(0, 1), deleter);
    expect(inserted.byteLength).toBeGreaterThan(0);
    expect(() => validator.check(deletion)).toThrow(/missing/);
  });

  it('keeps an honest client going after a refusal while its earlier update is still on its way to the live document', () => {
    const { validator, live, change } = liveNote('Hello');
    // Accepted, not applied yet (persistence logs it first).
    const first = change((fragment) => fragment.insert(1, [paragraphWith('one', {})]));
    validator.check(first);
    expect(() => validator.check(afterFutureItem(live, 999, 'no_such_node'))).toThrow();
    // Builds on `first`: the rebuilt shadow must still know it.
    const second = change((fragment) =>
      ((fragment.get(1) as Y.XmlElement).get(0) as Y.XmlText).insert(3, ' two'),
    );
    expect(() => validator.check(second)).not.toThrow();
  });

  it('a stored state whose changes wait for missing ones fails the document check (the load rebuilds it)', () => {
    const { live } = liveNote('Hello');
    const doc = new Y.Doc();
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(live));
    Y.applyUpdate(doc, afterFutureItem(live, live.clientID, 'paragraph'));
    expect(() => checkDocument(doc, FIELD)).toThrow(/missing|waiting/);
    expect(() => checkDocument(live, FIELD)).not.toThrow();
  });
});

describe('co-editing attributes (sizes and values the schema allows)', () => {
  const linkMark = (attributes: Record<string, unknown>) => ({
    link: { href: 'https://example.com', ...attributes },
  });

  it.each<readonly [string, Record<string, unknown>]>([
    ['a link to a page, with a title', linkMark({ title: 'Example' })],
    [
      'a pasted link with target, rel and class',
      linkMark({ target: '_self', rel: 'noopener', class: 'external' }),
    ],
    ['a relative link and a mailto: link', { link: { href: '/notes/1' } }],
    ['a palette text colour and size', { textStyle: { color: '#ef4444', fontSize: '18px' } }],
    ['a palette highlight', { highlight: { color: '#bbf7d0' } }],
    ['bold and italic', { bold: {}, italic: {} }],
  ])('accepts %s', (_name, marks) => {
    const { accept, change, live } = liveNote('Hello');
    accept(change((fragment) => fragment.insert(1, [paragraphWith('marked', marks)])));
    expect(live.getXmlFragment(FIELD).length).toBe(2);
  });

  it('accepts what the Markdown path makes: a numbered list from 3, a task list, a level-3 heading', () => {
    const { accept, change, live } = liveNote('Hello');
    accept(
      change((fragment) => {
        const list = new Y.XmlElement('orderedList');
        list.setAttribute('start', 3 as unknown as string);
        list.setAttribute('tight', true as unknown as string);
        const item = new Y.XmlElement('listItem');
        item.insert(0, [paragraphWith('third', {})]);
        list.insert(0, [item]);
        const tasks = new Y.XmlElement('taskList');
        const task = new Y.XmlElement('taskItem');
        task.setAttribute('checked', true as unknown as string);
        task.insert(0, [paragraphWith('done', {})]);
        tasks.insert(0, [task]);
        const heading = new Y.XmlElement('heading');
        heading.setAttribute('level', 3 as unknown as string);
        heading.insert(0, [new Y.XmlText('Three')]);
        fragment.insert(1, [list, tasks, heading]);
      }),
    );
    expect(docToMarkdown(yXmlFragmentToProsemirrorJSON(live.getXmlFragment(FIELD)))).toBe(
      'Hello\n\n3. third\n\n- [x] done\n\n### Three',
    );
  });

  it.each<readonly [string, (fragment: Y.XmlFragment) => void]>([
    [
      'a javascript: link',
      (fragment) =>
        fragment.insert(0, [paragraphWith('click', linkMark({ href: 'javascript:alert(document.cookie)' }))]),
    ],
    [
      'a data: link',
      (fragment) => fragment.insert(0, [paragraphWith('x', { link: { href: 'data:text/html,<b>' } })]),
    ],
    [
      'a link without a target URL',
      (fragment) => fragment.insert(0, [paragraphWith('x', { link: { href: 42 } })]),
    ],
    [
      'an unknown link attribute',
      (fragment) => fragment.insert(0, [paragraphWith('x', linkMark({ onclick: 'x()' }))]),
    ],
    [
      'a colour outside the palette',
      (fragment) => fragment.insert(0, [paragraphWith('x', { textStyle: { color: '#123456' } })]),
    ],
    [
      'a colour smuggling CSS',
      (fragment) =>
        fragment.insert(0, [paragraphWith('x', { textStyle: { color: 'red; background: url(x)' } })]),
    ],
    [
      'a font size outside the palette',
      (fragment) => fragment.insert(0, [paragraphWith('x', { textStyle: { fontSize: '400px' } })]),
    ],
    [
      'a highlight outside the palette',
      (fragment) => fragment.insert(0, [paragraphWith('x', { highlight: { color: '#000000' } })]),
    ],
    [
      'bold carrying 100 kB',
      (fragment) => fragment.insert(0, [paragraphWith('x', { bold: 'b'.repeat(100_000) })]),
    ],
    [
      'bold with an attribute',
      (fragment) => fragment.insert(0, [paragraphWith('x', { bold: { weight: 900 } })]),
    ],
    [
      'a mark under a hashed name',
      (fragment) => fragment.insert(0, [paragraphWith('x', { 'bold--abc': {} })]),
    ],
    [
      'a 1.5 MB unknown attribute on a paragraph',
      (fragment) => {
        const paragraph = paragraphWith('x', {});
        paragraph.setAttribute('data-blob', 'x'.repeat(1_500_000));
        fragment.insert(0, [paragraph]);
      },
    ],
    [
      'an attribute on a text',
      (fragment) => {
        const text = new Y.XmlText('x');
        text.setAttribute('style', 'color: red');
        const paragraph = new Y.XmlElement('paragraph');
        paragraph.insert(0, [text]);
        fragment.insert(0, [paragraph]);
      },
    ],
    [
      'an image alt text over the attribute limit',
      (fragment) =>
        fragment.insert(0, [
          imageParagraph({ src: '/api/images/a', alt: 'a'.repeat(MAX_ATTRIBUTE_LENGTH + 1) }),
        ]),
    ],
    [
      'a heading of level 7',
      (fragment) => {
        const heading = new Y.XmlElement('heading');
        heading.setAttribute('level', 7 as unknown as string);
        fragment.insert(0, [heading]);
      },
    ],
    [
      'a list item checked with a string',
      (fragment) => {
        const tasks = new Y.XmlElement('taskList');
        const task = new Y.XmlElement('taskItem');
        task.setAttribute('checked', 'yes');
        task.insert(0, [paragraphWith('x', {})]);
        tasks.insert(0, [task]);
        fragment.insert(0, [tasks]);
      },
    ],
    [
      'an embed in text',
      (fragment) => {
        const text = new Y.XmlText();
        const paragraph = new Y.XmlElement('paragraph');
        paragraph.insert(0, [text]);
        text.insertEmbed(0, { script: 'x' });
        fragment.insert(0, [paragraph]);
      },
    ],
  ])('refuses %s', (_name, edit) => {
    const { validator, change, live } = liveNote('Hello');
    const before = live.getXmlFragment(FIELD).toString();
    expect(() => validator.check(change(edit))).toThrow();
    expect(live.getXmlFragment(FIELD).toString()).toBe(before);
  });

  it('refuses a javascript: link added to existing text as formatting', () => {
    const { validator, change } = liveNote('Hello world');
    const update = change((fragment) =>
      ((fragment.get(0) as Y.XmlElement).get(0) as Y.XmlText).format(
        0,
        5,
        linkMark({ href: 'javascript:alert(1)' }),
      ),
    );
    expect(() => validator.check(update)).toThrow(/href/);
  });
});

describe('co-editing size caps', () => {
  it('refuses a 1.5 MB paragraph at once, and growth past MAX_NOTE_CONTENT_LENGTH one append at a time', () => {
    const { validator, change, accept, live, clientOf } = liveNote('Short');
    expect(() =>
      validator.check(change((fragment) => fragment.insert(1, [paragraphWith('x'.repeat(1_500_000), {})]))),
    ).toThrow(/too long/);

    // A client that reconnected (its refused paragraph gone), appending 100,000 characters at a time.
    const writer = clientOf();
    const block = 'y'.repeat(99_998);
    let appended = 0;
    let refusal = '';
    while (!refusal && appended < 12) {
      const update = change(
        (fragment) => fragment.insert(fragment.length, [paragraphWith(block, {})]),
        writer,
      );
      try {
        accept(update);
        appended += 1;
      } catch (error) {
        refusal = String(error);
      }
    }
    expect(refusal).toMatch(/too long/);
    const stored = docToMarkdown(yXmlFragmentToProsemirrorJSON(live.getXmlFragment(FIELD)));
    expect(appended).toBe(9);
    expect(stored.length).toBeLessThanOrEqual(MAX_NOTE_CONTENT_LENGTH);
    expect(stored.length + 100_000).toBeGreaterThan(MAX_NOTE_CONTENT_LENGTH);
  });

  it('lets a note already over the cap shrink, and refuses it growing', () => {
    const { validator, change, accept, clientOf } = liveNote(
      Array.from({ length: 11 }, () => 'z'.repeat(99_990)).join('\n\n'),
    );
    expect(() =>
      validator.check(
        change((fragment) => ((fragment.get(0) as Y.XmlElement).get(0) as Y.XmlText).insert(0, 'more')),
      ),
    ).toThrow(/too long/);
    expect(() => accept(change((fragment) => fragment.delete(0, 1), clientOf()))).not.toThrow();
  });

  it('refuses growth of the encoded state past MAX_COLLAB_STATE_BYTES that the text does not show', () => {
    const { validator, change, live } = liveNote('Hello');
    // Links whose `class` (no Markdown form) carries 16 kB each: 960 kB of state per update.
    const heavy = (round: number) =>
      change((fragment) => {
        const paragraph = new Y.XmlElement('paragraph');
        const text = new Y.XmlText();
        paragraph.insert(0, [text]);
        fragment.insert(fragment.length, [paragraph]);
        for (let i = 0; i < 60; i += 1) {
          text.insert(i, 'l', {
            link: { href: `/r${round}-${i}`, class: String(i % 10).repeat(MAX_ATTRIBUTE_LENGTH) },
          });
        }
      });
    let accepted = 0;
    let refusal = '';
    while (!refusal && accepted < 20) {
      const update = heavy(accepted);
      try {
        validator.check(update);
        Y.applyUpdate(live, update);
        accepted += 1;
      } catch (error) {
        refusal = String(error);
        expect(Y.encodeStateAsUpdate(live).byteLength + update.byteLength).toBeGreaterThan(
          MAX_COLLAB_STATE_BYTES,
        );
      }
    }
    expect(refusal).toMatch(/state too large/);
    expect(accepted).toBeGreaterThan(1);
    expect(Y.encodeStateAsUpdate(live).byteLength).toBeLessThanOrEqual(MAX_COLLAB_STATE_BYTES);
    // The text stayed short: the state cap, not the text cap, refused it.
    const text = docToMarkdown(yXmlFragmentToProsemirrorJSON(live.getXmlFragment(FIELD)));
    expect(text.length).toBeLessThan(100_000);
  });

  it('keeps a keystroke in a long note cheap (the caps measure the touched paragraph, not the note)', () => {
    const markdown = Array.from(
      { length: 2000 },
      (_, i) => `Paragraph ${i} ${'lorem ipsum '.repeat(37)}`,
    ).join('\n\n');
    const { accept, change } = liveNote(markdown);
    accept(change((fragment) => ((fragment.get(1000) as Y.XmlElement).get(0) as Y.XmlText).insert(0, 'x')));
    const times: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      const update = change((fragment) =>
        ((fragment.get(1000) as Y.XmlElement).get(0) as Y.XmlText).insert(0, 'k'),
      );
      const start = performance.now();
      accept(update);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const median = times[20] ?? Number.POSITIVE_INFINITY;
    // Measuring the whole 900,000-character note costs about a second; a paragraph well under 1 ms.
    expect(median, `median ${median.toFixed(2)} ms per keystroke`).toBeLessThan(50);
  });
});

/** Appends a raw item (as a crafted client can) after `parent`'s last one. */
function appendItem(doc: Y.Doc, parent: Y.AbstractType<unknown>, content: Y.ContentFormat) {
  doc.transact((transaction) => {
    let last = parent._start;
    while (last?.right) last = last.right;
    const id = Y.createID(doc.clientID, Y.getState(doc.store, doc.clientID));
    new Y.Item(id, last, last ? last.lastId : null, null, null, parent, null, content).integrate(
      transaction,
      0,
    );
  });
}

describe('formatting items no view shows (hidden bulk)', () => {
  it.each([
    ['at the end of a text, under an unknown mark', 'text', 'blink', { payload: 'x'.repeat(100_000) }],
    ['at the end of a text, a link to javascript:', 'text', 'link', { href: 'javascript:alert(1)' }],
    ['in a paragraph, outside any text', 'element', 'bold', {}],
    ['at the top level', 'fragment', 'bold', {}],
  ] as const)('refuses one %s', (_name, where, key, value) => {
    const { validator, client, live } = liveNote('Hello');
    const before = Y.encodeStateVector(client);
    const paragraph = client.getXmlFragment(FIELD).get(0) as Y.XmlElement;
    const parent =
      where === 'text' ? paragraph.get(0) : where === 'element' ? paragraph : client.getXmlFragment(FIELD);
    appendItem(client, parent as Y.AbstractType<unknown>, new Y.ContentFormat(key, value));
    expect(() => validator.check(Y.encodeStateAsUpdate(client, before))).toThrow();
    expect(live.getXmlFragment(FIELD).toString()).toBe('<paragraph>Hello</paragraph>');
  });

  it('accepts a trailing item that ends a schema mark (what text editing leaves behind)', () => {
    const { validator, client } = liveNote('Hello');
    const before = Y.encodeStateVector(client);
    const text = (client.getXmlFragment(FIELD).get(0) as Y.XmlElement).get(0) as Y.XmlText;
    appendItem(
      client,
      text as unknown as Y.AbstractType<unknown>,
      new Y.ContentFormat('bold', null as unknown as object),
    );
    expect(() => validator.check(Y.encodeStateAsUpdate(client, before))).not.toThrow();
  });
});

describe('co-editing validation between validated updates (the catch-up skipped)', () => {
  /** A live note whose validator trusts updates applied with the origin 'client' (Hocuspocus: the connection). */
  function trustedLive(markdown: string) {
    const live = prosemirrorJSONToYDoc(editorSchema, markdownToDoc(markdown), FIELD);
    const validator = new UpdateValidator(live, FIELD, (origin) => origin === 'client');
    const clientOf = () => {
      const doc = new Y.Doc();
      Y.applyUpdate(doc, Y.encodeStateAsUpdate(live));
      return doc;
    };
    const change = (doc: Y.Doc, edit: (fragment: Y.XmlFragment) => void): Uint8Array => {
      const before = Y.encodeStateVector(doc);
      doc.transact(() => edit(doc.getXmlFragment(FIELD)));
      return Y.encodeStateAsUpdate(doc, before);
    };
    const accept = (update: Uint8Array) => {
      validator.check(update);
      Y.applyUpdate(live, update, 'client');
    };
    return { live, validator, clientOf, change, accept };
  }

  it('still refuses a node the schema does not know after many validated keystrokes', () => {
    const { live, clientOf, change, accept, validator } = trustedLive('Start');
    const writer = clientOf();
    accept(change(writer, (fragment) => fragment.insert(fragment.length, [paragraphWith('', {})])));
    for (let i = 0; i < 50; i += 1) {
      accept(
        change(writer, (fragment) =>
          ((fragment.get(fragment.length - 1) as Y.XmlElement).get(0) as Y.XmlText).insert(i, 'k'),
        ),
      );
    }
    expect(() =>
      validator.check(change(writer, (fragment) => fragment.insert(0, [new Y.XmlElement('script')]))),
    ).toThrow();
    expect(docToMarkdown(yXmlFragmentToProsemirrorJSON(live.getXmlFragment(FIELD)))).toContain(
      'k'.repeat(50),
    );
  });

  it('sees what another instance added before the next check: growth past the cap is refused', () => {
    const { live, clientOf, change, accept, validator } = trustedLive('Short');
    const writer = clientOf();
    accept(change(writer, (fragment) => fragment.insert(fragment.length, [paragraphWith('mine', {})])));
    // Another instance's member fills the note to just under the cap; it arrives through Redis.
    const elsewhere = clientOf();
    for (let i = 0; i < 9; i += 1) {
      Y.applyUpdate(
        live,
        change(elsewhere, (fragment) =>
          fragment.insert(fragment.length, [paragraphWith('z'.repeat(99_998), {})]),
        ),
        'redis',
      );
    }
    // A shadow that skipped the catch-up would not have those 900,000 characters and let this in.
    expect(() =>
      validator.check(
        change(writer, (fragment) => fragment.insert(1, [paragraphWith('y'.repeat(99_998), {})])),
      ),
    ).toThrow(/too long/);
  });

  it('accepts an edit inside what a REST edit wrote, made after it (never a refusal the full check would not make)', () => {
    const { live, clientOf, change, accept } = trustedLive('Old text');
    const writer = clientOf();
    accept(change(writer, (fragment) => fragment.insert(fragment.length, [paragraphWith('typed', {})])));
    restEdit(live, 'New text from a REST edit');
    const reader = clientOf();
    accept(
      change(reader, (fragment) =>
        ((fragment.get(0) as Y.XmlElement).get(0) as Y.XmlText).insert(0, 'Edited: '),
      ),
    );
    expect(docToMarkdown(yXmlFragmentToProsemirrorJSON(live.getXmlFragment(FIELD)))).toBe(
      'Edited: New text from a REST edit',
    );
  });
});
