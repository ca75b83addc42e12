/**
 * What a server's main thread spent its time on, from a V8 CPU profile (`CAPACITY_CPU_PROF=<dir>`
 * writes one per server process when it exits):
 *
 *   npx tsx bench/capacity/profile-summary.ts <file.cpuprofile> [--from=<s>] [--to=<s>] [--top=<n>]
 *     [--match=<regex>]   (only the functions whose "name module:line" matches, in the inclusive table)
 *
 * --from/--to keep the samples between those seconds of the profile (the timeline printed first says
 * where the steps were). Printed, as shares of the busy time (idle excluded), so that runs beside
 * other processes compare by share and not by wall time:
 *   - self time by module (an npm package, a file of src/, node's internals, GC, program), and by function;
 *   - inclusive time by function (each function counted once per sample, recursion or not);
 *   - self time by the innermost frame of the app's own code (src/) on the stack: which of our
 *     functions the time was spent for, whichever library did the work.
 */
import fs from 'node:fs';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code lives: a package, a file of the server's src/, node itself, or V8's own entries. */
export function moduleOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (packageMatch) return packageMatch[1] as string;
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const source = /apps\/server\/src\/(.*)$/.exec(url);
  if (source) return `src/${source[1]}`;
  const workspace = /packages\/([^/]+)\//.exec(url);
  if (workspace) return `@notewise/${workspace[1]}`;
  return url.replace(/^file:\/\//, '');
}

const isAppFrame = (frame: CallFrame) => /apps\/server\/src\//.test(frame.url);
const label = (frame: CallFrame) =>
  `${frame.functionName || '(anonymous)'} ${moduleOf(frame)}:${frame.lineNumber + 1}`;

export interface ProfileSummary {
  /** Milliseconds sampled in the window, and of them not idle. */
  totalMs: number;
  busyMs: number;
  byModule: Map<string, number>;
  byFunction: Map<string, number>;
  inclusive: Map<string, number>;
  byAppFrame: Map<string, number>;
  /** Busy share per 10 s of the profile. */
  timeline: { atSeconds: number; busyShare: number }[];
}

export function summarizeProfile(profile: CpuProfile, fromS = 0, toS = Number.POSITIVE_INFINITY) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const add = (map: Map<string, number>, key: string, ms: number) => map.set(key, (map.get(key) ?? 0) + ms);
  const summary: ProfileSummary = {
    totalMs: 0,
    busyMs: 0,
    byModule: new Map(),
    byFunction: new Map(),
    inclusive: new Map(),
    byAppFrame: new Map(),
    timeline: [],
  };
  const buckets = new Map<number, { total: number; busy: number }>();
  let at = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const deltaUs = profile.timeDeltas[i] ?? 0;
    at += deltaUs;
    const ms = deltaUs / 1000;
    const node = byId.get(profile.samples[i] as number);
    if (!node) continue;
    const idle = node.callFrame.functionName === '(idle)';
    const bucket = Math.floor(at / 1e7);
    const counts = buckets.get(bucket) ?? { total: 0, busy: 0 };
    counts.total += ms;
    if (!idle) counts.busy += ms;
    buckets.set(bucket, counts);
    const seconds = at / 1e6;
    if (seconds < fromS || seconds > toS) continue;
    summary.totalMs += ms;
    if (idle) continue;
    summary.busyMs += ms;
    add(summary.byModule, moduleOf(node.callFrame), ms);
    add(summary.byFunction, label(node.callFrame), ms);
    const seen = new Set<string>();
    let appFrame: string | undefined;
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
      const frame = (byId.get(id) as ProfileNode).callFrame;
      const key = label(frame);
      if (!seen.has(key)) {
        seen.add(key);
        add(summary.inclusive, key, ms);
      }
      if (!appFrame && isAppFrame(frame)) appFrame = key;
    }
    add(summary.byAppFrame, appFrame ?? '(no app frame on the stack)', ms);
  }
  summary.timeline = [...buckets.entries()]
    .sort(([a], [b]) => a - b)
    .map(([bucket, counts]) => ({
      atSeconds: bucket * 10,
      busyShare: Math.round((counts.busy / Math.max(counts.total, 1)) * 100) / 100,
    }));
  return summary;
}

function printTop(title: string, map: Map<string, number>, busyMs: number, top: number) {
  console.log(`\n${title}`);
  const rows = [...map.entries()].sort(([, a], [, b]) => b - a).slice(0, top);
  for (const [key, ms] of rows)
    console.log(
      `${((ms / busyMs) * 100).toFixed(1).padStart(6)} %  ${Math.round(ms).toString().padStart(7)} ms  ${key}`,
    );
}

if (process.argv[1] && import.meta.filename === fs.realpathSync(process.argv[1])) {
  const [file, ...options] = process.argv.slice(2);
  if (!file) {
    console.error('usage: profile-summary.ts <file.cpuprofile> [--from=<s>] [--to=<s>] [--top=<n>]');
    process.exit(2);
  }
  const option = (name: string, fallback: number) => {
    const value = options.find((arg) => arg.startsWith(`--${name}=`));
    return value ? Number(value.split('=')[1]) : fallback;
  };
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  const summary = summarizeProfile(profile, option('from', 0), option('to', Number.POSITIVE_INFINITY));
  const top = option('top', 25);
  console.log(
    `timeline (busy share per 10 s): ${summary.timeline.map((t) => `${t.atSeconds}s ${t.busyShare}`).join(', ')}`,
  );
  console.log(
    `window: ${Math.round(summary.totalMs)} ms sampled, ${Math.round(summary.busyMs)} ms busy (${Math.round((summary.busyMs / Math.max(summary.totalMs, 1)) * 100)} %)`,
  );
  printTop('self time by module', summary.byModule, summary.busyMs, top);
  printTop('self time by function', summary.byFunction, summary.busyMs, top);
  printTop('self time by innermost app frame (src/)', summary.byAppFrame, summary.busyMs, top);
  // --match=<regex>: only the functions whose label (name module:line) matches, in the inclusive table.
  const match = options.find((arg) => arg.startsWith('--match='))?.slice('--match='.length);
  const inclusive = match
    ? new Map([...summary.inclusive].filter(([key]) => new RegExp(match).test(key)))
    : summary.inclusive;
  printTop('inclusive time by function', inclusive, summary.busyMs, top * 2);
}
