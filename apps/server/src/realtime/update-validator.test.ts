import { editorSchema, markdownToDoc } from '@notewise/editor';
import { prosemirrorJSONToYDoc } from '@tiptap/y-tiptap';
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

describe('co-editing update validation', () => {
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

  it.each([
    ['an unknown node', (fragment: Y.XmlFragment) => fragment.insert(0, [new Y.XmlElement('image')])],
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
