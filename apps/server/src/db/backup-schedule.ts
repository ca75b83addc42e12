import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Gauge, type Registry } from 'prom-client';
import type { BackupSettings } from '../config/backup-env';
import { parseCron } from '../config/cron';
import { opsMetrics } from '../ops/metrics';
import type { DatabaseHandle } from '.';
import { BACKUP_MANIFEST, type BackupConfig, createBackup, formatBytes } from './backup';

/** setTimeout and Date.now, replaceable: the schedule's test drives a simulated clock. */
export interface Clock {
  now(): number;
  setTimeout(run: () => void, ms: number): { cancel(): void };
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout(run, ms) {
    const timer = setTimeout(run, ms);
    // A pending backup never keeps a process alive that is shutting down.
    timer.unref();
    return { cancel: () => clearTimeout(timer) };
  },
};

interface Logger {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface BackupSchedule {
  /** Runs the backup of one slot (a scheduled minute), unless another instance claimed it. */
  run(slot: Date): Promise<'done' | 'failed' | 'claimed elsewhere'>;
  /** Resolves once no backup is in progress. */
  idle(): Promise<void>;
  stop(): void;
}

// Timers longer than this are re-armed: setTimeout overflows past 24.8 days, and a clock that jumps
// (a suspended machine) is noticed within the hour.
const MAX_WAIT_MS = 3_600_000;
const PREFIX = 'notewise-';

/** `notewise-2026-11-24T03-00Z`: sorts by time, safe in every file system. */
export function backupFolderName(slot: Date): string {
  return `${PREFIX}${slot.toISOString().slice(0, 16).replace(/:/g, '-')}Z`;
}

/**
 * Keeps the newest `keep` complete backups (those with a manifest) and deletes the rest, oldest
 * first; a folder without a manifest is a backup that was cut off (the process stopped meanwhile).
 */
export function rotateBackups(dir: string, keep: number, running: string | null): string[] {
  const names = fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name.startsWith(PREFIX) && entry.name !== running)
    .map((entry) => entry.name)
    .sort();
  const complete = names.filter((name) => fs.existsSync(path.join(dir, name, BACKUP_MANIFEST)));
  const remove = [
    ...names.filter((name) => !complete.includes(name)),
    ...complete.slice(0, Math.max(0, complete.length - keep)),
  ];
  for (const name of remove) fs.rmSync(path.join(dir, name), { recursive: true, force: true });
  return remove;
}

/**
 * Runs the admin CLI's backup on a cron schedule (BACKUP_CRON) into BACKUP_DIR, keeps BACKUP_KEEP of
 * them and logs each result. Every instance runs the timer; the first to insert the slot's row in
 * `backup_runs` runs the backup, the others skip it, so one backup is made per slot.
 */
export function startBackupSchedule(options: {
  settings: BackupSettings;
  config: BackupConfig;
  database: DatabaseHandle;
  log: Logger;
  clock?: Clock;
}): BackupSchedule {
  const { settings, config, database, log } = options;
  const clock = options.clock ?? systemClock;
  const cron = parseCron(settings.cron);
  const { db } = database;
  let timer: { cancel(): void } | null = null;
  let stopped = false;
  let inProgress: Promise<unknown> = Promise.resolve();

  const run: BackupSchedule['run'] = async (slot) => {
    const slotKey = slot.toISOString();
    const claimed = await db
      .insertInto('backup_runs')
      .values({ slot: slotKey, host: os.hostname(), started_at: clock.now() })
      .onConflict((c) => c.column('slot').doNothing())
      .returning('slot')
      .executeTakeFirst();
    if (!claimed) return 'claimed elsewhere';
    const name = backupFolderName(slot);
    const target = path.join(settings.dir, name);
    const started = clock.now();
    try {
      fs.mkdirSync(settings.dir, { recursive: true, mode: 0o700 });
      const manifest = await createBackup(config, target);
      const removed = rotateBackups(settings.dir, settings.keep, null);
      const detail = `${manifest.database?.kind} ${formatBytes(manifest.database?.bytes ?? 0)}, ${
        manifest.uploads?.count ?? 0
      } upload(s) ${formatBytes(manifest.uploads?.bytes ?? 0)}`;
      await db
        .updateTable('backup_runs')
        .set({ finished_at: clock.now(), ok: 1, detail })
        .where('slot', '=', slotKey)
        .execute();
      log.info(
        { backup: target, detail, removed, ms: clock.now() - started },
        `scheduled backup done: ${target} (${detail}); ${removed.length} old backup(s) removed`,
      );
      return 'done';
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await db
        .updateTable('backup_runs')
        .set({ finished_at: clock.now(), ok: 0, detail: message.slice(0, 2000) })
        .where('slot', '=', slotKey)
        .execute()
        .catch(() => {});
      opsMetrics.jobFailed('backup');
      log.error({ err, backup: target }, `scheduled backup failed: ${message}`);
      return 'failed';
    }
  };

  const arm = (after: number) => {
    if (stopped) return;
    const due = cron.next(new Date(after));
    if (!due) {
      log.error({ cron: settings.cron }, 'BACKUP_CRON never matches a date: no scheduled backups');
      return;
    }
    const wait = () => {
      if (stopped) return;
      const left = due.getTime() - clock.now();
      if (left > 0) {
        timer = clock.setTimeout(wait, Math.min(left, MAX_WAIT_MS));
        return;
      }
      const current = run(due).catch((err: unknown) => {
        opsMetrics.jobFailed('backup');
        log.error({ err }, 'scheduled backup could not start');
      });
      inProgress = current;
      // The next slot after this one; a backup longer than the interval skips the slots it overran.
      void current.then(() => arm(Math.max(due.getTime(), clock.now())));
    };
    wait();
  };
  arm(clock.now());

  return {
    run,
    idle: async () => {
      let seen: Promise<unknown> | undefined;
      while (seen !== inProgress) {
        seen = inProgress;
        await seen;
      }
    },
    stop() {
      stopped = true;
      timer?.cancel();
    },
  };
}

/**
 * `notewise_backup_last_success_timestamp_seconds`: the last scheduled backup that succeeded on any
 * instance (read from `backup_runs`, so every instance reports the same), for an alert when it is
 * older than the schedule allows.
 */
export function registerBackupMetrics(registry: Registry, database: DatabaseHandle): void {
  new Gauge({
    name: 'notewise_backup_last_success_timestamp_seconds',
    help: 'When the last scheduled backup succeeded (Unix time; 0: none yet)',
    registers: [registry],
    async collect() {
      const row = await database.db
        .selectFrom('backup_runs')
        .select((eb) => eb.fn.max('finished_at').as('last'))
        .where('ok', '=', 1)
        .executeTakeFirst();
      this.set(row?.last ? Number(row.last) / 1000 : 0);
    },
  });
}
