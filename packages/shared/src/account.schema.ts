import { z } from 'zod';
import { backgroundJobSchema } from './jobs.schema';

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

/** The "Download all my data" zip, prepared in the background (decision 064): what it holds once done. */
export const dataExportResultSchema = z.object({
  fileName: z.string(),
  /** Bytes of the zip. */
  size: z.number().int().nonnegative(),
  notes: z.number().int().nonnegative(),
  images: z.number().int().nonnegative(),
});
export type DataExportResult = z.infer<typeof dataExportResultSchema>;

/** A data export job: progress counts notes written of the notes to write. */
export const dataExportJobSchema = backgroundJobSchema.extend({
  kind: z.literal('data-export'),
  result: dataExportResultSchema.nullable(),
});
export type DataExportJob = z.infer<typeof dataExportJobSchema>;

/** POST /api/me/data-exports (the new job, or the one still running) and GET .../latest (null: none kept). */
export const dataExportStateSchema = z.object({ job: dataExportJobSchema.nullable() });
export type DataExportState = z.infer<typeof dataExportStateSchema>;

export const DATA_EXPORT_MESSAGES = {
  failed: 'Your data could not be prepared. Try again; if it fails again, tell your administrator.',
  notFound: 'This download was not found. It may have expired: downloads are kept for 7 days.',
  notReady: 'Your data is still being prepared. Download it when it is ready.',
} as const;
