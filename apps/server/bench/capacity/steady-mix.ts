/**
 * The CPU per request of the capacity bench's steady state, in one process (app.inject, no sockets),
 * so two commits compare on a machine others share (decisions 084, 090):
 *
 *   git archive <commit> apps/server packages | tar -x -C /tmp/a   (node_modules linked in), then
 *   npx tsx bench/capacity/steady-mix.ts <label>   in each tree, both at the same time.
 *
 * 100 people signed in; each round every person autosaves their note, every fourth also opens a
 * note and every fourth a list (three autosaves to one read, as at 400 people). Rounds are 5.2 s
 * apart, so every session is past the session cache's 5 s, as people acting every 3-10 s are.
 * Prints the CPU of this thread per request over six rounds after a first one.
 *
 * STEADY_DIALECT=postgres (TEST_DATABASE_URL, and TEST_REDIS_URL for Redis as the capacity bench
 * runs it) also prints the CPU of the PostgreSQL backends serving this process's pool (their
 * /proc/<pid>/stat, so other clients of the same server do not count), the statements per request
 * (every query the pool's clients send, BEGIN and COMMIT included) and the statements by kind.
 */
import fs from 'node:fs';
import pg from 'pg';
import type { Dialect } from '../../src/db/types';
import { request, startTestApp } from '../../test/helpers';
import { PASSWORD, seedUsers } from './seed-users';

const PEOPLE = 100;
const ROUNDS = Number(process.env.STEADY_ROUNDS ?? 7);
const DIALECT = (process.env.STEADY_DIALECT ?? 'sqlite') as Dialect;
// Node 24 has it; the @types/node in use does not declare it yet.
const threadCpuUs = () => {
  const usage = (process as unknown as { threadCpuUsage(): NodeJS.CpuUsage }).threadCpuUsage();
  return usage.user + usage.system;
};

// Every statement a pooled client sends, by its first words (the SQL of a query config or string).
const statements = new Map<string, number>();
let counting = false;
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  if (counting) {
    const first = args[0] as string | { text: string };
    const text = typeof first === 'string' ? first : first.text;
    const key = text.replace(/\s+/g, ' ').slice(0, 90);
    statements.set(key, (statements.get(key) ?? 0) + 1);
  }
  return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

/** CPU in ms (user + system) of these processes, from /proc (clock ticks of 10 ms). */
function processesCpuMs(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // A backend that ended (its client closed) is no longer counted.
    }
  }
  return ticks * 10;
}

const env: Record<string, string> = { DEMO_ACCOUNT: 'false', AUTH_RATE_LIMIT: '100000' };
if (DIALECT === 'postgres' && process.env.TEST_REDIS_URL) {
  env.REDIS_URL = process.env.TEST_REDIS_URL;
  env.REDIS_PREFIX = `steady-${process.pid}:`;
  env.AUTH_SECRET = 'steady-mix-secret-steady-mix-secret-steady-mix';
}
const t = await startTestApp(DIALECT, env);
const pool = t.database.pool;
// Idle connections stay open between rounds, so no backend's CPU leaves with its process.
if (pool) (pool as unknown as { options: { idleTimeoutMillis: number } }).options.idleTimeoutMillis = 0;
const backendPids = () =>
  ((pool as unknown as { _clients?: { processID?: number }[] })?._clients ?? [])
    .map((client) => client.processID)
    .filter((pid): pid is number => typeof pid === 'number');
const { users } = await seedUsers(t.database, PEOPLE, 30);
const people = [];
for (const user of users) {
  const body = { email: user.email, password: PASSWORD };
  const signedIn = await request(t.app, 'POST', '/api/auth/sign-in/email', { body });
  const cookie = String(signedIn.headers['set-cookie']).split(';')[0] ?? '';
  const noteId = user.noteIds[0] as string;
  const note = (await request(t.app, 'GET', `/api/notes/${noteId}`, { cookie })).json();
  people.push({ user, cookie, noteId, content: note.content as string, version: note.version as number });
}

let cpuUs = 0;
let backendMs = 0;
let requests = 0;
for (let round = 0; round < ROUNDS; round++) {
  await new Promise((resolve) => setTimeout(resolve, 5200));
  counting = round > 0;
  const pids = backendPids();
  const before = threadCpuUs();
  const backendBefore = processesCpuMs(pids);
  let count = 0;
  for (const [i, person] of people.entries()) {
    const body = { content: `${person.content} r${round}x`, version: person.version };
    const saved = await request(t.app, 'PATCH', `/api/notes/${person.noteId}`, {
      cookie: person.cookie,
      body,
    });
    if (saved.statusCode !== 200) throw new Error(`autosave answered ${saved.statusCode}: ${saved.body}`);
    ({ content: person.content, version: person.version } = saved.json());
    count++;
    const { user, cookie } = person;
    if (i % 4 === 0) await request(t.app, 'GET', `/api/notes/${user.noteIds[1]}`, { cookie });
    if (i % 4 === 1) await request(t.app, 'GET', `/api/notes?projectId=${user.projectId}`, { cookie });
    if (i % 4 < 2) count++;
  }
  if (round > 0) {
    cpuUs += threadCpuUs() - before;
    // A backend opened during the round counts from its start.
    const opened = backendPids().filter((pid) => !pids.includes(pid));
    backendMs += processesCpuMs(pids) - backendBefore + processesCpuMs(opened);
    requests += count;
  }
}
const totalStatements = [...statements.values()].reduce((sum, n) => sum + n, 0);
console.log(
  JSON.stringify({
    label: process.argv[2] ?? '',
    dialect: DIALECT,
    requests,
    cpuMsPerRequest: Math.round(cpuUs / requests) / 1000,
    ...(DIALECT === 'postgres'
      ? {
          backendCpuMsPerRequest: Math.round((backendMs / requests) * 1000) / 1000,
          statementsPerRequest: Math.round((totalStatements / requests) * 100) / 100,
          load: fs.readFileSync('/proc/loadavg', 'utf8').trim(),
        }
      : {}),
  }),
);
if (DIALECT === 'postgres' && process.env.STEADY_STATEMENTS) {
  for (const [sql, n] of [...statements.entries()].sort(([, a], [, b]) => b - a)) {
    console.log(`${(n / requests).toFixed(2).padStart(6)}  ${sql}`);
  }
}
await t.close();
await t.testDb.destroy();
process.exit(0);
