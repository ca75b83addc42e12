import { z } from 'zod';

/** POST /api/me/delete: the account's password again, so a borrowed session cannot delete it. */
export const deleteAccountBodySchema = z.strictObject({
  password: z.string().min(1, { message: 'Enter your password.' }).max(1024),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

/** GET /api/me/deletion: what deleting the account would remove and what passes to whom. */
export const accountDeletionPlanSchema = z.object({
  deletedProjects: z.array(
    z.object({ name: z.string(), kind: z.enum(['personal', 'shared']), notes: z.number().int() }),
  ),
  handedOver: z.array(z.object({ name: z.string(), newOwnerName: z.string() })),
  notesKept: z.number().int(),
  images: z.number().int(),
  hasProfilePicture: z.boolean(),
});
export type AccountDeletionPlan = z.infer<typeof accountDeletionPlanSchema>;

/** What was deleted (the same counts `npm run admin -- delete-user` prints). */
export const accountDeletedSchema = z.object({
  deletedProjects: z.number().int(),
  handedOver: z.array(z.object({ name: z.string() })),
  deletedFiles: z.number().int(),
});
export type AccountDeleted = z.infer<typeof accountDeletedSchema>;

export const ACCOUNT_MESSAGES = {
  wrongPassword: 'That password is not correct. Your account was not deleted.',
  noPassword: 'This account has no password to confirm with. Ask your administrator to delete it.',
  deleted: 'Your account and its data were deleted.',
} as const;
