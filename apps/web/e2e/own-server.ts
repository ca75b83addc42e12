import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** A free TCP port on loopback (for a server or stand-in of a spec's own). */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface OwnServer {
  /** http://127.0.0.1:<port> */
  base: string;
  dataDir: string;
  stop(): void;
}

/**
 * The built server on a fresh embedded database and a port of its own, for a spec that needs other
 * settings than the shared e2e server (closed sign-up, Stripe, a speech server...). Resolves once
 * /api/health answers.
 */
export async function startOwnServer(name: string, env: Record<string, string>): Promise<OwnServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `notewise-${name}-`));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const entry = process.env.E2E_SERVER_ENTRY ?? 'apps/server/dist/main.js';
  const child: ChildProcess = spawn('node', [entry], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
    stdio: 'ignore',
  });
  const stop = () => {
    child.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const ok = await fetch(`${base}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return { base, dataDir, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  stop();
  throw new Error(`the ${name} server did not start`);
}
