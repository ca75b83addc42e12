import { z } from 'zod';
import { noteSchema } from './notes.schema';
import { pageQuerySchema, pageSchema } from './pagination.schema';
import { projectSchema } from './projects.schema';

/**
 * Why a version was recorded (decision 050). `edit`: a save from an editor (coalesced per 5 minutes);
 * `co-edit`: a snapshot of a co-edited note; `ai`: an AI Replace; `merge`: a conflict resolved with
 * "Keep mine"; `import`: an import into this note; `restore`: an earlier version brought back.
 */
export const NOTE_VERSION_REASONS = ['edit', 'co-edit', 'ai', 'merge', 'import', 'restore'] as const;
export const noteVersionReasonSchema = z.enum(NOTE_VERSION_REASONS);
export type NoteVersionReason = z.infer<typeof noteVersionReasonSchema>;

/** What the History panel calls each reason. */
export const NOTE_VERSION_REASON_LABELS: Record<NoteVersionReason, string> = {
  edit: 'Edited',
  'co-edit': 'Edited together',
  ai: 'AI replace',
  merge: 'Merged',
  import: 'Imported',
  restore: 'Restored',
};

/** Someone who made a version: their id (null once the account is gone) and name at read time. */
export const versionAuthorSchema = z.object({ id: z.string().nullable(), name: z.string() });
export type VersionAuthor = z.infer<typeof versionAuthorSchema>;

/** A version as the History list shows it (no content). */
export const noteVersionSummarySchema = z.object({
  id: z.string(),
  noteId: z.string(),
  title: z.string(),
  reason: noteVersionReasonSchema,
  /** One for an edit; everyone in the window for a co-edit ("several people" in the list). */
  authors: z.array(versionAuthorSchema),
  /** When the window began. */
  createdAt: z.string(),
  /** The last change in it: what the list shows as the version's time. */
  updatedAt: z.string(),
  /** Characters of Markdown. */
  length: z.number().int(),
});
export type NoteVersionSummary = z.infer<typeof noteVersionSummarySchema>;

export const noteVersionSchema = noteVersionSummarySchema.extend({ content: z.string() });
export type NoteVersion = z.infer<typeof noteVersionSchema>;

/** GET /api/notes/:id/versions: newest first. */
export const noteVersionListSchema = pageSchema('versions', noteVersionSummarySchema);
export type NoteVersionList = z.infer<typeof noteVersionListSchema>;
export const listVersionsQuerySchema = pageQuerySchema;

export const versionParamsSchema = z.strictObject({
  id: z.string().min(1).max(64),
  versionId: z.string().min(1).max(64),
});

/** POST /api/notes/:id/versions/:versionId/restore answers with the note as it now is. */
export const restoreVersionResponseSchema = noteSchema;

/** An item in Trash: a note deleted on its own, or a project with the notes it took along. */
export const trashItemSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('note'),
    id: z.string(),
    title: z.string(),
    excerpt: z.string(),
    /** The project it was in; null when that project is gone for good (restore puts it in Inbox). */
    projectId: z.string().nullable(),
    projectName: z.string().nullable(),
    deletedAt: z.string(),
    /** When it is deleted for good unless restored. */
    expiresAt: z.string(),
  }),
  z.object({
    kind: z.literal('project'),
    id: z.string(),
    title: z.string(),
    color: z.string(),
    shared: z.boolean(),
    noteCount: z.number().int(),
    deletedAt: z.string(),
    expiresAt: z.string(),
  }),
]);
export type TrashItem = z.infer<typeof trashItemSchema>;

/** GET /api/trash: newest deleted first. */
export const trashListSchema = pageSchema('items', trashItemSchema);
export type TrashList = z.infer<typeof trashListSchema>;
export const listTrashQuerySchema = pageQuerySchema;

/** POST /api/trash/notes/:id/restore */
export const restoredNoteSchema = z.object({
  note: noteSchema,
  /** True when its project is gone and it went to the restorer's Inbox instead. */
  movedToInbox: z.boolean(),
});
export type RestoredNote = z.infer<typeof restoredNoteSchema>;

/** POST /api/trash/projects/:id/restore */
export const restoredProjectSchema = z.object({ project: projectSchema });
