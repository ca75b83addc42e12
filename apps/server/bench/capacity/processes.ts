// The capacity bench's child processes: server instances and load generators, and their memory.
import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { GeneratorMessage, GeneratorReply } from './users';

const HERE = import.meta.dirname;
const TSX_LOADER = ['--import', 'tsx'];

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** Event-loop utilization (0-1) and delay p99 since the last call. */
  loop(): Promise<{ utilization: number; delayP99Ms: number }>;
  stop(): Promise<void>;
}

/** Starts server.ts with `env` on `port`; resolves once it listens. */
export async function startServer(env: Record<string, string>, port: number, cpuProfDir?: string) {
  const execArgv = [...TSX_LOADER, ...(cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`] : [])];
  const child = fork(path.join(HERE, 'server.ts'), [], {
    execArgv,
    // As `npm start` runs the server (decision 120).
    env: { MALLOC_ARENA_MAX: '2', ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before listening`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    port,
    loop: () =>
      new Promise<{ utilization: number; delayP99Ms: number }>((resolve) => {
        child.once('message', (answer) => resolve(answer as { utilization: number; delayP99Ms: number }));
        child.send({ type: 'loop' });
      }),
    async stop() {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
    },
  } satisfies ServerProcess;
}

/** Resident memory of a process in MB (Linux /proc), or 0 once it is gone. */
export function rssMb(pid: number | undefined): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return 0;
  }
}

/**
 * CPU seconds a process has used, user and system (Linux /proc, clock ticks of 1/100 s), children
 * not included; its worker threads are unless `mainThreadOnly`. 0 once it is gone.
 */
export function cpuSeconds(pid: number | undefined, mainThreadOnly = false): number {
  try {
    // A process's main thread is the task with its own id: the JavaScript thread, workers apart.
    const stat = fs.readFileSync(
      mainThreadOnly ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`,
      'utf8',
    );
    // The command name may hold spaces; the fields after its closing parenthesis do not.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * Linux pressure stall information: the share of the last 10 s in which some runnable task waited
 * for a CPU (percent), or null where /proc/pressure is missing. Near 100: the machine is oversubscribed.
 */
export function cpuPressure(): number | null {
  try {
    const text = fs.readFileSync('/proc/pressure/cpu', 'utf8');
    return Number(/some avg10=([\d.]+)/.exec(text)?.[1] ?? Number.NaN);
  } catch {
    return null;
  }
}

/** A load-generator process, spoken to over IPC; each request waits for its reply type. */
export function startGenerator() {
  const child = fork(path.join(HERE, 'users.ts'), [], {
    execArgv: TSX_LOADER,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ask = <T extends GeneratorReply['type']>(message: GeneratorMessage, reply: T) =>
    new Promise<Extract<GeneratorReply, { type: T }>>((resolve) => {
      const listener = (answer: GeneratorReply) => {
        if (answer.type !== reply) return;
        child.off('message', listener);
        resolve(answer as Extract<GeneratorReply, { type: T }>);
      };
      child.on('message', listener);
      child.send(message);
    });
  return { child, ask, send: (message: GeneratorMessage) => child.send(message) };
}

export type Generator = ReturnType<typeof startGenerator>;
