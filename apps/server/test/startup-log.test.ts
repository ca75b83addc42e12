import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { unknownEnvWarnings } from '../src/config';
import { migrations } from '../src/db/migrations';
import { createPostgresDatabase, type ServerProcess, startServerProcess } from './server-process';

function jsonLines(output: string): Array<Record<string, unknown>> {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('unknown variables that look like ours', () => {
  it('names a misspelt setting and its likely meaning, and NOTEWISE_* variables', () => {
    expect(
      unknownEnvWarnings({
        DATABSE_URL: 'postgres://x',
        DATADIR: '/data',
        LOG_LEVLE: 'debug',
        NOTEWISE_PORT: '4000',
      }),
    ).toEqual([
      'DATABSE_URL is not a setting; did you mean DATABASE_URL? It is ignored.',
      'DATADIR is not a setting; did you mean DATA_DIR? It is ignored.',
      'LOG_LEVLE is not a setting; did you mean LOG_LEVEL? It is ignored.',
      'NOTEWISE_PORT is not a setting; it is ignored.',
    ]);
  });

  it("says nothing about a machine's usual variables or the known settings", () => {
    expect(
      unknownEnvWarnings({
        ...process.env,
        HOME: '/root',
        HOSTNAME: 'box',
        PATH: '/usr/bin',
        TERM: 'xterm',
        PWD: '/',
        USER: 'root',
        SHELL: '/bin/sh',
        LANG: 'C.UTF-8',
        NODE_OPTIONS: '',
        NODE_VERSION: '24',
        DATABASE_URL: 'postgres://x',
        DATA_DIR: '/data',
        TEST_DATABASE_URL: 'postgres://x',
      }),
    ).toEqual([]);
  });
});

describe('the start-up log', () => {
  let server: ServerProcess | undefined;
  let dataDir = '';
  afterEach(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    server = undefined;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('names each migration applied, warns about a misspelt variable, and sums up what started', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'notewise-startup-'));
    server = await startServerProcess({ DATA_DIR: dataDir, DATABSE_URL: 'postgres://nowhere/db' });
    await startSummary(server);
    const lines = jsonLines(server.stdout());

    const applied = lines.filter((line) => line.msg === 'migration applied').map((line) => line.migration);
    expect(applied.sort()).toEqual(Object.keys(migrations('sqlite')).sort());

    const warning = lines.find((line) => String(line.msg).startsWith('DATABSE_URL'));
    expect(warning?.msg).toBe('DATABSE_URL is not a setting; did you mean DATABASE_URL? It is ignored.');
    expect(warning?.level).toBe(40);

    const summary = lines.find((line) => String(line.msg).startsWith('Notewise '));
    expect(summary).toMatchObject({
      database: `sqlite ${path.join(dataDir, 'notewise.db')}`,
      dataDir,
      storage: `local ${path.join(dataDir, 'uploads')}`,
      realtime: 'in-process',
      ai: 'built-in engine',
      migrationsApplied: applied.length,
      listening: server.address,
    });
    expect(summary?.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('a second start applies nothing and says so', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'notewise-startup-'));
    server = await startServerProcess({ DATA_DIR: dataDir });
    server.child.kill('SIGTERM');
    await server.exited;
    server = await startServerProcess({ DATA_DIR: dataDir });
    await startSummary(server);
    const lines = jsonLines(server.stdout());
    expect(lines.filter((line) => line.msg === 'migration applied')).toEqual([]);
    expect(lines.find((line) => String(line.msg).startsWith('Notewise '))?.migrationsApplied).toBe(0);
  });

  it('LOG_FORMAT=pretty writes readable lines, not JSON', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'notewise-startup-'));
    server = await startServerProcess({ DATA_DIR: dataDir, LOG_FORMAT: 'pretty' });
    await startSummary(server);
    const out = server.stdout();
    expect(out).toMatch(/INFO.*Notewise \d+\.\d+\.\d+ ready: sqlite/);
    expect(out.split('\n').filter((line) => line.startsWith('{'))).toEqual([]);
  });
});

/** A port nothing listens on yet; `open()` then forwards it to PostgreSQL, as a database coming up would. */
async function lateDatabasePort(target: URL) {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  const forwarder = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    client.pipe(upstream).pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  return {
    port,
    open: () => new Promise<void>((resolve) => forwarder.listen(port, '127.0.0.1', resolve)),
    close: () => new Promise<void>((resolve) => forwarder.close(() => resolve())),
  };
}

/**
 * Waits for the start's summary line, the last line a start writes, instead of a 200 ms sleep a
 * loaded machine could outlast before the lines were written (decision 114).
 */
function startSummary(server: ServerProcess) {
  return waitForOutput(() => server.stdout(), /Notewise \d+\.\d+\.\d+ ready/);
}

/** Resolves once `output()` matches (the process itself is still starting). */
async function waitForOutput(output: () => string, pattern: RegExp): Promise<string> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (pattern.test(output())) return output();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no output matching ${pattern}:\n${output()}`);
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('a database that is not there yet at start', () => {
  it('is waited for with a clear line per attempt, and the server starts once it answers', async () => {
    const database = await createPostgresDatabase();
    const url = new URL(database.url);
    const late = await lateDatabasePort(new URL(database.url));
    url.port = String(late.port);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'notewise-startup-'));
    let early = '';
    const starting = startServerProcess(
      { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
      { timeoutMs: 90_000, onOutput: (chunk) => (early += chunk) },
    );
    starting.catch(() => {});
    let server: ServerProcess | undefined;
    try {
      // The first attempt fails (nothing listens); then the database "comes up".
      const output = await waitForOutput(() => early, /retrying in 1 s/);
      await late.open();
      server = await starting;
      const retries = jsonLines(server.stdout()).filter((line) => line.retryInSeconds !== undefined);
      expect(retries.length).toBeGreaterThanOrEqual(1);
      expect(String(retries[0]?.msg)).toMatch(
        new RegExp(
          `^database postgres://127\\.0\\.0\\.1:${late.port}/\\w+ unreachable \\(.+\\); retrying in 1 s$`,
        ),
      );
      expect(output).not.toContain('password');
      expect(server.stdout()).not.toContain('password');
      expect((await fetch(`${server.address}/api/health/ready`)).status).toBe(200);
    } finally {
      server?.child.kill('SIGTERM');
      await server?.exited;
      await late.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
