import type { Kysely } from 'kysely';

/**
 * Drops `ai_jobs` (migration 004): it kept each enhancement's input and output, user text that
 * nothing read back (decision 066). The stream's `jobId` now only names the stream.
 */
export function dropAiJobsMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.dropTable('ai_jobs').ifExists().execute();
    },
  };
}
