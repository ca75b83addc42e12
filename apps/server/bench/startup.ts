// Start-up: the built server's time to ready and its idle memory, on the bench's own data.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { HERE } from './harness';

const MAIN = path.resolve(HERE, '../dist/main.js');
const IDLE_SECONDS = 10;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/**
 * Starts `node dist/main.js` (what `npm start` runs) on a data folder or PostgreSQL schema, as an
 * operator restarting the server would: milliseconds from spawn to the first healthy answer, then
 * the resident memory after IDLE_SECONDS of nothing. Undefined when the server is not built.
 */
export async function measureStartup(dataDir: string, databaseUrl?: string, pgSchema?: string) {
  if (!fs.existsSync(MAIN)) {
    console.log('server not built: skipping the start-up measure (run `npm run build`)');
    return undefined;
  }
  const port = await freePort();
  const url = databaseUrl && pgSchema ? new URL(databaseUrl) : undefined;
  if (url) url.searchParams.set('options', `-c search_path=${pgSchema},public`);
  const started = performance.now();
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      // A shared database needs the secret every instance signs sessions with (config refuses without).
      ...(url
        ? { DATABASE_URL: url.toString(), AUTH_SECRET: crypto.randomBytes(48).toString('base64url') }
        : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exitCode: number | null | undefined;
  const exited = new Promise((resolve) =>
    child.once('exit', (code) => {
      exitCode = code;
      resolve(code);
    }),
  );
  try {
    let readyMs: number | undefined;
    while (readyMs === undefined && exitCode === undefined && performance.now() - started < 30_000) {
      const healthy = await fetch(`http://127.0.0.1:${port}/api/health`)
        .then((response) => response.ok)
        .catch(() => false);
      if (healthy) readyMs = Math.round(performance.now() - started);
      else await new Promise((resolve) => setTimeout(resolve, 10));
    }
    if (readyMs === undefined) {
      console.log(`the built server did not become ready (exit code ${exitCode ?? 'none'})`);
      return { readyMs: null, idleRssMb: null };
    }
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    return { readyMs, idleRssMb: child.pid && exitCode === undefined ? rssMb(child.pid) : null };
  } finally {
    if (exitCode === undefined) child.kill('SIGTERM');
    await exited;
  }
}
