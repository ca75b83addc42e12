import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { acquireDataDirLock } from './data-dir-lock';

/** What an embedded backup holds: a folder, so it can carry uploads beside the database. */
export const BACKUP_DATABASE = 'notewise.db';
export const BACKUP_MANIFEST = 'backup.json';
const DATABASE_FILE = 'notewise.db';
const AUTH_SECRET_FILE = 'auth-secret';
const UPLOADS = 'uploads';

export class BackupError extends Error {
  override name = 'BackupError';
}

export interface BackupManifest {
  format: 'notewise-backup';
  version: 1;
  createdAt: string;
  files: string[];
}

/**
 * Backs up the embedded database while the server keeps running. VACUUM INTO copies the database as
 * one read transaction sees it, so every write committed before it began is in the copy and none
 * half-way through is; in WAL mode the server goes on writing meanwhile. (Copying the file itself
 * misses what still sits in the -wal file.) The generated auth secret (sessions stay valid) and the
 * uploads folder, when present, go beside it.
 */
export function backupDataDir(dataDir: string, target: string): BackupManifest {
  const source = path.join(dataDir, DATABASE_FILE);
  if (!fs.existsSync(source)) throw new BackupError(`No database at ${source}: nothing to back up.`);
  if (fs.existsSync(target)) throw new BackupError(`${target} already exists; choose a new backup path.`);
  fs.mkdirSync(target, { recursive: true, mode: 0o700 });
  const files = [BACKUP_DATABASE];
  const sqlite = new SQLite(source, { fileMustExist: true });
  try {
    sqlite.pragma('busy_timeout = 5000');
    sqlite.prepare('VACUUM INTO ?').run(path.join(target, BACKUP_DATABASE));
  } finally {
    sqlite.close();
  }
  fs.chmodSync(path.join(target, BACKUP_DATABASE), 0o600);
  const secret = path.join(dataDir, AUTH_SECRET_FILE);
  if (fs.existsSync(secret)) {
    fs.copyFileSync(secret, path.join(target, AUTH_SECRET_FILE));
    files.push(AUTH_SECRET_FILE);
  }
  const uploads = path.join(dataDir, UPLOADS);
  if (fs.existsSync(uploads)) {
    fs.cpSync(uploads, path.join(target, UPLOADS), { recursive: true });
    files.push(`${UPLOADS}/`);
  }
  const manifest: BackupManifest = {
    format: 'notewise-backup',
    version: 1,
    createdAt: new Date().toISOString(),
    files,
  };
  fs.writeFileSync(path.join(target, BACKUP_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, {
    mode: 0o600,
  });
  return manifest;
}

function integrityOf(file: string): string {
  const sqlite = new SQLite(file, { fileMustExist: true, readonly: true });
  try {
    return String(sqlite.pragma('integrity_check', { simple: true }));
  } finally {
    sqlite.close();
  }
}

/**
 * Restores a backup folder into the data folder. Refuses while a server holds the folder (its lock),
 * and holds the lock itself meanwhile so none starts half-way. What was there is kept beside it
 * (`*.before-restore-<time>`), and the old -wal/-shm files move with it: left in place, SQLite would
 * replay the old database's log onto the restored one.
 */
export function restoreDataDir(backup: string, dataDir: string): { keptAside: string[] } {
  const manifestFile = path.join(backup, BACKUP_MANIFEST);
  if (!fs.existsSync(manifestFile)) {
    throw new BackupError(`${backup} is not a Notewise backup folder (no ${BACKUP_MANIFEST}).`);
  }
  const database = path.join(backup, BACKUP_DATABASE);
  const integrity = integrityOf(database);
  if (integrity !== 'ok') throw new BackupError(`The backup's database is damaged: ${integrity}`);
  const lock = acquireDataDirLock(dataDir);
  try {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const keptAside: string[] = [];
    const moveAside = (name: string) => {
      const current = path.join(dataDir, name);
      if (!fs.existsSync(current)) return;
      const aside = `${current}.before-restore-${stamp}`;
      fs.renameSync(current, aside);
      keptAside.push(aside);
    };
    for (const name of [DATABASE_FILE, `${DATABASE_FILE}-wal`, `${DATABASE_FILE}-shm`]) moveAside(name);
    fs.copyFileSync(database, path.join(dataDir, DATABASE_FILE));
    fs.chmodSync(path.join(dataDir, DATABASE_FILE), 0o600);
    if (fs.existsSync(path.join(backup, AUTH_SECRET_FILE))) {
      moveAside(AUTH_SECRET_FILE);
      fs.copyFileSync(path.join(backup, AUTH_SECRET_FILE), path.join(dataDir, AUTH_SECRET_FILE));
      fs.chmodSync(path.join(dataDir, AUTH_SECRET_FILE), 0o600);
    }
    if (fs.existsSync(path.join(backup, UPLOADS))) {
      moveAside(UPLOADS);
      fs.cpSync(path.join(backup, UPLOADS), path.join(dataDir, UPLOADS), { recursive: true });
    }
    return { keptAside };
  } finally {
    lock.release();
  }
}

/** True when `command` runs (pg_dump/pg_restore on PATH). */
function available(command: string): boolean {
  const probe = spawnSync(command, ['--version'], { stdio: 'ignore' });
  return probe.status === 0;
}

export const PG_BACKUP_GUIDANCE = [
  'PostgreSQL is backed up with its own tools (the server may keep running; pg_dump reads one snapshot):',
  '  pg_dump --format=custom --file notewise.dump "$DATABASE_URL"',
  'and restored, with every instance stopped, into an empty database:',
  '  pg_restore --clean --if-exists --no-owner --dbname "$DATABASE_URL" notewise.dump',
].join('\n');

/**
 * A deployment that lives in one schema of a shared database names it in the URL
 * (`?options=-c search_path=notewise`): only that schema is dumped.
 */
function schemaArgs(databaseUrl: string): string[] {
  const options = new URL(databaseUrl).searchParams.get('options') ?? '';
  const schema = options.match(/search_path=([A-Za-z_][A-Za-z0-9_]*)/)?.[1];
  return schema ? [`--schema=${schema}`] : [];
}

/** pg_dump when installed, else the guidance; returns what to print. */
export function backupPostgres(databaseUrl: string, target: string): string {
  if (!available('pg_dump')) return `pg_dump is not installed here.\n${PG_BACKUP_GUIDANCE}`;
  if (fs.existsSync(target)) throw new BackupError(`${target} already exists; choose a new backup path.`);
  const args = ['--format=custom', ...schemaArgs(databaseUrl), '--file', target, databaseUrl];
  const result = spawnSync('pg_dump', args, {
    stdio: ['ignore', 'inherit', 'pipe'],
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new BackupError(`pg_dump failed: ${result.stderr.trim()}`);
  return `Backed up the PostgreSQL database to ${target} (pg_dump custom format).`;
}

export function restorePostgres(databaseUrl: string, source: string): string {
  if (!available('pg_restore')) return `pg_restore is not installed here.\n${PG_BACKUP_GUIDANCE}`;
  const result = spawnSync(
    'pg_restore',
    ['--clean', '--if-exists', '--no-owner', '--dbname', databaseUrl, source],
    { stdio: ['ignore', 'inherit', 'pipe'], encoding: 'utf8' },
  );
  if (result.status !== 0) throw new BackupError(`pg_restore failed: ${result.stderr.trim()}`);
  return `Restored ${source} into the PostgreSQL database. Start the instances again.`;
}
