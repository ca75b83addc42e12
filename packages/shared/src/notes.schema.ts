import { z } from 'zod';
import { MAX_NOTE_CONTENT_LENGTH, MAX_NOTE_TITLE_LENGTH, MAX_TAG_LENGTH, MAX_TAGS } from './constants';
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

/** A note as lists show it: no full content, previews instead (SPEC 3: preview 150, cards 1200). */
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

export const noteListSchema = z.object({ notes: z.array(noteSummarySchema) });

/** GET /api/notes */
export const listNotesQuerySchema = z.strictObject({
  projectId: z.string().min(1).max(64).optional(),
  pinned: z.enum(['true', 'false']).optional(),
});

/** POST /api/notes */
export const createNoteBodySchema = z.strictObject({
  projectId: z.string().min(1).max(64),
  title: noteTitleSchema.optional(),
  content: noteContentSchema.optional(),
  tags: tagsSchema.optional(),
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

/** GET /api/pins: newest pinned first with the note embedded. */
export const pinListSchema = z.object({
  pins: z.array(z.object({ noteId: z.string(), pinnedAt: z.string(), note: noteSummarySchema })),
});
export type PinList = z.infer<typeof pinListSchema>;
