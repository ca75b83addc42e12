import { docToMarkdown, editorSchema, markdownToDoc } from '@notewise/editor';
import {
  prosemirrorJSONToYDoc,
  prosemirrorJSONToYXmlFragment,
  yDocToProsemirrorJSON,
} from '@tiptap/y-tiptap';
import * as Y from 'yjs';
import { checkDocument } from '../update-validator';

/** The Y.XmlFragment TipTap's Collaboration extension binds to by default. */
export const COLLAB_FIELD = 'default';

/**
 * A note's Yjs document: its stored state plus the logged updates when that passes the editor
 * schema, else one built from its Markdown (the first time, after a REST edit, or when the stored
 * state is unreadable; `onInvalid` hears why).
 */
export function ydocFromNote(
  row: { ydoc: Uint8Array | null; content: string; updates?: Uint8Array[] },
  onInvalid: (error: unknown) => void = () => {},
): Y.Doc {
  if (row.ydoc && row.ydoc.byteLength > 0) {
    const doc = new Y.Doc();
    try {
      Y.applyUpdate(doc, row.ydoc);
      // Acknowledged changes not yet folded into the stored state (the update log, decision 018).
      for (const update of row.updates ?? []) Y.applyUpdate(doc, update);
      checkDocument(doc, COLLAB_FIELD);
      return doc;
    } catch (error) {
      doc.destroy();
      onInvalid(error);
    }
  }
  return prosemirrorJSONToYDoc(editorSchema, markdownToDoc(row.content), COLLAB_FIELD);
}

export function markdownFromYdoc(doc: Y.Doc): string {
  return docToMarkdown(yDocToProsemirrorJSON(doc, COLLAB_FIELD));
}

/** Replaces the live text with this Markdown in one transaction (origin `rest`): everyone sees it. */
export function replaceWithMarkdown(doc: Y.Doc, markdown: string) {
  doc.transact(() => {
    const fragment = doc.getXmlFragment(COLLAB_FIELD);
    fragment.delete(0, fragment.length);
    prosemirrorJSONToYXmlFragment(editorSchema, markdownToDoc(markdown), fragment);
  }, 'rest');
}
