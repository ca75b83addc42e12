import path from 'node:path';
import { z } from 'zod';
import { CronError, parseCron } from './cron';

/** Scheduled backups (decision 045): the same backup as `npm run admin -- backup`, on a timetable. */
export const backupEnv = {
  BACKUP_CRON: z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      try {
        parseCron(value);
      } catch (error) {
        if (!(error instanceof CronError)) throw error;
        ctx.addIssue({ code: 'custom', message: error.message });
      }
    })
    .optional()
    .describe(
      "Set: a backup runs on this five-field cron schedule in the server's time zone (`0 3 * * *`: 03:00 daily; `@daily`, `@hourly` too). One instance runs each. Unset: no scheduled backups.",
    ),
  BACKUP_DIR: z
    .string()
    .trim()
    .min(1)
    .optional()
    .describe(
      'Folder for scheduled backups, one `notewise-<time>` folder each. Unset: `DATA_DIR/backups`. Copy them off the machine.',
    ),
  BACKUP_KEEP: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .default(7)
    .describe('Scheduled backups kept in `BACKUP_DIR`; the oldest beyond this number are deleted.'),
};

export interface BackupSettings {
  cron: string;
  dir: string;
  keep: number;
}

/** The settings, or undefined when no schedule is set. */
export function backupSettings(
  e: { BACKUP_CRON?: string | undefined; BACKUP_DIR?: string | undefined; BACKUP_KEEP: number },
  dataDir: string,
): BackupSettings | undefined {
  if (!e.BACKUP_CRON) return undefined;
  return {
    cron: e.BACKUP_CRON,
    dir: path.resolve(e.BACKUP_DIR ?? path.join(dataDir, 'backups')),
    keep: e.BACKUP_KEEP,
  };
}
