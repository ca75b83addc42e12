/**
 * `npm run bench:capacity`: how many people one server holds. For each configuration (SQLite;
 * PostgreSQL + Redis; two instances on PostgreSQL + Redis behind a round-robin proxy) it seeds the
 * people into a fresh database, starts the server in a process of its own, and ramps the number of
 * simulated people (user.ts says what each does and how often) run by separate load-generator
 * processes, until the p99 of any action passes 200 ms (the built-in AI 1 s) or any error appears. Every step prints the
 * p50/p95/p99 of each action, the errors and the servers' memory; at the end every acknowledged
 * autosave and co-edit is looked up in the database (lost edits). Beside it, measured in the same
 * run: the machine's load average and a bare Fastify route's throughput.
 *
 * Beside the latencies, each step records the servers' CPU time per person (/proc): on a machine other
 * processes share, it says what the server itself costs, whatever the neighbours take.
 *
 * Env: CAPACITY_STEPS (25,50,100,200,400,700,1000,1500), CAPACITY_STEP_SECONDS (30),
 * CAPACITY_PAST_KNEE (1: steps run after the first that misses), CAPACITY_WARMUP_SECONDS (15),
 * CAPACITY_CONFIGS (sqlite,postgres,two-instances), CAPACITY_GENERATORS (2),
 * CAPACITY_DATABASE_URL, CAPACITY_REDIS_URL, CAPACITY_CPU_PROF=<dir> (V8 profiles of the servers),
 * CAPACITY_BASE_PORT (3302: servers on 3312 and up, so two runs can share a machine),
 * CAPACITY_SQL_PROF=<dir> (server.ts: CPU per SQLite statement and requests per route, per step),
 * CAPACITY_ARRIVALS (sign-in: every newcomer signs in with the password, at most ten a second, as
 * before; returning: newcomers come back with a session made at seeding, as people do whose session
 * lasts 30 days - decision 084),
 * CAPACITY_PROXY (tcp: two instances behind a per-connection TCP balancer, as nginx's stream module;
 * http: a per-request HTTP proxy in Node, which decision 107 found costs more than it measures).
 * Results: bench/results/capacity.json.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/db';
import { migrateToLatest } from '../../src/db/migrations';
import { HERE, load, startBare } from '../harness';
import {
  cpuPressure,
  cpuSeconds,
  type Generator,
  rssMb,
  type ServerProcess,
  startGenerator,
  startServer,
} from './processes';
import { type ProxyKind, startProxy } from './proxy';
import { printConfiguration, type StepResult } from './report';
import { type SeededUser, seedSessions, seedUsers } from './seed-users';
import { type Acknowledged, lostEdits, maximumUsers, mergeSamples, summarize } from './stats';
import { SimulatedUser } from './user';

const BUDGET_MS = 200;
/**
 * The built-in AI's figure is a whole stream read to its end (a summary or grammar check of a 60-word
 * note), which the web types out at 20 ms a character anyway: it is judged at 1 s (decision 076).
 */
const ACTION_BUDGETS_MS = { ai: 1000 };
const STEPS = (process.env.CAPACITY_STEPS ?? '25,50,100,200,400,700,1000,1500').split(',').map(Number);
const STEP_SECONDS = Number(process.env.CAPACITY_STEP_SECONDS ?? 30);
const CONFIGS = (process.env.CAPACITY_CONFIGS ?? 'sqlite,postgres,two-instances').split(',');
const GENERATORS = Number(process.env.CAPACITY_GENERATORS ?? 2);
const DATABASE_URL = process.env.CAPACITY_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.CAPACITY_REDIS_URL ?? 'redis://127.0.0.1:6379';
const CPU_PROF = process.env.CAPACITY_CPU_PROF;
/** At most ten people sign in per second: a step's newcomers arrive over its first seconds. */
const ARRIVALS_PER_SECOND = 10;
/**
 * What a newcomer does on arrival, reported apart (the ramp): signing in hashes the password with
 * scrypt on purpose, so a rush of sign-ins has its own figure and does not stand for a working day.
 */
const ARRIVAL_ACTIONS = ['sign-in', 'app', 'events-connect'];
const ARRIVALS = process.env.CAPACITY_ARRIVALS ?? 'sign-in';
if (!['sign-in', 'returning'].includes(ARRIVALS)) throw new Error('CAPACITY_ARRIVALS: sign-in or returning');
const PROXY = (process.env.CAPACITY_PROXY ?? 'tcp') as ProxyKind;
if (!['tcp', 'http'].includes(PROXY)) throw new Error('CAPACITY_PROXY: tcp or http');
const PAST_KNEE = Number(process.env.CAPACITY_PAST_KNEE ?? 1);
const WARMUP_SECONDS = Number(process.env.CAPACITY_WARMUP_SECONDS ?? 15);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function measureConfiguration(name: string) {
  const loadAverage = os.loadavg().map((value) => Math.round(value * 100) / 100);
  const postgres = name !== 'sqlite';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'notewise-capacity-'));
  const pgSchema = postgres ? `capacity_${crypto.randomBytes(4).toString('hex')}` : undefined;
  const pg = postgres ? (await import('pg')).default : undefined;
  if (pg) {
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    await client.query(`CREATE SCHEMA ${pgSchema}`);
    await client.end();
  }
  const open = () => openDatabase({ databaseUrl: postgres ? DATABASE_URL : undefined, dataDir, pgSchema });
  const maxUsers = Math.max(...STEPS);
  const seeding = open();
  await migrateToLatest(seeding.db, seeding.dialect, seeding.schema);
  // One more person than the largest step: the warm-up's, who is not among the measured.
  const { users: seeded, seconds: seedSeconds } = await seedUsers(seeding, maxUsers + 1, 30);
  const users = seeded.slice(0, maxUsers);
  const touring = seeded[maxUsers] as SeededUser;
  const authSecret = crypto.randomBytes(24).toString('hex');
  if (ARRIVALS === 'returning') await seedSessions(seeding, users, authSecret);
  await seeding.close();
  console.log(
    `${name}: ${maxUsers} people seeded in ${seedSeconds}s (arrivals: ${ARRIVALS}); load average ${loadAverage.join(' ')}`,
  );

  const redisPrefix = `capacity-${crypto.randomBytes(3).toString('hex')}:`;
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    AUTH_SECRET: authSecret,
    ...(postgres
      ? {
          DATABASE_URL,
          CAPACITY_PG_SCHEMA: pgSchema ?? '',
          REDIS_URL,
          REDIS_PREFIX: redisPrefix,
        }
      : {}),
    // Only the HTTP proxy speaks for the client in a header; the TCP one connects from its address.
    ...(name === 'two-instances' && PROXY === 'http' ? { TRUST_PROXY: '127.0.0.1' } : {}),
  };
  const profileDir = CPU_PROF ? path.resolve(CPU_PROF, name) : undefined;
  const basePort = Number(process.env.CAPACITY_BASE_PORT ?? 3302);
  const servers: ServerProcess[] = [];
  const instances = name === 'two-instances' ? 2 : 1;
  for (let i = 0; i < instances; i++) servers.push(await startServer(env, basePort + 10 + i, profileDir));
  const proxy =
    instances > 1
      ? await startProxy(
          servers.map((server) => server.port),
          PROXY,
        )
      : undefined;
  const origin = `http://127.0.0.1:${proxy?.port ?? servers[0]?.port}`;

  const relayed = postgres ? await countRedisMessages(redisPrefix) : undefined;
  const { bareRate, healthRate } = await measureLimits(origin);
  console.log(
    `${name}: bare Fastify route ${bareRate} req/s, the app's /api/health ${healthRate} req/s (16 clients back to back)`,
  );

  const generators: Generator[] = Array.from({ length: GENERATORS }, () => startGenerator());
  generators.forEach((generator, g) => {
    generator.send({ type: 'init', origin, users: users.filter((user) => user.index % GENERATORS === g) });
  });
  const memory: { seconds: number; users: number; rssMb: number[] }[] = [];
  const runStarted = performance.now();
  let currentUsers = 0;
  const sampler = setInterval(() => {
    memory.push({
      seconds: Math.round((performance.now() - runStarted) / 1000),
      users: currentUsers,
      rssMb: servers.map((server) => rssMb(server.child.pid)),
    });
  }, 1000);

  // Warm-up, not counted: the first requests load the engines and modules and JIT-compile the
  // server. Every kind of request twice on each instance, straight to it (a per-connection proxy would
  // send one tour's requests all to one instance), then the first people for a while.
  const warmUpErrors: string[] = [];
  for (const server of [...servers, ...servers]) {
    await new SimulatedUser(touring, `http://127.0.0.1:${server.port}`, {
      sample: () => {},
      error: (action, message) => warmUpErrors.push(`${action}: ${message}`),
      acknowledged: () => {},
    }).tour();
  }
  if (warmUpErrors.length > 0) console.log(`${name}: warm-up errors: ${warmUpErrors.join('; ')}`);
  const warmUp = Math.min(10, STEPS[0] ?? 10);
  currentUsers = warmUp;
  await Promise.all(
    generators.map((generator, g) =>
      generator.ask({ type: 'grow', count: Math.ceil((warmUp - g) / GENERATORS), overMs: 2000 }, 'grown'),
    ),
  );
  await sleep(WARMUP_SECONDS * 1000);
  await Promise.all(generators.map((generator) => generator.ask({ type: 'collect' }, 'samples')));
  await Promise.all(servers.map((server) => server.loop()));

  const steps: StepResult[] = [];
  let stepsPastKnee: number | undefined;
  for (const count of STEPS) {
    const rampMs = Math.max(2000, ((count - currentUsers) / ARRIVALS_PER_SECOND) * 1000);
    const rampStarted = performance.now();
    currentUsers = count;
    await Promise.all(
      generators.map((generator, g) =>
        generator.ask({ type: 'grow', count: Math.ceil((count - g) / GENERATORS), overMs: rampMs }, 'grown'),
      ),
    );
    const rampSeconds = Math.round((performance.now() - rampStarted) / 100) / 10;
    const ramp = await Promise.all(
      generators.map((generator) => generator.ask({ type: 'collect' }, 'samples')),
    );
    await Promise.all(servers.map((server) => server.loop()));
    const stepStart = memory.length;
    const cpuBefore = servers.map((server) => cpuSeconds(server.child.pid));
    const mainBefore = servers.map((server) => cpuSeconds(server.child.pid, true));
    // The proxy runs in this process (nothing else here is busy during a step): its CPU is this one's.
    const proxyBefore = process.cpuUsage();
    relayed?.reset();
    const clockBefore = performance.now();
    await sleep(STEP_SECONDS * 1000);
    const elapsed = (performance.now() - clockBefore) / 1000;
    const cpu = servers.map((server, i) => (cpuSeconds(server.child.pid) - (cpuBefore[i] ?? 0)) / elapsed);
    const proxyUsage = process.cpuUsage(proxyBefore);
    const proxyCores = proxy ? (proxyUsage.user + proxyUsage.system) / 1e6 / elapsed : null;
    const mainCpu = servers.map(
      (server, i) => (cpuSeconds(server.child.pid, true) - (mainBefore[i] ?? 0)) / elapsed,
    );
    const measured = await Promise.all(
      generators.map((generator) => generator.ask({ type: 'collect' }, 'samples')),
    );
    const loops = await Promise.all(servers.map((server) => server.loop()));
    const figures = (parts: { samples: Record<string, number[]> }[], only?: string[]) =>
      Object.fromEntries(
        Object.entries(mergeSamples(parts.map((part) => part.samples)))
          .filter(([action, values]) => values.length > 0 && (!only || only.includes(action)))
          .map(([action, values]) => [action, summarize(values)]),
      );
    const errorList = [...ramp, ...measured].flatMap((part) =>
      Object.entries(part.errors).flatMap(([action, messages]) =>
        messages.map((message) => `${action}: ${message}`),
      ),
    );
    const step: StepResult = {
      users: count,
      seconds: STEP_SECONDS,
      rampSeconds,
      arrival: figures(ramp, ARRIVAL_ACTIONS),
      actions: figures(measured),
      errors: errorList.length,
      errorSamples: [...new Set(errorList)].slice(0, 5),
      rssMb: servers.map((_, i) =>
        Math.max(0, ...memory.slice(stepStart).map((point) => point.rssMb[i] ?? 0)),
      ),
      serverLoop: loops,
      serverCores: cpu.map((value) => Math.round(value * 100) / 100),
      mainThreadCores: mainCpu.map((value) => Math.round(value * 100) / 100),
      proxyCores: proxyCores === null ? null : Math.round(proxyCores * 100) / 100,
      redisMessagesPerSecond: relayed?.perSecond(elapsed) ?? null,
      coresPer100People: Math.round((cpu.reduce((a, b) => a + b, 0) / count) * 100 * 100) / 100,
      generatorLagP99: summarize(measured.flatMap((part) => part.lag)).p99,
      loadAverage: os.loadavg().map((value) => Math.round(value * 100) / 100),
      cpuPressure: cpuPressure(),
    };
    steps.push(step);
    printConfiguration(name, [step], false);
    // A few steps past the first miss show the shape of the knee (CAPACITY_PAST_KNEE, default 1).
    if (stepsPastKnee === undefined && maximumUsers([step], BUDGET_MS, ACTION_BUDGETS_MS) < count)
      stepsPastKnee = 0;
    else if (stepsPastKnee !== undefined) stepsPastKnee++;
    if (stepsPastKnee !== undefined && stepsPastKnee >= PAST_KNEE) break;
  }

  const stopped = await Promise.all(
    generators.map((generator) => generator.ask({ type: 'stop' }, 'stopped')),
  );
  clearInterval(sampler);
  const acknowledged: Acknowledged[] = stopped.flatMap((part) => part.acknowledged);
  const stopErrors = stopped.flatMap((part) =>
    Object.entries(part.errors).map(([a, m]) => `${a}: ${m.length}`),
  );
  // Closing the servers stores every open document, as a deployment's restart would.
  for (const server of servers) await server.stop();
  await proxy?.close();
  await relayed?.close();
  const reading = open();
  const ids = [...new Set(acknowledged.map((edit) => edit.noteId))];
  const stored = new Map<string, string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await reading.db
      .selectFrom('notes')
      .select(['id', 'plain_text'])
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const row of rows) stored.set(row.id, row.plain_text);
  }
  await reading.close();
  const lost = lostEdits(acknowledged, stored);
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (pg) {
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    await client.query(`DROP SCHEMA ${pgSchema} CASCADE`);
    await client.end();
  }
  const result = {
    configuration: name,
    arrivals: ARRIVALS,
    loadAverageAtStart: loadAverage,
    bareRoutePerSecond: bareRate,
    appHealthPerSecond: healthRate,
    maximumUsers: maximumUsers(steps, BUDGET_MS, ACTION_BUDGETS_MS),
    steps,
    acknowledgedEdits: acknowledged.length,
    lostEdits: lost.length,
    lostSamples: lost.slice(0, 5),
    errorsWhileStopping: stopErrors,
    memory,
    profiles: profileDir ?? null,
  };
  printConfiguration(name, steps, true, result);
  return result;
}

/**
 * Messages the instances publish through Redis under this run's prefix, counted by a subscriber of
 * its own: the events bus apart from co-editing (Hocuspocus' sync steps and awareness per document).
 */
async function countRedisMessages(prefix: string) {
  const { Redis } = await import('ioredis');
  const subscriber = new Redis(REDIS_URL);
  let events = 0;
  let collab = 0;
  subscriber.on('pmessageBuffer', (_pattern: Buffer, channel: Buffer) => {
    if (channel.includes('collab')) collab++;
    else events++;
  });
  await subscriber.psubscribe(`${prefix}*`);
  return {
    reset() {
      events = 0;
      collab = 0;
    },
    perSecond: (seconds: number) => ({
      events: Math.round(events / seconds),
      collab: Math.round(collab / seconds),
    }),
    close: async () => {
      subscriber.disconnect();
    },
  };
}

/**
 * The machine's limit now: a bare Fastify route sending the bytes of the app's health answer, and
 * the app's own health route through the same path (proxy included), 16 clients back to back, 5 s.
 */
async function measureLimits(origin: string) {
  const { bare, mirror } = await startBare();
  const health = [`${origin}/api/health`];
  const { urls } = await mirror('health', health, '');
  const bareRate = (await load(urls, 1, '', ['--closed', '16'], '5')).achievedRate;
  const healthRate = (await load(health, 1, '', ['--closed', '16'], '5')).achievedRate;
  await bare.close();
  return { bareRate, healthRate };
}

const started = new Date().toISOString();
const results = [];
for (const name of CONFIGS) results.push(await measureConfiguration(name));
const output = path.join(HERE, 'results', 'capacity.json');
fs.mkdirSync(path.dirname(output), { recursive: true });
fs.writeFileSync(
  output,
  `${JSON.stringify({ started, machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, memoryGb: Math.round(os.totalmem() / 2 ** 30) }, budgetMs: BUDGET_MS, stepSeconds: STEP_SECONDS, results }, null, 2)}\n`,
);
console.log(`\nwritten to ${output}`);
for (const result of results) {
  console.log(
    `${result.configuration}: at most ${result.maximumUsers} people (p99 <= ${BUDGET_MS} ms, AI <= ${ACTION_BUDGETS_MS.ai} ms, no error); ` +
      `${result.acknowledgedEdits} acknowledged edits, ${result.lostEdits} lost; load at start ${result.loadAverageAtStart.join(' ')}`,
  );
}
process.exit(0);
