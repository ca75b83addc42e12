/**
 * Co-editing at scale (part of `npm run bench`; `BENCH_ONLY=collab` runs only this):
 * 1. BENCH_COLLAB_CLIENTS (150) members in one shared note typing BENCH_COLLAB_RATE (500) updates/s
 *    in total for BENCH_COLLAB_SECONDS (20): propagation from sender to every other client, p50/p95/
 *    p99, beside a bare relay passing the same update bytes to the same clients in the same run.
 * 2. BENCH_COLLAB_DOCUMENTS (1,000) notes open with 2-3 editors each typing now and then: the
 *    server's RSS and heap before, with all open, and once every editor left (documents unloaded).
 * Clients run in separate processes (collab-clients.ts). SQLite, or PostgreSQL with BENCH_DATABASE_URL.
 * BENCH_COLLAB_INSTANCES=2 (needs BENCH_DATABASE_URL): a second instance in a process of its own on the
 * same PostgreSQL and Redis (BENCH_REDIS_URL, default 127.0.0.1:6379), the clients split between them.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import v8 from 'node:v8';
import vm from 'node:vm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db';
import { cpuSeconds, type ServerProcess, startServer } from './capacity/processes';
import type { ClientSpec, ClientsConfig } from './collab-clients';
import { startRelay } from './collab-relay';
import { latencies, reportCollabScale } from './collab-report';
import { HERE } from './harness';

const CLIENTS = Number(process.env.BENCH_COLLAB_CLIENTS ?? 150);
const RATE = Number(process.env.BENCH_COLLAB_RATE ?? 500);
const SECONDS = Number(process.env.BENCH_COLLAB_SECONDS ?? 20);
const DOCUMENTS = Number(process.env.BENCH_COLLAB_DOCUMENTS ?? 1000);
/** Client processes for the one-document run (the clients' own work must not be the limit). */
const PROCESSES = Number(process.env.BENCH_COLLAB_PROCESSES ?? 3);
/** BENCH_COLLAB_APPLY=1: the one-document clients integrate every update they receive (collab-clients.ts). */
const APPLY = process.env.BENCH_COLLAB_APPLY === '1';
/** BENCH_COLLAB_AWARENESS=1: every keystroke also sends the client's cursor (awareness). */
const AWARENESS = process.env.BENCH_COLLAB_AWARENESS === '1';
const INSTANCES = Number(process.env.BENCH_COLLAB_INSTANCES ?? 1);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Each editor of the many documents types a character this often (low: people reading, pausing). */
const MANY_RATE_PER_EDITOR = 0.05;
const MANY_SECONDS = 30;
const TSX = path.resolve(HERE, '../../../node_modules/.bin/tsx');

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const loadAverage = () => os.loadavg().map((value) => Math.round(value * 100) / 100);

function memoryMb() {
  gc();
  gc();
  const memory = process.memoryUsage();
  const mb = (bytes: number) => Math.round(bytes / 1048576);
  // Outside the heap: socket and Yjs buffers (external) and what the allocator keeps after a free (rss).
  return { rssMb: mb(memory.rss), heapMb: mb(memory.heapUsed), externalMb: mb(memory.external) };
}

/** Loopback addresses to connect from: the per-address socket cap then counts as for 16 households. */
const localAddress = (index: number) => `127.0.0.${10 + (index % 16)}`;

export interface ClientsProcess {
  child: ChildProcess;
  next: () => Promise<Record<string, unknown>>;
  send: (command: unknown) => void;
  config: ClientsConfig;
}

function spawnClients(config: ClientsConfig): ClientsProcess {
  const file = `${config.outFile}.json`;
  fs.writeFileSync(file, JSON.stringify(config));
  const child = spawn(TSX, [path.join(HERE, 'collab-clients.ts'), file], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = readline
    .createInterface({ input: child.stdout as NodeJS.ReadableStream })
    [Symbol.asyncIterator]();
  return {
    child,
    config,
    next: async () => {
      const line = await lines.next();
      if (line.done) throw new Error('a clients process ended early');
      return JSON.parse(line.value) as Record<string, unknown>;
    },
    send: (command) => child.stdin?.write(`${JSON.stringify(command)}\n`),
  };
}

/** Runs the clients' typing in every process at once; resolves with what each reported. */
async function runTyping(processes: ClientsProcess[]) {
  await Promise.all(processes.map((p) => p.next()));
  const paragraphsAt = performance.timeOrigin + performance.now() + 1500;
  for (const p of processes) p.send({ paragraphsAt, startAt: paragraphsAt + 2000 });
  return Promise.all(processes.map((p) => p.next()));
}

async function closeClients(processes: ClientsProcess[]) {
  for (const p of processes) p.send({ close: true });
  await Promise.all(processes.map((p) => new Promise((resolve) => p.child.once('exit', resolve))));
}

/** A free loopback port (for the second instance). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The one-document run against `hosts` (the app's instances, or the relay); client processes take turns. */
async function oneDocument(
  hosts: string[],
  mode: 'app' | 'relay',
  specs: ClientSpec[],
  workDir: string,
  other?: ServerProcess,
) {
  const count = Math.ceil(PROCESSES / hosts.length) * hosts.length;
  const perProcess = Math.ceil(specs.length / count);
  const processes: ClientsProcess[] = [];
  for (let i = 0; i < count; i += 1) {
    const clients = specs.slice(i * perProcess, (i + 1) * perProcess);
    if (clients.length === 0) continue;
    processes.push(
      spawnClients({
        host: hosts[i % hosts.length] as string,
        mode,
        clients,
        ratePerClient: RATE / specs.length,
        totalClients: specs.length,
        seconds: SECONDS,
        record: true,
        apply: APPLY,
        awareness: AWARENESS,
        outFile: path.join(workDir, `${mode}-${i}`),
      }),
    );
  }
  const loadAtStart = loadAverage();
  const cpuBefore = process.cpuUsage();
  const otherBefore = cpuSeconds(other?.child.pid);
  const started = performance.now();
  const reports = await runTyping(processes);
  const cpu = process.cpuUsage(cpuBefore);
  // Both instances' CPU together (the second read from /proc).
  cpu.user += (cpuSeconds(other?.child.pid) - otherBefore) * 1e6;
  const wallMs = performance.now() - started;
  const result = {
    loadAverage: loadAtStart,
    ...latencies(processes, specs.length),
    sent: reports.reduce((sum, r) => sum + Number(r.sent ?? 0), 0),
    instances: hosts.length,
    /** Share of one core the server's processes used over the run (the relay's for the relay). */
    serverCpu: Math.round(((cpu.user + cpu.system) / 1000 / wallMs) * 100) / 100,
    /** The server's CPU time per update received (with its fan-out): what a busy machine changes least. */
    cpuMsPerUpdate:
      Math.round(
        ((cpu.user + cpu.system) /
          1000 /
          Math.max(
            1,
            reports.reduce((sum, r) => sum + Number(r.sent ?? 0), 0),
          )) *
          100,
      ) / 100,
  };
  await closeClients(processes);
  return result;
}

async function waitFor(predicate: () => boolean, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  while (!predicate() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 100));
  return predicate();
}

export async function measureCollabScale(): Promise<Record<string, unknown>> {
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  if (INSTANCES > 1 && !databaseUrl) throw new Error('BENCH_COLLAB_INSTANCES=2 needs BENCH_DATABASE_URL');
  const redisEnv: Record<string, string> =
    INSTANCES > 1
      ? {
          REDIS_URL,
          REDIS_PREFIX: `bench-${crypto.randomBytes(3).toString('hex')}:`,
          AUTH_SECRET: crypto.randomBytes(24).toString('hex'),
        }
      : {};
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'notewise-collab-bench-'));
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'notewise-collab-clients-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    PORT: '0',
    HOST: '127.0.0.1',
    // Sign-ups of the bench's members from one address.
    AUTH_RATE_LIMIT: '100000',
    ...redisEnv,
  });
  let pgSchema: string | undefined;
  const pg = databaseUrl ? await import('pg') : undefined;
  const onPg = async (sql: string) => {
    if (!pg) return;
    const client = new pg.default.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  if (databaseUrl) {
    pgSchema = `bench_${crypto.randomBytes(4).toString('hex')}`;
    await onPg(`CREATE SCHEMA ${pgSchema}`);
  }
  const database = openDatabase({ databaseUrl, dataDir, pgSchema });
  const built = await buildApp(config, { database, logger: false });
  const { app, collab } = built;
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const host = new URL(address).host;
  const hosts = [host];
  let second: ServerProcess | undefined;
  if (INSTANCES > 1 && databaseUrl) {
    const port = await freePort();
    second = await startServer(
      {
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'notewise-collab-second-')),
        LOG_LEVEL: 'warn',
        DATABASE_URL: databaseUrl,
        CAPACITY_PG_SCHEMA: pgSchema ?? '',
        ...redisEnv,
      },
      port,
    );
    hosts.push(`127.0.0.1:${port}`);
  }
  const results: Record<string, unknown> = {
    database: databaseUrl ? 'postgres' : 'sqlite',
    loadAverage: loadAverage(),
  };
  try {
    const json = { origin: address, 'content-type': 'application/json' };
    const call = async (method: string, url: string, cookie: string, body?: unknown) => {
      const response = await fetch(`${address}${url}`, {
        method,
        headers: { ...json, cookie },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
      return response;
    };
    const signUp = async (i: number) => {
      const response = await call('POST', '/api/auth/sign-up/email', '', {
        name: `Member ${i}`,
        email: `member${i}@example.com`,
        password: `bench-password-${i}`,
      });
      return (response.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
    };
    const owner = await signUp(0);
    const project = (await (await call('POST', '/api/shared-projects', owner, { name: 'Team' })).json()) as {
      id: string;
      code: string;
    };
    const members = [owner];
    for (let i = 1; i < CLIENTS; i += 10) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(10, CLIENTS - i) }, (_, k) => signUp(i + k)),
      );
      for (const cookie of batch)
        await call('POST', '/api/shared-projects/join', cookie, { code: project.code });
      members.push(...batch);
    }
    const newNote = async (title: string) =>
      (
        (await (await call('POST', '/api/notes', owner, { projectId: project.id, title })).json()) as {
          id: string;
        }
      ).id;

    // 1. One document, every member typing.
    const noteId = await newNote('Everyone');
    const specs = members.map((cookie, index) => ({
      index,
      cookie,
      noteId,
      localAddress: localAddress(index),
    }));
    const appRun = await oneDocument(hosts, 'app', specs, workDir, second);
    console.log(`collab ${CLIENTS} clients, app:`, JSON.stringify(appRun));
    const relay = await startRelay();
    const relayRun = await oneDocument([relay.host], 'relay', specs, workDir);
    await relay.close();
    console.log(`collab ${CLIENTS} clients, bare relay:`, JSON.stringify(relayRun));
    results.oneDocument = {
      clients: CLIENTS,
      updatesPerSecond: RATE,
      seconds: SECONDS,
      clientsIntegrate: APPLY,
      cursors: AWARENESS,
      app: appRun,
      relay: relayRun,
      p99Ratio: Math.round((appRun.p99 / Math.max(relayRun.p99, 0.01)) * 10) / 10,
    };
    await waitFor(() => collab.hocuspocus.documents.size === 0, 15_000);

    // 2. Many documents, two or three editors each.
    if (DOCUMENTS === 0) return results;
    const noteIds: string[] = [];
    for (let i = 0; i < DOCUMENTS; i += 20) {
      noteIds.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(20, DOCUMENTS - i) }, (_, k) => newNote(`Doc ${i + k}`)),
        )),
      );
    }
    const manySpecs: ClientSpec[] = [];
    noteIds.forEach((id, doc) => {
      const editors = 2 + (doc % 2);
      for (let k = 0; k < editors; k += 1) {
        const index = manySpecs.length;
        manySpecs.push({
          index,
          cookie: members[(doc * 3 + k) % members.length] ?? owner,
          noteId: id,
          localAddress: localAddress(index),
        });
      }
    });
    const before = memoryMb();
    const loadAtStart = loadAverage();
    const half = Math.ceil(manySpecs.length / 2);
    const processes = [manySpecs.slice(0, half), manySpecs.slice(half)].map((clients, i) =>
      spawnClients({
        host,
        mode: 'app',
        clients,
        ratePerClient: MANY_RATE_PER_EDITOR,
        totalClients: manySpecs.length,
        seconds: MANY_SECONDS,
        record: false,
        apply: true,
        outFile: path.join(workDir, `many-${i}`),
      }),
    );
    const openStarted = performance.now();
    await runTyping(processes);
    const allOpen = { ...memoryMb(), documents: collab.hocuspocus.documents.size };
    await closeClients(processes);
    const closedAt = performance.now();
    const unloaded = await waitFor(() => collab.hocuspocus.documents.size === 0, 60_000);
    const unloadMs = Math.round(performance.now() - closedAt);
    const after = { ...memoryMb(), documents: collab.hocuspocus.documents.size, state: collab.openState() };
    results.manyDocuments = {
      documents: DOCUMENTS,
      connections: manySpecs.length,
      loadAverage: loadAtStart,
      openSeconds: Math.round((closedAt - openStarted) / 1000),
      before,
      allOpen,
      after,
      unloaded,
      unloadMs,
      perDocumentKb: {
        rss: Math.round(((allOpen.rssMb - before.rssMb) * 1024) / DOCUMENTS),
        heap: Math.round(((allOpen.heapMb - before.heapMb) * 1024) / DOCUMENTS),
      },
      leftAfterUnloadMb: { rss: after.rssMb - before.rssMb, heap: after.heapMb - before.heapMb },
    };
    console.log('collab many documents:', JSON.stringify(results.manyDocuments));
  } finally {
    await second?.stop();
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(workDir, { recursive: true, force: true });
    if (pgSchema) await onPg(`DROP SCHEMA ${pgSchema} CASCADE`);
  }
  return results;
}

if (process.argv[1] === import.meta.filename) {
  measureCollabScale()
    .then((results) => {
      reportCollabScale(results);
      // The two-instance run stayed alive after its report: a handle outlives app.close() (not found yet).
      process.exit(0);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
