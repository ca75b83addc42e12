// One server instance of the capacity bench, in a process of its own (so its event loop and memory
// are its own): the real app on the database and Redis the parent seeded, configured from env like
// a deployment. Tells the parent 'ready'; SIGTERM closes it as main.ts would (documents stored).
import fs from 'node:fs';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db';

// CAPACITY_SQL_PROF=<dir>: this thread's CPU time in each SQLite statement and the requests answered
// per route, written as one JSON line per step (at each 'loop' question) to <dir>/sql-<pid>.jsonl.
const SQL_PROF = process.env.CAPACITY_SQL_PROF;
// Node 24 has it; the @types/node in use does not declare it yet.
const threadCpuUsage = () => (process as unknown as { threadCpuUsage(): NodeJS.CpuUsage }).threadCpuUsage();
const statementCpu = new Map<string, { calls: number; cpuUs: number }>();
const requestsByRoute = new Map<string, number>();
if (SQL_PROF) {
  fs.mkdirSync(SQL_PROF, { recursive: true });
  const probe = new SQLite(':memory:');
  const prototype = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, unknown>;
  probe.close();
  for (const method of ['run', 'get', 'all', 'iterate']) {
    const original = prototype[method] as (...args: unknown[]) => unknown;
    prototype[method] = function (this: { source: string }, ...args: unknown[]) {
      const before = threadCpuUsage();
      try {
        return original.apply(this, args);
      } finally {
        const after = threadCpuUsage();
        const spent = after.user - before.user + after.system - before.system;
        const entry = statementCpu.get(this.source) ?? { calls: 0, cpuUs: 0 };
        entry.calls++;
        entry.cpuUs += spent;
        statementCpu.set(this.source, entry);
      }
    };
  }
}

const config = loadConfig(process.env);
const database = openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  pgSchema: process.env.CAPACITY_PG_SCHEMA,
});
// Warnings and errors (LOG_LEVEL=warn) as JSON lines on stdout: a failed request says why.
const { app } = await buildApp(config, { database });
if (SQL_PROF) {
  app.addHook('onResponse', async (request) => {
    const key = `${request.method} ${request.routeOptions.url ?? '(none)'}`;
    requestsByRoute.set(key, (requestsByRoute.get(key) ?? 0) + 1);
  });
}
await app.listen({ host: config.host, port: config.port });
process.send?.({ type: 'ready' });

// Asked at the end of each step: how busy this instance's event loop was since the last time.
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
let lastUse = performance.eventLoopUtilization();
process.on('message', (message: { type: string }) => {
  if (message.type !== 'loop') return;
  const use = performance.eventLoopUtilization(lastUse);
  lastUse = performance.eventLoopUtilization();
  process.send?.({
    type: 'loop',
    utilization: Math.round(use.utilization * 100) / 100,
    delayP99Ms: Math.round(delay.percentile(99) / 1e4) / 100,
  });
  delay.reset();
  if (SQL_PROF) {
    const cpu = threadCpuUsage();
    fs.appendFileSync(
      `${SQL_PROF}/sql-${process.pid}.jsonl`,
      `${JSON.stringify({
        at: new Date().toISOString(),
        mainThreadCpuMs: Math.round((cpu.user + cpu.system) / 1000),
        requests: Object.fromEntries(requestsByRoute),
        statements: [...statementCpu.entries()]
          .sort(([, a], [, b]) => b.cpuUs - a.cpuUs)
          .map(([sql, { calls, cpuUs }]) => ({ sql, calls, cpuMs: Math.round(cpuUs / 100) / 10 })),
      })}\n`,
    );
    statementCpu.clear();
    requestsByRoute.clear();
  }
});

let closing = false;
// SIGTERM from the bench, or the bench itself gone (its IPC channel closed): close as a deployment would.
const shutdown = () => {
  if (closing) return;
  closing = true;
  void (async () => {
    await app.close();
    await database.close();
    process.exit(0);
  })();
};
process.on('SIGTERM', shutdown);
process.on('disconnect', shutdown);
