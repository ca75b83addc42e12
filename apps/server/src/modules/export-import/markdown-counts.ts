import { markdownToDoc } from '@notewise/editor';
import type { ImportCount } from '@notewise/shared';
import type { DocNode } from './doc-model';

/*
 * What an imported Markdown note holds once stored, counted on the editor's own reading of it, for
 * the import summary's "Kept" line (headings, list items, tasks, tables and rows, code blocks,
 * quotes): a reader can hold it against the file it came from.
 */

const KINDS: Array<[string, string]> = [
  ['heading', 'headings'],
  ['listItem', 'list items'],
  ['taskItem', 'tasks'],
  ['table', 'tables'],
  ['tableRow', 'table rows'],
  ['codeBlock', 'code blocks'],
  ['blockquote', 'quotes'],
];

export function markdownCounts(markdown: string): ImportCount[] {
  return docCounts(markdownToDoc(markdown) as DocNode);
}

/** The same counts on a document already built (an import that made it need not parse it again). */
export function docCounts(doc: DocNode): ImportCount[] {
  const counts = new Map<string, number>();
  const walk = (node: DocNode) => {
    if (node.type) counts.set(node.type, (counts.get(node.type) ?? 0) + 1);
    for (const child of node.content ?? []) walk(child);
  };
  walk(doc);
  return KINDS.flatMap(([type, what]) => {
    const count = counts.get(type) ?? 0;
    return count > 0 ? [{ what, count }] : [];
  });
}
