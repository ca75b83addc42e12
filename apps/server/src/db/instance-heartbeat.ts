import crypto from 'node:crypto';
import os from 'node:os';
import { type Kysely, sql } from 'kysely';
import { opsMetrics } from '../ops/metrics';
import type { DatabaseHandle } from '.';
import type { Database } from './types';

/** How often a server on PostgreSQL renews its row; a row older than three periods is not serving. */
export const HEARTBEAT_MS = 5_000;
export const SERVING_WITHIN_MS = 3 * HEARTBEAT_MS;

// The database's clock, not each host's: instances on different machines compare beats fairly.
const dbNow = sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint`;

interface Logger {
  warn(object: object, message: string): void;
}

/**
 * Each server on PostgreSQL keeps a row in `instance_heartbeats` current while it runs, so a restore
 * (which replaces the whole database) can refuse while instances are serving: their acknowledged
 * writes would be lost. SQLite needs none: its data-folder lock says the same. The row goes when
 * the server closes; a crashed server's row simply stops being renewed.
 */
export async function startInstanceHeartbeat(
  database: DatabaseHandle,
  log: Logger,
  intervalMs = HEARTBEAT_MS,
): Promise<{ stop(): Promise<void> }> {
  if (database.dialect !== 'postgres') return { stop: async () => {} };
  const { db } = database;
  const id = crypto.randomUUID();
  let failing = false;
  const beat = async () => {
    try {
      await db
        .insertInto('instance_heartbeats')
        .values({ id, host: os.hostname(), pid: process.pid, started_at: dbNow, beat_at: dbNow })
        .onConflict((c) => c.column('id').doUpdateSet({ beat_at: dbNow }))
        .execute();
      failing = false;
    } catch (err) {
      // The database is away (requests answer 503 meanwhile); one line, not one per period.
      opsMetrics.jobFailed('instance-heartbeat');
      if (!failing) log.warn({ err }, 'could not renew the instance heartbeat');
      failing = true;
    }
  };
  // Rows of servers that crashed a day ago or more are nobody's: clear them so the table stays small.
  const sweep = () =>
    db
      .deleteFrom('instance_heartbeats')
      .where(sql<boolean>`beat_at < ${dbNow} - ${86_400_000}`)
      .execute()
      .then(
        () => {},
        () => {},
      );
  let running: Promise<void> = beat().then(sweep);
  const timer = setInterval(() => {
    running = running.then(beat);
  }, intervalMs);
  timer.unref();
  // Serving from the first request on: a restore started right after this start sees the row.
  await running;
  return {
    async stop() {
      clearInterval(timer);
      await running;
      await db
        .deleteFrom('instance_heartbeats')
        .where('id', '=', id)
        .execute()
        .catch(() => {});
    },
  };
}

export interface ServingInstance {
  host: string;
  pid: number;
  secondsAgo: number;
}

/** Servers whose heartbeat is recent (none when the database has no such table yet). */
export async function servingInstances(db: Kysely<Database>): Promise<ServingInstance[]> {
  try {
    const rows = await db
      .selectFrom('instance_heartbeats')
      .select(['host', 'pid', sql<number>`${dbNow} - beat_at`.as('age')])
      .where(sql<boolean>`beat_at > ${dbNow} - ${SERVING_WITHIN_MS}`)
      .execute();
    return rows.map((row) => ({
      host: row.host,
      pid: row.pid,
      secondsAgo: Math.round(Number(row.age) / 1000),
    }));
  } catch (error) {
    if ((error as { code?: string }).code === '42P01') return [];
    throw error;
  }
}
