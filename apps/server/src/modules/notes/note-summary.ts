// What a page of notes is made of: the summary row and its columns, and the cursors of note and pin
// pages (decision 015).
import type { NoteSummary } from '@notewise/shared';
import { z } from 'zod';
import { toIso } from '../../db/time';
import type { Timestamp } from '../../db/types';
import { cursorId, cursorTimestamp } from '../../http/pagination';
import { previewsOf } from './note-content';

/**
 * The columns of a note summary (list rows), on notes as `n`; its two timestamps are read as ISO
 * text beside them (note-list-queries.ts).
 */
export const summaryColumns = [
  'n.id',
  'n.project_id',
  'n.title',
  'n.tags',
  'n.version',
  'n.excerpt',
  'n.author_id',
] as const;

export interface SummaryRow {
  id: string;
  project_id: string;
  title: string;
  tags: string;
  version: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  excerpt: string;
  author_id: string | null;
  pinned: number | boolean | null;
}

function parseTags(raw: string): string[] {
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

export function toSummary(row: SummaryRow): NoteSummary {
  const updatedAt = toIso(row.updated_at);
  return {
    id: row.id,
    projectId: row.project_id,
    title: row.title,
    tags: parseTags(row.tags),
    version: Number(row.version),
    pinned: Boolean(row.pinned),
    ...previewsOf(row.excerpt),
    createdAt: toIso(row.created_at),
    updatedAt,
    lastEdited: updatedAt,
    authorId: row.author_id,
  };
}

/** Where a notes page ends: pinned part (1) or the rest (0), then updated_at and id. */
export const noteCursorSchema = z.strictObject({
  p: z.union([z.literal(0), z.literal(1)]),
  u: cursorTimestamp,
  i: cursorId,
});
export type NoteCursor = z.infer<typeof noteCursorSchema>;
/** Sorts above every note: the start of the first page. */
export const FIRST_PAGE_START: NoteCursor = { p: 0, u: '9999-12-31T23:59:59.999Z', i: '' };
/** Where a pins page ends: pinned_at and note id. */
export const pinCursorSchema = z.strictObject({ t: cursorTimestamp, i: cursorId });
export type PinCursor = z.infer<typeof pinCursorSchema>;
