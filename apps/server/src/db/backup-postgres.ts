import { spawn, spawnSync } from 'node:child_process';
import { BackupError } from './backup-files';

export const PG_BACKUP_GUIDANCE = [
  'PostgreSQL is backed up with its own tools (pg_dump and pg_restore, package postgresql-client,',
  'the same major version as the server or newer). Install them, or run the command where they are',
  '(the Docker image has them: docker compose exec app npm run admin -- backup /data/backups/<name>).',
].join('\n');

/** True when `command` runs (pg_dump/pg_restore on PATH). */
function available(command: string): boolean {
  const probe = spawnSync(command, ['--version'], { stdio: 'ignore' });
  return probe.status === 0;
}

export function assertPostgresTool(command: 'pg_dump' | 'pg_restore'): void {
  if (!available(command)) throw new BackupError(`${command} is not installed here.\n${PG_BACKUP_GUIDANCE}`);
}

/**
 * A deployment that lives in one schema of a shared database names it in the URL
 * (`?options=-c search_path=notewise`): only that schema is dumped.
 */
function schemaArgs(databaseUrl: string): string[] {
  const options = new URL(databaseUrl).searchParams.get('options') ?? '';
  const schema = options.match(/search_path=([A-Za-z_][A-Za-z0-9_]*)/)?.[1];
  return schema ? [`--schema=${schema}`] : [];
}

/** Runs a PostgreSQL tool without blocking the event loop (scheduled backups run in the server). */
function runTool(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.once('error', (error) => reject(new BackupError(`${command} failed: ${error.message}`)));
    child.once('close', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${command} failed: ${stderr.trim() || `exit code ${code}`}`));
    });
  });
}

/** pg_dump reads one snapshot, so the servers may keep writing meanwhile. */
export async function dumpPostgres(databaseUrl: string, file: string): Promise<void> {
  await runTool('pg_dump', ['--format=custom', ...schemaArgs(databaseUrl), '--file', file, databaseUrl]);
}

export async function restorePostgresDump(databaseUrl: string, file: string): Promise<void> {
  await runTool('pg_restore', ['--clean', '--if-exists', '--no-owner', '--dbname', databaseUrl, file]);
}
