import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '.';
import { AUTH_SECRET_FILE, type BackupConfig, DATABASE_FILE, formatBytes, readManifest } from './backup';
import { BackupError, restoreUploads, type UploadsSummary } from './backup-files';
import { assertPostgresTool, restorePostgresDump } from './backup-postgres';
import { integrityOf } from './backup-sqlite';
import { acquireDataDirLock } from './data-dir-lock';
import { servingInstances } from './instance-heartbeat';

export interface RestoreOptions {
  /** PostgreSQL: restore even though instances are serving (their newer writes are lost). */
  force?: boolean;
}

/** Moves what a restore replaces aside (`*.before-restore-<time>`), recording where it went. */
function asideMover(dataDir: string) {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const keptAside: string[] = [];
  const moveAside = (name: string) => {
    const current = path.join(dataDir, name);
    if (!fs.existsSync(current)) return;
    const aside = `${current}.before-restore-${stamp}`;
    fs.renameSync(current, aside);
    keptAside.push(aside);
  };
  return { keptAside, moveAside };
}

function restoreAuthSecret(
  config: BackupConfig,
  backup: string,
  moveAside: (name: string) => void,
  lines: string[],
): void {
  const saved = path.join(backup, AUTH_SECRET_FILE);
  if (!fs.existsSync(saved)) return;
  if (config.authSecret) {
    lines.push("The backup's auth-secret was not restored: AUTH_SECRET is set in the environment.");
    return;
  }
  fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  moveAside(AUTH_SECRET_FILE);
  fs.copyFileSync(saved, path.join(config.dataDir, AUTH_SECRET_FILE));
  fs.chmodSync(path.join(config.dataDir, AUTH_SECRET_FILE), 0o600);
}

const uploadsLine = (summary: UploadsSummary | null) =>
  summary
    ? `Restored ${summary.count} uploaded file(s), ${formatBytes(summary.bytes)}, into ${summary.source}.`
    : 'The backup holds no uploads folder; uploads were left as they are.';

/**
 * Restores a backup folder (decision 045) into the configured database and storage, and returns
 * what to print. SQLite: refuses while a server holds the data folder, and holds its lock meanwhile.
 * PostgreSQL: refuses while any instance's heartbeat is recent, unless forced.
 */
export async function restoreBackup(
  config: BackupConfig,
  source: string,
  options: RestoreOptions = {},
): Promise<string[]> {
  if (config.databaseUrl) return restorePostgres(config, config.databaseUrl, source, options);
  const manifest = readManifest(source);
  if (manifest.database?.kind !== 'sqlite') {
    throw new BackupError(
      `${source} holds a PostgreSQL database: restore it with DATABASE_URL set to that database.`,
    );
  }
  const database = path.join(source, manifest.database.file);
  const integrity = integrityOf(database);
  if (integrity !== 'ok') throw new BackupError(`The backup's database is damaged: ${integrity}`);
  const lock = acquireDataDirLock(config.dataDir);
  try {
    const { keptAside, moveAside } = asideMover(config.dataDir);
    // The old -wal/-shm go too: left in place, SQLite would replay the old log onto the restored file.
    for (const name of [DATABASE_FILE, `${DATABASE_FILE}-wal`, `${DATABASE_FILE}-shm`]) moveAside(name);
    fs.copyFileSync(database, path.join(config.dataDir, DATABASE_FILE));
    fs.chmodSync(path.join(config.dataDir, DATABASE_FILE), 0o600);
    const lines = [`Restored ${source} into ${config.dataDir}.`];
    restoreAuthSecret(config, source, moveAside, lines);
    lines.push(uploadsLine(await restoreUploads(config, source, moveAside)));
    if (keptAside.length) lines.push(`The previous files were kept as:\n  ${keptAside.join('\n  ')}`);
    return lines;
  } finally {
    lock.release();
  }
}

async function refuseWhileServing(config: BackupConfig, databaseUrl: string): Promise<void> {
  const database = openDatabase({ databaseUrl, dataDir: config.dataDir });
  try {
    const serving = await servingInstances(database.db);
    if (serving.length === 0) return;
    const list = serving
      .map((s) => `  ${s.host} (process ${s.pid}, heartbeat ${s.secondsAgo} s ago)`)
      .join('\n');
    throw new BackupError(
      `Refusing to restore: ${serving.length} Notewise server(s) are serving this database:\n${list}\n` +
        'A restore replaces the whole database, and writes they acknowledged after the backup would be lost.\n' +
        'Stop every instance first (docker compose stop app), then restore; or pass --force.',
    );
  } finally {
    await database.close();
  }
}

async function restorePostgres(
  config: BackupConfig,
  databaseUrl: string,
  source: string,
  options: RestoreOptions,
): Promise<string[]> {
  // A single dump file: a backup made before backups were folders.
  const legacy = fs.statSync(source, { throwIfNoEntry: false })?.isFile() === true;
  let dump = source;
  if (!legacy) {
    const manifest = readManifest(source);
    if (manifest.database?.kind !== 'postgres') {
      throw new BackupError(
        `${source} holds an embedded (SQLite) database: restore it with DATABASE_URL unset and DATA_DIR set.`,
      );
    }
    dump = path.join(source, manifest.database.file);
  }
  assertPostgresTool('pg_restore');
  if (!options.force) await refuseWhileServing(config, databaseUrl);
  await restorePostgresDump(databaseUrl, dump);
  const lines = [`Restored the PostgreSQL database from ${dump}.`];
  if (legacy) return [...lines, 'Start the instances again.'];
  const { keptAside, moveAside } = asideMover(config.dataDir);
  restoreAuthSecret(config, source, moveAside, lines);
  lines.push(uploadsLine(await restoreUploads(config, source, moveAside)));
  if (keptAside.length) lines.push(`The previous files were kept as:\n  ${keptAside.join('\n  ')}`);
  lines.push('Start the instances again.');
  return lines;
}
