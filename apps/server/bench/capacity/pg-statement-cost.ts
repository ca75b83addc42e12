/**
 * What each statement of an autosave, a note read and a list costs a PostgreSQL backend (decision
 * 090): the statements one request sends are captured with their parameters, then each is sent again
 * N times on a client of its own and its backend's CPU read from /proc/<pid>/stat (so other clients
 * of a shared server do not count). Reads are replayed as sent (unnamed: parsed and planned each
 * time) and as named prepared statements; writes are timed through the whole autosave instead: N
 * autosaves through the app, the CPU of its pool's backends and of Node per autosave.
 *
 *   TEST_DATABASE_URL=... npx tsx bench/capacity/pg-statement-cost.ts
 */
import fs from 'node:fs';
import pg from 'pg';
import { request, startTestApp } from '../../test/helpers';
import { PASSWORD, seedUsers } from './seed-users';

const N = Number(process.env.COST_REPEATS ?? 400);
console.log('load at start', fs.readFileSync('/proc/loadavg', 'utf8').trim());
const url = process.env.TEST_DATABASE_URL as string;

const captured: { text: string; values: unknown[] }[] = [];
let capturing = false;
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  if (capturing) {
    const first = args[0] as string | { text: string; values?: unknown[] };
    const text = typeof first === 'string' ? first : first.text;
    const values = (typeof first === 'string' ? args[1] : first.values) as unknown[] | undefined;
    captured.push({ text, values: values ?? [] });
  }
  return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

const cpuMs = (pid: number) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

const t = await startTestApp('postgres', { DEMO_ACCOUNT: 'false', AUTH_RATE_LIMIT: '100000' });
const { users } = await seedUsers(t.database, 20, 30);
const user = users[0] as (typeof users)[number];
const signedIn = await request(t.app, 'POST', '/api/auth/sign-in/email', {
  body: { email: user.email, password: PASSWORD },
});
const cookie = String(signedIn.headers['set-cookie']).split(';')[0] ?? '';
const noteId = user.noteIds[0] as string;
const note = (await request(t.app, 'GET', `/api/notes/${noteId}`, { cookie })).json();
await new Promise((resolve) => setTimeout(resolve, 5200));
capturing = true;
await request(t.app, 'GET', `/api/notes?projectId=${user.projectId}`, { cookie });
await request(t.app, 'GET', `/api/notes/${user.noteIds[1]}`, { cookie });
await new Promise((resolve) => setTimeout(resolve, 5200));
await request(t.app, 'PATCH', `/api/notes/${noteId}`, {
  cookie,
  body: { content: `${note.content} more`, version: note.version },
});
capturing = false;

const client = new pg.Client({
  connectionString: url,
  options: `-c search_path=${t.database.schema},public`,
});
await client.connect();
const pid = (client as unknown as { processID: number }).processID;
const rows: Record<string, string | number>[] = [];
const measure = async (label: string, run: (i: number) => Promise<unknown>) => {
  for (let i = 0; i < 20; i++) await run(i);
  const before = cpuMs(pid);
  const started = process.cpuUsage();
  for (let i = 0; i < N; i++) await run(i);
  const node = process.cpuUsage(started);
  rows.push({
    label,
    backendUsPerCall: Math.round(((cpuMs(pid) - before) / N) * 1000),
    nodeUsPerCall: Math.round((node.user + node.system) / N),
  });
};

// COST_WHOLE_AUTOSAVE_ONLY=1: only the whole autosaves below (old and new commits alternated quickly).
const statementsToo = process.env.COST_WHOLE_AUTOSAVE_ONLY !== '1';
await measure('select 1 (a round trip)', () => client.query('select 1'));
for (const [index, { text, values }] of statementsToo ? captured.entries() : []) {
  if (!/^\s*select/i.test(text)) continue;
  const short = text.replace(/\s+/g, ' ').slice(0, 60);
  await measure(`unnamed ${short}`, () => client.query(text, values));
  await measure(`named   ${short}`, () => client.query({ name: `s${index}`, text, values }));
}
// The same named statements, each execution planned for its parameters (no generic plan).
await client.query('set plan_cache_mode = force_custom_plan');
for (const [index, { text, values }] of statementsToo ? captured.entries() : []) {
  if (!/^\s*select/i.test(text)) continue;
  const short = text.replace(/\s+/g, ' ').slice(0, 60);
  await measure(`custom  ${short}`, () => client.query({ name: `c${index}`, text, values }));
}
await client.end();

// Whole autosaves through the app (decision 102): the backend CPU of every connection of the app's
// pool (read at the end: the pool opens them as it needs), Node's CPU and the statements of each.
const pool = t.database.pool as unknown as { _clients: Array<{ processID: number }> };
const pids = () => pool._clients.map((pooled) => pooled.processID);
let current = (await request(t.app, 'GET', `/api/notes/${noteId}`, { cookie })).json();
const autosave = async (i: number) => {
  const saved = await request(t.app, 'PATCH', `/api/notes/${noteId}`, {
    cookie,
    body: { content: `${current.content.slice(0, 400)} word${i}`, version: current.version },
  });
  if (saved.statusCode !== 200) throw new Error(`autosave ${saved.statusCode} ${saved.body}`);
  current = saved.json();
};
for (let i = 0; i < 20; i++) await autosave(i);
const known = pids();
const backendBefore = new Map(known.map((id) => [id, cpuMs(id)]));
captured.length = 0;
capturing = true;
const nodeStarted = process.cpuUsage();
for (let i = 0; i < N; i++) await autosave(i);
const nodeUsed = process.cpuUsage(nodeStarted);
capturing = false;
const backendMs = pids().reduce((sum, id) => sum + cpuMs(id) - (backendBefore.get(id) ?? 0), 0);
rows.push({
  label: `whole autosave (${(captured.length / N).toFixed(2)} statements each, ${pids().length} backends)`,
  backendUsPerCall: Math.round((backendMs / N) * 1000),
  nodeUsPerCall: Math.round((nodeUsed.user + nodeUsed.system) / N),
});
console.table(rows);
console.log('load', fs.readFileSync('/proc/loadavg', 'utf8').trim());
await t.close();
await t.testDb.destroy();
process.exit(0);
