import { type Kysely, type Migration, type MigrationResultSet, Migrator } from 'kysely';
import type { Database, Dialect } from '../types';
import { accountsMigration } from './001-accounts';
import { projectsNotesMigration } from './002-projects-notes';
import { draftsMigration } from './003-drafts';
import { aiJobsMigration } from './004-ai-jobs';
import { sharingMigration } from './005-sharing';
import { noteExcerptsMigration } from './006-note-excerpts';
import { rateLimitsMigration } from './007-rate-limits';
import { projectBansMigration } from './008-project-bans';
import { listIndexesMigration } from './010-list-indexes';
import { searchTermsMigration } from './011-search-terms';
import { userDisabledMigration } from './012-user-disabled';
import { noteUpdatesMigration } from './013-note-updates';
import { tutorialStateMigration } from './014-tutorial-state';
import { voiceMigration } from './015-voice';
import { uploadsMigration } from './016-uploads';
import { ordersMigration } from './017-orders';
import { noteClientIdsMigration } from './019-note-client-ids';
import { shareCodeIssuedMigration } from './020-share-code-issued';
import { operationsMigration } from './021-operations';
import { historyTrashMigration } from './022-history-trash';
import { voiceDiscardMigration } from './023-voice-discard';
import { backgroundJobsMigration } from './024-background-jobs';
import { dropAiJobsMigration } from './025-drop-ai-jobs';
import { draftSlotsMigration } from './026-draft-slots';

/**
 * Versioned migrations. Never edit or renumber one that has landed on main; add the next number.
 * A database made by any earlier commit must upgrade (test/migrations.test.ts), so a migration that
 * lands after a higher-numbered one (004 arrived after 005) is still applied, not refused.
 */
export function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '001-accounts': accountsMigration(dialect),
    '002-projects-notes': projectsNotesMigration(dialect),
    '003-drafts': draftsMigration(dialect),
    '004-ai-jobs': aiJobsMigration(dialect),
    '005-sharing': sharingMigration(dialect),
    '006-note-excerpts': noteExcerptsMigration(dialect),
    '007-rate-limits': rateLimitsMigration(dialect),
    '008-project-bans': projectBansMigration(dialect),
    '010-list-indexes': listIndexesMigration(),
    '011-search-terms': searchTermsMigration(dialect),
    '012-user-disabled': userDisabledMigration(dialect),
    '013-note-updates': noteUpdatesMigration(dialect),
    '014-tutorial-state': tutorialStateMigration(dialect),
    '015-voice': voiceMigration(dialect),
    '016-uploads': uploadsMigration(dialect),
    '017-orders': ordersMigration(dialect),
    '019-note-client-ids': noteClientIdsMigration(),
    '020-share-code-issued': shareCodeIssuedMigration(dialect),
    '021-operations': operationsMigration(),
    '022-history-trash': historyTrashMigration(dialect),
    '023-voice-discard': voiceDiscardMigration(dialect),
    '024-background-jobs': backgroundJobsMigration(dialect),
    '025-drop-ai-jobs': dropAiJobsMigration(),
    '026-draft-slots': draftSlotsMigration(dialect),
  };
}

export class MigrationError extends Error {
  override name = 'MigrationError';
}

export async function migrateToLatest(
  db: Kysely<Database>,
  dialect: Dialect,
  schema?: string,
  only?: (name: string) => boolean,
): Promise<string[]> {
  const all = migrations(dialect);
  const selected = only ? Object.fromEntries(Object.entries(all).filter(([name]) => only(name))) : all;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => selected },
    // Databases from earlier commits may miss a migration that sorts before their newest one.
    allowUnorderedMigrations: true,
    migrationTableName: 'schema_migrations',
    migrationLockTableName: 'schema_migrations_lock',
    // Name the schema so introspection never mistakes another schema's tables for ours.
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const result: MigrationResultSet = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    const reason = result.error instanceof Error ? result.error.message : String(result.error);
    throw new MigrationError(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${reason}`);
  }
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Names of the migrations this code knows that the database has not recorded (readiness). */
export async function pendingMigrations(
  db: Kysely<Database>,
  dialect: Dialect,
  schema?: string,
): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations(dialect) },
    migrationTableName: 'schema_migrations',
    migrationLockTableName: 'schema_migrations_lock',
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const known = await migrator.getMigrations();
  return known.filter((migration) => migration.executedAt === undefined).map((m) => m.name);
}
