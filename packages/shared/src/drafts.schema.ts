import { z } from 'zod';
import { DRAFT_KINDS, MAX_NOTE_CONTENT_LENGTH } from './constants';

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
