import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import {
  BACKUP_UPLOADS,
  BackupError,
  backupUploads,
  makePrivate,
  privateFolder,
  type UploadsSummary,
} from './backup-files';
import { assertPostgresTool, dumpPostgres } from './backup-postgres';
import { snapshotSqlite } from './backup-sqlite';

export { BackupError } from './backup-files';

/**
 * A backup is a folder: the database (`notewise.db` by VACUUM INTO, or `notewise.dump` by
 * pg_dump), the generated auth secret when there is one, every uploaded file under `uploads/` by
 * storage key (from the local folder or the S3 bucket alike), and `backup.json` saying what it holds.
 * A folder rather than an archive: no archive code to maintain, and any archiver works on it.
 */
export const BACKUP_MANIFEST = 'backup.json';
export const SQLITE_BACKUP = 'notewise.db';
export const POSTGRES_BACKUP = 'notewise.dump';
export const DATABASE_FILE = 'notewise.db';
export const AUTH_SECRET_FILE = 'auth-secret';

export interface BackupManifest {
  format: 'notewise-backup';
  /** 1: embedded database only (before decision 045); 2: either database, with the uploads counted. */
  version: 1 | 2;
  createdAt: string;
  files: string[];
  database?: { kind: 'sqlite' | 'postgres'; file: string; bytes: number };
  /** `file`: in the backup; `environment`: AUTH_SECRET is set and the operator keeps it; `none`. */
  authSecret?: 'file' | 'environment' | 'none';
  uploads?: UploadsSummary;
}

export type BackupConfig = Pick<Config, 'dataDir' | 'databaseUrl' | 's3' | 'authSecret'>;

/**
 * Backs up everything the data needs while the servers keep running: the database as one consistent
 * snapshot, then the uploads. An upload added between the two is in the copy without a note pointing
 * at it (harmless); one deleted in between is missing, like the note that referenced it.
 */
export async function createBackup(config: BackupConfig, target: string): Promise<BackupManifest> {
  if (fs.existsSync(target)) throw new BackupError(`${target} already exists; choose a new backup path.`);
  const sqliteSource = path.join(config.dataDir, DATABASE_FILE);
  if (config.databaseUrl) assertPostgresTool('pg_dump');
  else if (!fs.existsSync(sqliteSource)) {
    throw new BackupError(`No database at ${sqliteSource}: nothing to back up.`);
  }
  privateFolder(target);
  try {
    const files: string[] = [];
    let database: NonNullable<BackupManifest['database']>;
    if (config.databaseUrl) {
      await dumpPostgres(config.databaseUrl, path.join(target, POSTGRES_BACKUP));
      database = { kind: 'postgres', file: POSTGRES_BACKUP, bytes: 0 };
    } else {
      await snapshotSqlite(sqliteSource, path.join(target, SQLITE_BACKUP));
      database = { kind: 'sqlite', file: SQLITE_BACKUP, bytes: 0 };
    }
    database.bytes = fs.statSync(path.join(target, database.file)).size;
    files.push(database.file);

    let authSecret: BackupManifest['authSecret'] = config.authSecret ? 'environment' : 'none';
    const secret = path.join(config.dataDir, AUTH_SECRET_FILE);
    if (!config.authSecret && fs.existsSync(secret)) {
      fs.copyFileSync(secret, path.join(target, AUTH_SECRET_FILE));
      files.push(AUTH_SECRET_FILE);
      authSecret = 'file';
    }
    const uploads = await backupUploads(config, target);
    files.push(`${BACKUP_UPLOADS}/`);

    const manifest: BackupManifest = {
      format: 'notewise-backup',
      version: 2,
      createdAt: new Date().toISOString(),
      files,
      database,
      authSecret,
      uploads,
    };
    fs.writeFileSync(path.join(target, BACKUP_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, {
      mode: 0o600,
    });
    makePrivate(target);
    return manifest;
  } catch (error) {
    // Half a backup would look like a whole one later.
    fs.rmSync(target, { recursive: true, force: true });
    throw error;
  }
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GiB`;
}

/** What the admin CLI prints after a backup: every part, and what the operator must keep themselves. */
export function describeBackup(manifest: BackupManifest, target: string): string {
  const lines = [`Backed up to ${target} (private: folder 0700, files 0600):`];
  const db = manifest.database;
  if (db) {
    const kind = db.kind === 'postgres' ? 'PostgreSQL, pg_dump custom format' : 'embedded SQLite';
    lines.push(`  database     ${db.file} (${kind}, ${formatBytes(db.bytes)})`);
  }
  const uploads = manifest.uploads;
  if (uploads) {
    lines.push(
      `  uploads      ${uploads.count} file(s), ${formatBytes(uploads.bytes)}, from ${uploads.source}` +
        (uploads.skipped ? ` (${uploads.skipped} other object(s) in the bucket left out)` : ''),
    );
  }
  if (manifest.authSecret === 'file')
    lines.push('  auth secret  auth-secret (sessions stay valid after a restore)');
  if (manifest.authSecret === 'environment') {
    lines.push(
      '  auth secret  not included: AUTH_SECRET is set in the environment; keep it with this backup',
    );
  }
  return lines.join('\n');
}

export function readManifest(folder: string): BackupManifest {
  const file = path.join(folder, BACKUP_MANIFEST);
  if (!fs.existsSync(file)) {
    throw new BackupError(`${folder} is not a Notewise backup folder (no ${BACKUP_MANIFEST}).`);
  }
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as BackupManifest;
  if (manifest.format !== 'notewise-backup')
    throw new BackupError(`${file} is not a Notewise backup manifest.`);
  // Version 1 backups were always of the embedded database.
  manifest.database ??= { kind: 'sqlite', file: SQLITE_BACKUP, bytes: 0 };
  return manifest;
}
