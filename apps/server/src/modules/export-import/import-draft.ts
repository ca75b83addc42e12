import { type ImportCount, type ImportIssue, type ImportSkip, MAX_NOTE_TITLE_LENGTH } from '@notewise/shared';
import type { PreparedContent } from '../notes/note-content';
import type { DocNode } from './doc-model';
import type { ImportedImage, NoteReport } from './docx-convert';
import { NAMED_ISSUES } from './markdown-import';
import type { NoteFields } from './markdown-note';

/*
 * What the Evernote and Google Keep readers share: the note they hand to the request thread (the
 * shape of import-files' NoteToImport), its title, the summary's lines, and the `Property | Value`
 * table at the top of a note for details it has no field for (as the Markdown import keeps front
 * matter).
 */

export interface ImportedNoteDraft {
  source: string;
  title: string;
  prepared: PreparedContent;
  images: ImportedImage[];
  report: NoteReport;
  fields: NoteFields;
}

export type DraftNoteStep = { note: ImportedNoteDraft } | { skip: ImportSkip };

export function cleanTitle(title: string): string {
  return [...title.replace(/\s+/g, ' ').trim()].slice(0, MAX_NOTE_TITLE_LENGTH).join('') || 'Untitled';
}

export const count = (what: string, n: number): ImportCount[] => (n > 0 ? [{ what, count: n }] : []);

export const issue = (
  what: string,
  n: number,
  reason: string,
  names: readonly string[] = [],
): ImportIssue[] =>
  n > 0
    ? [
        {
          what,
          count: n,
          reason,
          ...(names.length > 0 ? { names: [...new Set(names)].slice(0, NAMED_ISSUES) } : {}),
        },
      ]
    : [];

const cell = (text: string, type: 'tableHeader' | 'tableCell'): DocNode => ({
  type,
  content: [{ type: 'paragraph', content: text ? [{ type: 'text', text }] : [] }],
});

/** `Property | Value` rows as a table node, or nothing when there are none. */
export function propertiesTable(rows: ReadonlyArray<{ key: string; value: string }>): DocNode[] {
  if (rows.length === 0) return [];
  return [
    {
      type: 'table',
      content: [
        { type: 'tableRow', content: [cell('Property', 'tableHeader'), cell('Value', 'tableHeader')] },
        ...rows.map((row) => ({
          type: 'tableRow',
          content: [cell(row.key, 'tableCell'), cell(row.value.replace(/\s+/g, ' '), 'tableCell')],
        })),
      ],
    },
  ];
}

/** Tags once each (case-insensitive): those a note may hold, and the rest for its table. */
export function splitTags(
  raw: readonly string[],
  limits: { maxTags: number; maxLength: number },
): { kept: string[]; extra: string[] } {
  const tags: string[] = [];
  for (const tag of raw.map((t) => t.trim()).filter(Boolean))
    if (!tags.some((known) => known.toLowerCase() === tag.toLowerCase())) tags.push(tag);
  const kept = tags.filter((tag) => [...tag].length <= limits.maxLength).slice(0, limits.maxTags);
  return { kept, extra: tags.filter((tag) => !kept.includes(tag)) };
}
