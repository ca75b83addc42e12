import type { Kysely } from 'kysely';
import type { Dialect } from '../types';
import { columnTypes } from './column-types';

/**
 * Work that outlives its request (decision 060): a large import, later the download-my-data export.
 * One row per job with its progress, its kept result (JSON text) or its error, and when it may be
 * purged. `runner` names the server process that runs it, so a restart can tell its own crashed
 * jobs from another instance's live ones.
 */
export function backgroundJobsMigration(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('background_jobs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('progress_done', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('progress_total', 'integer')
        .addColumn('result', 'text')
        .addColumn('error', 'text')
        .addColumn('runner', 'text')
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .addColumn('expires_at', t.timestamp, (c) => c.notNull())
        .execute();
      // An owner's recent jobs, newest first.
      await db.schema
        .createIndex('background_jobs_user_created_idx')
        .on('background_jobs')
        .columns(['user_id', 'created_at'])
        .execute();
      // The hourly purge and the start-up sweep of unfinished jobs.
      await db.schema
        .createIndex('background_jobs_expires_idx')
        .on('background_jobs')
        .column('expires_at')
        .execute();
      await db.schema
        .createIndex('background_jobs_status_idx')
        .on('background_jobs')
        .columns(['status', 'updated_at'])
        .execute();
    },
  };
}
