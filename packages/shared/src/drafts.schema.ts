import { z } from 'zod';
import { MAX_NOTE_CONTENT_LENGTH } from './constants';

export const DRAFT_KINDS = ['note_input', 'note_edit'] as const;
export type DraftKind = (typeof DRAFT_KINDS)[number];
/** SPEC 4: drafts save after 1 s without typing. */
export const DRAFT_DEBOUNCE_MS = 1_000;
/** SPEC 4: a restored draft is cleared from the server 1 s after it is shown. */
export const DRAFT_CLEAR_AFTER_RESTORE_MS = 1_000;

export const draftParamsSchema = z.strictObject({ kind: z.enum(DRAFT_KINDS) });

/** PUT /api/drafts/:kind */
export const saveDraftBodySchema = z.strictObject({
  content: z
    .string()
    // A NUL is refused by PostgreSQL (a 500); nothing a person types contains one.
    .overwrite((text) => text.replaceAll('\u0000', ''))
    .max(MAX_NOTE_CONTENT_LENGTH, { message: 'This draft is too long to save.' }),
  noteId: z.string().max(64).nullish(),
  projectId: z.string().max(64).nullish(),
});
export type SaveDraftBody = z.infer<typeof saveDraftBodySchema>;

export const draftSchema = z.object({
  kind: z.enum(DRAFT_KINDS),
  content: z.string(),
  noteId: z.string().nullable(),
  projectId: z.string().nullable(),
  updatedAt: z.string(),
});
export type Draft = z.infer<typeof draftSchema>;

/** GET /api/drafts/:kind */
export const draftResponseSchema = z.object({ draft: draftSchema.nullable() });
