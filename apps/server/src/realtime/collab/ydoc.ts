import crypto from 'node:crypto';
import { docToMarkdown, editorSchema, markdownToDoc } from '@notewise/editor';
import { prosemirrorJSONToYXmlFragment, yDocToProsemirrorJSON } from '@tiptap/y-tiptap';
import * as Y from 'yjs';
import { checkDocument } from '../update-validator';

/** The Y.XmlFragment TipTap's Collaboration extension binds to by default. */
export const COLLAB_FIELD = 'default';

/** What a note's Yjs document is built from (notes.ydoc, notes.content, notes.version, the update log). */
export interface NoteDocumentSource {
  ydoc: Uint8Array | null;
  content: string;
  version?: number;
  updates?: Uint8Array[];
}

/** The stored state plus the logged updates; throws when that breaks the editor schema. */
function storedDoc(ydoc: Uint8Array, updates: Uint8Array[]): Y.Doc {
  const doc = new Y.Doc();
  try {
    Y.applyUpdate(doc, ydoc);
    // Acknowledged changes not yet folded into the stored state (the update log, decision 018).
    for (const update of updates) Y.applyUpdate(doc, update);
    checkDocument(doc, COLLAB_FIELD);
    return doc;
  } catch (error) {
    doc.destroy();
    throw error;
  }
}

/**
 * The first state of a note, built from its Markdown. Its client id comes from what it is built of
 * (version, text, the state it replaces), so two instances seeding the same row build the very same
 * items and Yjs merges them into one copy (decision 044; the compare-and-set on notes.ydoc is what
 * keeps a second seed out, this only makes one that slipped through harmless). A seed of another
 * version or text gets another id: equal ids for different items would corrupt the document.
 */
function seededDoc(row: NoteDocumentSource): Y.Doc {
  const hash = crypto.createHash('sha256');
  hash.update(`${row.version ?? 0}\n${row.content}\n`);
  if (row.ydoc) hash.update(row.ydoc);
  const doc = new Y.Doc();
  doc.clientID = hash.digest().readUInt32BE(0);
  prosemirrorJSONToYXmlFragment(editorSchema, markdownToDoc(row.content), doc.getXmlFragment(COLLAB_FIELD));
  return doc;
}

/**
 * A note's Yjs document: its stored state plus the logged updates when that passes the editor
 * schema, else one built from its Markdown (the first time, or when the stored state is unreadable;
 * `onInvalid` hears why).
 */
export function ydocFromNote(row: NoteDocumentSource, onInvalid: (error: unknown) => void = () => {}): Y.Doc {
  if (row.ydoc && row.ydoc.byteLength > 0) {
    try {
      return storedDoc(row.ydoc, row.updates ?? []);
    } catch (error) {
      onInvalid(error);
    }
  }
  return seededDoc(row);
}

export function markdownFromYdoc(doc: Y.Doc): string {
  return docToMarkdown(yDocToProsemirrorJSON(doc, COLLAB_FIELD));
}

/**
 * A REST edit as one Yjs update on the note's co-editing state: the text it holds (stored state and
 * logged updates) replaced by this Markdown. Built once, by the instance that writes the edit, so every
 * instance and client applies the same items (decision 044). Empty when the text already is this
 * Markdown; null when the state is unreadable.
 */
export function restEditUpdate(state: { ydoc: Uint8Array; updates: Uint8Array[] }, markdown: string) {
  let doc: Y.Doc | undefined;
  try {
    const current = storedDoc(state.ydoc, state.updates);
    doc = current;
    if (markdownFromYdoc(doc) === markdown) return new Uint8Array();
    let update: Uint8Array = new Uint8Array();
    doc.once('update', (bytes: Uint8Array) => {
      update = bytes;
    });
    doc.transact(() => {
      const fragment = current.getXmlFragment(COLLAB_FIELD);
      fragment.delete(0, fragment.length);
      prosemirrorJSONToYXmlFragment(editorSchema, markdownToDoc(markdown), fragment);
    });
    return update;
  } catch {
    // A state this cannot read or convert must not fail the edit: it is dropped instead.
    return null;
  } finally {
    doc?.destroy();
  }
}
