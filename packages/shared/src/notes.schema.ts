import { z } from 'zod';
import { MAX_NOTE_CONTENT_LENGTH, MAX_NOTE_TITLE_LENGTH, MAX_TAG_LENGTH, MAX_TAGS } from './constants';
import { pageQuerySchema, pageSchema } from './pagination.schema';
import { stripUnsafeLine } from './text';

export const noteTitleSchema = z
  .string({ message: 'Note title is required.' })
  .overwrite(stripUnsafeLine)
  .trim()
  .min(1, { message: 'Note title is required.' })
  .max(MAX_NOTE_TITLE_LENGTH, { message: `Note title must be at most ${MAX_NOTE_TITLE_LENGTH} characters.` });

export const noteContentSchema = z
  .string()
  .max(MAX_NOTE_CONTENT_LENGTH, { message: 'This note is too long to save.' });

export const tagsSchema = z
  .array(z.string().overwrite(stripUnsafeLine).trim().min(1).max(MAX_TAG_LENGTH))
  .max(MAX_TAGS, { message: `A note can have at most ${MAX_TAGS} tags.` });

/** A note as lists show it: no full content, previews instead (docs/product.md §3: preview 150, cards 1200). */
export const noteSummarySchema = z.object({
  id: z.string(),
  projectId: z.string(),
  title: z.string(),
  tags: z.array(z.string()),
  version: z.number().int(),
  pinned: z.boolean(),
  preview: z.string(),
  excerpt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastEdited: z.string(),
  /** Who wrote it (null once their account is gone): in a shared project they may move it out or delete it. */
  authorId: z.string().nullable(),
});
export type NoteSummary = z.infer<typeof noteSummarySchema>;

export const noteSchema = noteSummarySchema.extend({
  content: z.string(),
});
export type Note = z.infer<typeof noteSchema>;

/** GET /api/notes: one page, pinned first, then newest updated (docs/product.md §4). */
export const noteListSchema = pageSchema('notes', noteSummarySchema);
export type NoteListPage = z.infer<typeof noteListSchema>;

const noteFilterSchema = z.strictObject({
  projectId: z.string().min(1).max(64).optional(),
  pinned: z.enum(['true', 'false']).optional(),
});

/** GET /api/notes */
export const listNotesQuerySchema = noteFilterSchema.extend(pageQuerySchema.shape);

/** GET /api/notes/counts: the page header's counters, from their own query (not from a page). */
export const noteCountsQuerySchema = z.strictObject({ projectId: z.string().min(1).max(64).optional() });
export const noteCountsSchema = z.object({
  total: z.number().int(),
  pinned: z.number().int(),
  /** The newest updatedAt among them; null when there are none. */
  lastUpdatedAt: z.string().nullable(),
  /** The newest updatedAt among the pinned ones (the Pinned Notes page's counter). */
  pinnedLastUpdatedAt: z.string().nullable(),
});
export type NoteCounts = z.infer<typeof noteCountsSchema>;

/**
 * An id the browser generates for a note it creates (offline queue, decision 024): sending the same
 * request twice (a replay after a lost answer) returns the note the first one made.
 */
export const noteClientIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { message: 'clientId must be 8 to 64 letters, digits, - or _.' });

/** POST /api/notes */
export const createNoteBodySchema = z.strictObject({
  projectId: z.string().min(1).max(64),
  title: noteTitleSchema.optional(),
  content: noteContentSchema.optional(),
  tags: tagsSchema.optional(),
  clientId: noteClientIdSchema.optional(),
});
export type CreateNoteBody = z.infer<typeof createNoteBodySchema>;

/**
 * PATCH /api/notes/:id. An edit of content carries the `version` it started from (a stale one gets
 * 409 with the current note). A title-only change without a version is a rename: it must differ.
 */
export const updateNoteBodySchema = z
  .strictObject({
    title: noteTitleSchema.optional(),
    content: noteContentSchema.optional(),
    tags: tagsSchema.optional(),
    // The column is a 32-bit integer on PostgreSQL: a larger version is no version we ever issued.
    version: z.number().int().min(1).max(2_147_483_647).optional(),
    /**
     * Why the text changed, for the note's history (decision 050): an AI Replace and a conflict
     * resolved with "Keep mine" each record a version of their own, and the text before them is kept.
     */
    reason: z.enum(['edit', 'ai', 'merge']).optional(),
  })
  .refine((body) => body.title !== undefined || body.content !== undefined || body.tags !== undefined, {
    message: 'Nothing to update.',
  })
  .refine((body) => body.version !== undefined || (body.content === undefined && body.tags === undefined), {
    message: 'An edit must say which version it started from.',
    path: ['version'],
  });
export type UpdateNoteBody = z.infer<typeof updateNoteBodySchema>;

/** POST /api/notes/:id/move */
export const moveNoteBodySchema = z.strictObject({ projectId: z.string().min(1).max(64) });

export const conflictDetailsSchema = z.object({ current: noteSchema });

export const pinSchema = z.object({ noteId: z.string(), pinnedAt: z.string(), note: noteSummarySchema });
export type Pin = z.infer<typeof pinSchema>;

/** GET /api/pins: one page, newest pinned first with the note embedded. */
export const pinListSchema = pageSchema('pins', pinSchema);
export type PinList = z.infer<typeof pinListSchema>;
