import { docToMarkdown, editorSchema, markdownToDoc } from '@notewise/editor';
import { prosemirrorJSONToYDoc, yXmlFragmentToProsemirrorJSON } from '@tiptap/y-tiptap';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { UpdateValidator } from './update-validator';

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
  it('accepts the blocks and marks of issue 14: table, code block, rule, image, strike, code, h6', () => {
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
