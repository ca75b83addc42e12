// One server instance of the capacity bench, in a process of its own (so its event loop and memory
// are its own): the real app on the database and Redis the parent seeded, configured from env like
// a deployment. Tells the parent 'ready'; SIGTERM closes it as main.ts would (documents stored).
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db';

const config = loadConfig(process.env);
const database = openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  pgSchema: process.env.CAPACITY_PG_SCHEMA,
});
// Warnings and errors (LOG_LEVEL=warn) as JSON lines on stdout: a failed request says why.
const { app } = await buildApp(config, { database });
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
