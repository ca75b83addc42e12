import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

/**
 * CPU time (user + system, ms) used so far by a process and its descendants (tsx runs the server in
 * a child node process), from Linux's /proc; 0 where /proc is not there.
 */
export function processTreeCpuMs(pid: number): number {
  let total = 0;
  const ticksToMs = 10; // USER_HZ is 100 on Linux
  const visit = (id: string) => {
    try {
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const fields = fs.readFileSync(`/proc/${id}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      total += (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * ticksToMs;
      const children = fs.readFileSync(`/proc/${id}/task/${id}/children`, 'utf8').trim();
      for (const child of children ? children.split(/\s+/) : []) visit(child);
    } catch {
      // Gone meanwhile, or no /proc.
    }
  };
  visit(String(pid));
  return total;
}

/** The machine's load per core, at least 1: how many times longer than alone a CPU-bound wait takes. */
export function loadFactor(): number {
  const [lastMinute = 0] = os.loadavg();
  return Math.max(1, lastMinute / Math.max(1, os.cpus().length));
}

interface LineWait {
  /** Fails once the process tree used this much CPU without printing the line (a start that costs too much). */
  cpuCeilingMs: number;
  /** Fails after this long whatever the CPU (a start that hangs, waiting on something). */
  wallCeilingMs: number;
  /** What the line means, for the error (tests match "exited (78) before listening"); the pattern by default. */
  awaited?: string;
}

/**
 * Resolves with the first match of `pattern` in the process's stdout. Rejects at once if the process
 * exits first, or past either ceiling, with what it printed.
 */
export function waitForOutput(
  child: ChildProcess,
  pattern: RegExp,
  { cpuCeilingMs, wallCeilingMs, awaited = String(pattern) }: LineWait,
): Promise<RegExpMatchArray> {
  let output = '';
  const started = Date.now();
  return new Promise<RegExpMatchArray>((resolve, reject) => {
    const finish = (error: Error | null, match?: RegExpMatchArray) => {
      clearInterval(poll);
      child.stdout?.off('data', onData);
      child.stderr?.off('data', onOutput);
      child.off('exit', onExit);
      if (error) reject(error);
      else if (match) resolve(match);
    };
    const onOutput = (chunk: Buffer) => {
      output += chunk;
    };
    const onData = (chunk: Buffer) => {
      onOutput(chunk);
      const match = output.match(pattern);
      if (match) finish(null, match);
    };
    const onExit = (code: number | null, signal: string | null) =>
      finish(new Error(`exited (${code ?? signal}) before ${awaited}:\n${output}`));
    const poll = setInterval(() => {
      const cpu = child.pid === undefined ? 0 : processTreeCpuMs(child.pid);
      const wall = Date.now() - started;
      if (cpu > cpuCeilingMs || wall > wallCeilingMs) {
        finish(new Error(`no ${awaited} after ${wall} ms (${cpu} ms of CPU):\n${output}`));
      }
    }, 250);
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onOutput);
    child.on('exit', onExit);
  });
}

/**
 * A server start through tsx (transpiling the source, migrating a new database) used 4.3-4.8 s of
 * CPU at load 13 on 2 cores, and 16-26 s of wall time (decision 094). It may use 4x that CPU; the
 * wall time it waits for its share of the cores grows with the load, so its ceiling does too (a
 * start that hangs uses no CPU: the wall ceiling catches that).
 */
export const START_CPU_CEILING_MS = 20_000;
const START_WALL_MS_PER_LOAD = 30_000;
export const START_WALL_CEILING_CAP_MS = 300_000;

/** The wall-clock ceiling for a server start at the machine's current load. */
export function startWallCeilingMs(): number {
  return Math.min(START_WALL_MS_PER_LOAD * loadFactor(), START_WALL_CEILING_CAP_MS);
}
