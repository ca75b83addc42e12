import fs from 'node:fs';

/**
 * CPU time (ms, 10 ms ticks) of this process's main thread, the event loop, from Linux's per-thread
 * accounting; null where /proc is missing. A loop doing a request's work shows here; a thread waiting
 * for a core on a loaded machine does not (decisions 108, 114).
 */
export function loopCpuMs(): number | null {
  try {
    const stat = fs.readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}
