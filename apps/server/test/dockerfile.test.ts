import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envSchema } from '../src/config';

// No container engine runs here (nor in CI), so the image is never built by this test. Instead it
// reads the Dockerfile, checks that everything it names exists (files, npm scripts), runs the same
// build command and then the runtime stage's CMD with its ENV, and probes it with the HEALTHCHECK.
const ROOT = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

interface Instruction {
  keyword: string;
  args: string;
}
interface Stage {
  from: string;
  name: string | undefined;
  instructions: Instruction[];
}

function parseDockerfile(text: string): Stage[] {
  const logical = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const stages: Stage[] = [];
  for (const line of logical) {
    const [keyword = '', ...rest] = line.split(/\s+/);
    const args = rest.join(' ');
    if (keyword.toUpperCase() === 'FROM') {
      const [image = '', as, name] = args.split(/\s+/);
      stages.push({ from: image, name: as?.toUpperCase() === 'AS' ? name : undefined, instructions: [] });
      continue;
    }
    stages.at(-1)?.instructions.push({ keyword: keyword.toUpperCase(), args });
  }
  return stages;
}

/** `["a", "b"]` (exec form) or a shell string, as an argument list. */
function execForm(args: string): string[] {
  const json = args.slice(args.indexOf('['));
  return JSON.parse(json) as string[];
}

function envOf(stage: Stage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { args } of stage.instructions.filter((i) => i.keyword === 'ENV')) {
    for (const pair of args.split(/\s+/)) {
      const [key, value] = pair.split('=');
      if (key && value !== undefined) env[key] = value;
    }
  }
  return env;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const stages = parseDockerfile(read('Dockerfile'));
const build = stages.find((s) => s.name === 'build');
const runtime = stages.at(-1);
const rootScripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;

describe('Dockerfile', () => {
  it('builds on node:24-bookworm-slim with the compilers better-sqlite3 needs', () => {
    expect(stages.map((s) => s.from)).toEqual(['node:24-bookworm-slim', 'node:24-bookworm-slim']);
    const runs = build?.instructions.filter((i) => i.keyword === 'RUN').map((i) => i.args) ?? [];
    expect(runs.join('\n')).toMatch(/apt-get install .*python3 make g\+\+/);
    expect(runs).toContain('npm ci');
    // Every npm script the build runs exists.
    for (const run of runs) {
      for (const [, script] of run.matchAll(/npm run (\S+)/g))
        expect(rootScripts).toHaveProperty(script ?? '');
    }
  });

  it('copies only files that exist and that .dockerignore lets through', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#') && !line.startsWith('!'));
    const copies =
      build?.instructions.filter((i) => i.keyword === 'COPY' && !i.args.includes('--from')) ?? [];
    for (const { args } of copies) {
      const sources = args.split(/\s+/).slice(0, -1);
      for (const source of sources.filter((s) => s !== '.')) {
        expect(fs.existsSync(path.join(ROOT, source)), source).toBe(true);
        expect(ignored, source).not.toContain(source);
      }
    }
    // Nothing installed or built on this machine leaks into the context.
    expect(ignored).toEqual(expect.arrayContaining(['**/node_modules', '**/dist', '.env', 'data']));
  });

  it('runs as an unprivileged user with /data as a volume, a health check and npm run serve', () => {
    const kinds = (keyword: string) =>
      runtime?.instructions.filter((i) => i.keyword === keyword).map((i) => i.args) ?? [];
    expect(kinds('USER')).toEqual(['node']);
    expect(kinds('VOLUME').join(' ')).toContain('/data');
    expect(envOf(runtime as Stage)).toMatchObject({ DATA_DIR: '/data', NODE_ENV: 'production' });
    expect(kinds('HEALTHCHECK').join(' ')).toContain('/api/health');
    expect(execForm(kinds('CMD')[0] ?? '')).toEqual(['npm', 'run', 'serve']);
    expect(rootScripts.serve).toBeDefined();
    // pg_dump/pg_restore for backups, at least the major version compose's PostgreSQL runs (pg_dump
    // refuses a newer server).
    const installs = kinds('RUN').join('\n');
    const client = installs.match(/postgresql-client-(\d+)/)?.[1];
    const server = read('compose.yaml').match(/image: postgres:(\d+)/)?.[1];
    expect(Number(client)).toBeGreaterThanOrEqual(Number(server));
    // The runtime stage copies from the build stage only what `npm run build` makes or npm installs.
    for (const { args } of runtime?.instructions.filter((i) => i.keyword === 'COPY') ?? []) {
      expect(args).toMatch(/^--from=build /);
    }
  });
});

/**
 * The runtime stage's file system: what its COPY instructions take from the build stage (this
 * checkout after `npm run build`), and nothing else. node_modules is linked, not copied (the
 * same packages, without copying a gigabyte).
 */
function imageTree(into: string): void {
  for (const { args } of runtime?.instructions.filter((i) => i.keyword === 'COPY') ?? []) {
    const parts = args.split(/\s+/).slice(1);
    const dest = parts.at(-1) ?? '';
    const sources = parts.slice(0, -1);
    for (const source of sources) {
      const from = path.join(ROOT, source.replace(/^\/app\/?/, ''));
      const base = path.join(into, dest);
      const to = dest.endsWith('/') || sources.length > 1 ? path.join(base, path.basename(from)) : base;
      fs.mkdirSync(path.dirname(to), { recursive: true });
      if (path.basename(from) === 'node_modules') fs.symlinkSync(from, to);
      else fs.cpSync(from, to, { recursive: true, verbatimSymlinks: true });
    }
  }
}

describe("the image's commands, run here", () => {
  let server: ChildProcess | undefined;
  let dataDir: string;
  let image: string;
  let port: number;
  let imageEnv: NodeJS.ProcessEnv;
  beforeAll(async () => {
    // The build stage's command; skipped when a build is already there (npm test builds for e2e).
    const built = ['apps/server/dist/main.js', 'apps/web/dist/index.html'].every((f) =>
      fs.existsSync(path.join(ROOT, f)),
    );
    if (!built) execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'ignore' });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'notewise-image-'));
    image = fs.mkdtempSync(path.join(os.tmpdir(), 'notewise-image-root-'));
    imageTree(image);
    port = await freePort();
    imageEnv = { ...process.env, ...envOf(runtime as Stage), DATA_DIR: dataDir, PORT: String(port) };
    delete imageEnv.DATABASE_URL;
    delete imageEnv.REDIS_URL;
    delete imageEnv.npm_config_prefix;
  }, 300_000);
  afterAll(() => {
    server?.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(image, { recursive: true, force: true });
  });

  // README documents `docker compose exec app npm run admin -- …` and `npm run migrate`; before
  // decision 045 the image lacked scripts/run-built.mjs, and both failed.
  it('npm run admin -- --help and npm run migrate work in the image', () => {
    const npm = (...args: string[]) =>
      execFileSync('npm', args, {
        cwd: image,
        env: imageEnv,
        encoding: 'utf8',
        timeout: 60_000,
        stdio: 'pipe',
      });
    expect(npm('run', 'admin', '--', '--help')).toContain('Usage: npm run admin -- <command>');
    expect(npm('run', 'migrate')).toMatch(/Applied: 001-accounts/);
    expect(fs.existsSync(path.join(dataDir, 'notewise.db'))).toBe(true);
    expect(npm('run', 'migrate')).toContain('Database is up to date.');
    const backup = npm('run', 'admin', '--', 'backup', path.join(dataDir, 'backups', 'first'));
    expect(backup).toMatch(/database\s+notewise\.db/);
  }, 120_000);

  it('every file the runtime stage copies from the build exists after the build', () => {
    for (const { args } of runtime?.instructions.filter((i) => i.keyword === 'COPY') ?? []) {
      const sources = args.split(/\s+/).slice(1, -1);
      for (const source of sources) {
        expect(fs.existsSync(path.join(ROOT, source.replace(/^\/app\/?/, ''))), source).toBe(true);
      }
    }
  });

  it('CMD starts with the image ENV, answers readiness and the HEALTHCHECK, and stops on SIGTERM', async () => {
    const [command = '', ...args] = execForm(
      runtime?.instructions.find((i) => i.keyword === 'CMD')?.args ?? '',
    );
    const env = imageEnv;
    server = spawn(command, args, { cwd: image, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    server.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    server.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    const deadline = Date.now() + 30_000;
    let ready: Response | undefined;
    while (Date.now() < deadline) {
      ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`).catch(() => undefined);
      if (ready) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(ready?.status, output).toBe(200);
    expect(fs.existsSync(path.join(dataDir, 'notewise.db'))).toBe(true);
    // The web app is in the image too.
    const page = await fetch(`http://127.0.0.1:${port}/`, { headers: { accept: 'text/html' } });
    expect(await page.text()).toContain('<div id="root">');

    const healthcheck = execForm(runtime?.instructions.find((i) => i.keyword === 'HEALTHCHECK')?.args ?? '');
    const [probe = '', ...probeArgs] = healthcheck;
    expect(() => execFileSync(probe, probeArgs, { env: { ...env }, timeout: 10_000 })).not.toThrow();

    const exited = new Promise<number | null>((resolve) => server?.once('exit', (code) => resolve(code)));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    // npm passed the signal on: nothing listens any more.
    const after = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => 'closed');
    expect(after).toBe('closed');
  }, 60_000);
});

/** True when a container engine answers (CI machines with Docker); none runs on this one. */
function dockerDaemon(): boolean {
  try {
    execFileSync('docker', ['info'], { stdio: 'ignore', timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}

// Where a daemon exists the real image is built and its commands run in it (decision 045).
describe.runIf(dockerDaemon())('the image itself (docker)', () => {
  const tag = `notewise-test:${process.pid}`;
  const docker = (...args: string[]) =>
    execFileSync('docker', args, { cwd: ROOT, encoding: 'utf8', stdio: 'pipe', timeout: 1_200_000 });
  afterAll(() => {
    try {
      docker('rmi', '-f', tag);
    } catch {
      // Nothing was built.
    }
  });

  it('builds, and runs admin --help, migrate and pg_dump 16 as the node user', () => {
    docker('build', '-t', tag, '.');
    const volume = `notewise-test-${process.pid}`;
    try {
      const run = (...args: string[]) => docker('run', '--rm', '-v', `${volume}:/data`, tag, ...args);
      expect(run('npm', 'run', 'admin', '--', '--help')).toContain('Usage: npm run admin -- <command>');
      expect(run('npm', 'run', 'migrate')).toMatch(/Applied: 001-accounts/);
      expect(run('pg_dump', '--version')).toMatch(/pg_dump \(PostgreSQL\) 16\./);
      expect(run('id', '-un').trim()).toBe('node');
    } finally {
      docker('volume', 'rm', '-f', volume);
    }
  }, 1_500_000);
});

describe('compose.yaml and .env.example', () => {
  const compose = read('compose.yaml');

  it('runs the app on PostgreSQL 16 and Redis 7, started once both are healthy', () => {
    expect(compose).toMatch(/image: postgres:16\b/);
    expect(compose).toMatch(/image: redis:7\b/);
    expect(compose.match(/healthcheck:/g)).toHaveLength(3);
    expect(compose).toMatch(
      /depends_on:\s+db:\s+condition: service_healthy\s+redis:\s+condition: service_healthy/,
    );
    expect(compose).toContain('env_file: .env');
    expect(compose).toContain('app-data:/data');
    // AUTH_SECRET comes from the env file, never written into compose; no proxy is trusted by default.
    expect(compose).not.toMatch(/AUTH_SECRET:/);
    expect(compose).not.toMatch(/^\s*TRUST_PROXY:/m);
  });

  it('.env.example names only variables the server (or compose) reads', () => {
    const names = [...read('.env.example').matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]);
    expect(names).toContain('AUTH_SECRET');
    const known = new Set([...Object.keys(envSchema.shape), 'POSTGRES_PASSWORD']);
    expect(names.filter((name) => !known.has(name ?? ''))).toEqual([]);
  });
});
