import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { START_CPU_CEILING_MS, startWallCeilingMs, waitForOutput } from './support/process-start';
import { serverCommand } from './support/server-entry';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');

export interface ServerProcess {
  child: ChildProcessWithoutNullStreams;
  /** http://127.0.0.1:PORT */
  address: string;
  /** Everything written to stdout and stderr so far. */
  output: () => string;
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the exit code or signal. */
  exited: Promise<number | string | null>;
}

/** Starts the server as its own process (as `npm start` does) and waits for it to listen. */
export async function startServerProcess(
  env: Record<string, string>,
  {
    timeoutMs = startWallCeilingMs(),
    onOutput,
  }: {
    /** Wall-clock ceiling for the start (a hang); by default it grows with the machine's load. */
    timeoutMs?: number /** Output while the server is still starting. */;
    onOutput?: (chunk: string) => void;
  } = {},
): Promise<ServerProcess> {
  const { command, args } = serverCommand('main');
  const child = spawn(command, args, {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      DATABASE_URL: '',
      REDIS_URL: '',
      DEMO_ACCOUNT: 'false',
      AUTH_RATE_LIMIT: '1000',
      ...env,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
    onOutput?.(String(chunk));
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<number | string | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal)),
  );
  // The listen line, or the process dying first; a start that costs too much CPU or hangs fails.
  const [, address = ''] = await waitForOutput(child, /Server listening at (http:\/\/127\.0\.0\.1:\d+)/, {
    cpuCeilingMs: START_CPU_CEILING_MS,
    wallCeilingMs: timeoutMs,
    awaited: 'listening',
  });
  return {
    child,
    address,
    output: () => stdout + stderr,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
  };
}

/** A fresh PostgreSQL database for a spawned server (it takes only DATABASE_URL), dropped after. */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `notewise_proc_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** fetch as the browser would send it to `address`: same origin, JSON, the session cookie. */
export async function call(
  address: string,
  method: string,
  pathname: string,
  options: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${address}${pathname}`, {
    method,
    headers: {
      origin: address,
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return { status: response.status, text, json: () => JSON.parse(text), cookie, headers: response.headers };
}
