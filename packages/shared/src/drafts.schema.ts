import { z } from 'zod';
import { DRAFT_KINDS, MAX_NOTE_CONTENT_LENGTH } from './constants';

export const draftParamsSchema = z.strictObject({ kind: z.enum(DRAFT_KINDS) });

/**
 * A draft slot's id (decision 103): opaque to the server, made by the browser tab (a UUID). Limited
 * to letters, digits, '-' and '_' so it is never more than a key.
 */
export const draftSlotSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { message: 'This draft slot is not valid.' });

/** /api/drafts/:kind/slots/:slot */
export const draftSlotParamsSchema = z.strictObject({ kind: z.enum(DRAFT_KINDS), slot: draftSlotSchema });

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
  /** The tab's slot (decision 103); null for the draft saved without one (`PUT /api/drafts/:kind`). */
  slot: z.string().nullable(),
  content: z.string(),
  noteId: z.string().nullable(),
  projectId: z.string().nullable(),
  updatedAt: z.string(),
});
export type Draft = z.infer<typeof draftSchema>;

/**
 * GET /api/drafts/:kind: the draft saved without a slot, and every slot's draft (oldest first). One
 * read gives a reloading tab its own slot and the slots of closed tabs (decision 103).
 */
export const draftResponseSchema = z.object({ draft: draftSchema.nullable(), slots: z.array(draftSchema) });
