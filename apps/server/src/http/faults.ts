import type { FastifyBaseLogger } from 'fastify';
import { opsMetrics } from '../ops/metrics';
import { StorageUnavailableError } from '../storage/storage';
import { createLogThrottle } from './log-throttle';

/** A part of the server that is down, as an error says (decision 046). */
export type Fault = 'disk-full' | 'storage-unavailable' | 'database-unavailable';

/** Errors that mean the database is unreachable right now (restart, failover, killed connection). */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown (pg_terminate_backend, fast shutdown)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, in recovery)
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '53300', // too_many_connections
]);

const DISK_FULL_CODES = new Set([
  'SQLITE_FULL', // better-sqlite3: "database or disk is full" (also PRAGMA max_page_count reached)
  'ENOSPC', // a file write (uploads folder, backups)
  'EDQUOT', // the user's disk quota: the same thing for whoever runs the server
  '53100', // PostgreSQL disk_full
]);

/** The error or one of its causes (better-auth and the storage wrap the driver's error in their own). */
function someCause(error: unknown, test: (error: Error) => boolean, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 3) return false;
  return test(error) || someCause(error.cause, test, depth + 1);
}

const codeOf = (error: Error) => (error as { code?: unknown }).code;

export function isDatabaseUnavailable(error: unknown): boolean {
  return someCause(error, (e) => {
    const code = codeOf(e);
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    return /^Connection terminated|not queryable|timeout exceeded when trying to connect/i.test(e.message);
  });
}

export function isDiskFull(error: unknown): boolean {
  return someCause(error, (e) => {
    const code = codeOf(e);
    return typeof code === 'string' && DISK_FULL_CODES.has(code);
  });
}

/**
 * Which part failed. A full disk first: it is the cause whichever part hit it. Then the storage: its
 * errors wrap network ones (ECONNREFUSED from S3) that would otherwise read as the database.
 */
export function faultOf(error: unknown): Fault | undefined {
  if (isDiskFull(error)) return 'disk-full';
  if (someCause(error, (e) => e instanceof StorageUnavailableError)) return 'storage-unavailable';
  if (isDatabaseUnavailable(error)) return 'database-unavailable';
  return undefined;
}

const LOG_LINES: Record<Fault, string> = {
  'disk-full': 'disk full: nothing new can be saved until space is freed',
  'storage-unavailable': 'file storage unavailable: uploads and pictures fail until it answers',
  'database-unavailable': 'database unavailable',
};

export interface FaultLog {
  /**
   * Logs the fault at once, then at most once per interval with the number of requests that failed
   * the same way meanwhile: an outage under load is a few lines a minute, not one per request.
   */
  report(fault: Fault, error: unknown, log: FastifyBaseLogger): void;
  /** When the fault last happened (ms since the epoch), for readiness. */
  lastSeen(fault: Fault): number | undefined;
}

export const FAULT_LOG_INTERVAL_MS = 60_000;

export function createFaultLog(options: { intervalMs?: number; now?: () => number } = {}): FaultLog {
  const now = options.now ?? Date.now;
  const throttle = createLogThrottle(options.intervalMs ?? FAULT_LOG_INTERVAL_MS, now);
  const seenAt = new Map<Fault, number>();
  const unlogged = new Map<Fault, number>();
  return {
    report(fault, error, log) {
      opsMetrics.fault(fault);
      seenAt.set(fault, now());
      if (!throttle.shouldLog(fault)) {
        unlogged.set(fault, (unlogged.get(fault) ?? 0) + 1);
        return;
      }
      const since = unlogged.get(fault) ?? 0;
      unlogged.delete(fault);
      log.error(
        { err: error, fault, ...(since > 0 ? { sameFailuresSinceLastLine: since } : {}) },
        `${LOG_LINES[fault]} (logged at most once a minute)`,
      );
    },
    lastSeen: (fault) => seenAt.get(fault),
  };
}
