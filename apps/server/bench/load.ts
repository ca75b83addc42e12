/**
 * Fixed-rate HTTP load from its own process (so the server under test keeps its cores). Latency is
 * measured from each request's scheduled start, so a stalled server cannot hide queueing
 * (no coordinated omission). `--closed N` instead runs N clients back to back, as fast as the server
 * answers: its rate is the maximum. Prints one JSON line of results.
 */
import { parseArgs } from 'node:util';
import { Agent, request } from 'undici';

const { values } = parseArgs({
  options: {
    url: { type: 'string', multiple: true },
    rate: { type: 'string', default: '100' },
    duration: { type: 'string', default: '10' },
    cookie: { type: 'string', default: '' },
    connections: { type: 'string', default: '32' },
    warmup: { type: 'string', default: '1' },
    /** Optional: every tenth request is this POST (the soak's note creation). */
    post: { type: 'string' },
    body: { type: 'string', default: '{}' },
    origin: { type: 'string', default: '' },
    /**
     * Optional: every tenth request (another tenth than the POST's) edits one of these notes'
     * content with the version the last answer gave, as the editor's autosave does (a 409 is an error).
     */
    patch: { type: 'string', multiple: true },
    /** Closed loop: this many clients, each sending its next request when the last is answered. */
    closed: { type: 'string' },
  },
});

const urls = values.url ?? [];
const rate = Number(values.rate);
const durationMs = Number(values.duration) * 1000;
const warmupMs = Number(values.warmup) * 1000;
const dispatcher = new Agent({
  connections: Number(values.connections),
  pipelining: 1,
  keepAliveTimeout: 30_000,
});

const latencies: number[] = [];
let errors = 0;
let statusErrors = 0;
/** The version each patched note is at, and which are being saved now (one save per note at a time). */
const versions = new Map<string, number>();
const saving = new Set<string>();
const patchUrls = new Map<string, string>();
let patchTurn = 0;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

type Kind = 'get' | 'post' | 'patch';

/** The request of slot i of the mix: a GET of the URLs in turn, every tenth a POST, another a PATCH. */
function kindOf(i: number): Kind {
  if (values.post !== undefined && i % 10 === 9) return 'post';
  if (versions.size > 0 && i % 10 === 4) return 'patch';
  return 'get';
}

/** A note no save is running for, or undefined when all are busy (a GET goes instead). */
function nextPatchTarget(): string | undefined {
  const ids = [...versions.keys()];
  for (let tries = 0; tries < ids.length; tries++) {
    const id = ids[patchTurn++ % ids.length];
    if (id !== undefined && !saving.has(id)) return id;
  }
  return undefined;
}

async function fire(i: number, scheduledAt: number, record: boolean) {
  // Latency counts from the schedule (queueing shows), or from the send when the timer fired early:
  // measured from a schedule still in the future, a fast answer came out below zero.
  const from = Math.min(scheduledAt, performance.now());
  const cookie = values.cookie ?? '';
  let kind = kindOf(i);
  const patchId = kind === 'patch' ? nextPatchTarget() : undefined;
  if (kind === 'patch' && patchId === undefined) kind = 'get';
  try {
    let response: Awaited<ReturnType<typeof request>>;
    if (kind === 'post') {
      response = await request(values.post ?? '', {
        dispatcher,
        method: 'POST',
        body: values.body,
        headers: { cookie, origin: values.origin ?? '', 'content-type': 'application/json' },
      });
    } else if (kind === 'patch' && patchId !== undefined) {
      saving.add(patchId);
      try {
        response = await request(patchUrls.get(patchId) ?? '', {
          dispatcher,
          method: 'PATCH',
          body: JSON.stringify({
            content: `Soak edit ${i}: ${'word '.repeat(40)}`,
            version: versions.get(patchId),
          }),
          headers: { cookie, origin: values.origin ?? '', 'content-type': 'application/json' },
        });
        const text = await response.body.text();
        if (response.statusCode === 200 || response.statusCode === 409) {
          const note = JSON.parse(text) as {
            version?: number;
            error?: { details?: { current?: { version: number } } };
          };
          const version = note.version ?? note.error?.details?.current?.version;
          if (version !== undefined) versions.set(patchId, version);
        }
      } finally {
        saving.delete(patchId);
      }
    } else {
      response = await request(urls[i % urls.length] ?? '', { dispatcher, headers: { cookie } });
    }
    if (kind !== 'patch') await response.body.arrayBuffer();
    if (record) {
      if (response.statusCode >= 400) statusErrors++;
      latencies.push(performance.now() - from);
    }
  } catch {
    if (record) errors++;
  }
}

/** The notes to edit, at the version they are at now. */
async function loadVersions() {
  for (const url of values.patch ?? []) {
    const response = await request(url, { dispatcher, headers: { cookie: values.cookie ?? '' } });
    const note = (await response.body.json()) as { id: string; version: number };
    versions.set(note.id, note.version);
    patchUrls.set(note.id, url);
  }
}

async function closedLoop(clients: number, start: number) {
  let next = 0;
  const client = async () => {
    for (;;) {
      const now = performance.now();
      if (now - start >= durationMs + warmupMs) return;
      await fire(next++, now, now - start >= warmupMs);
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
}

async function main() {
  await loadVersions();
  const start = performance.now();
  const inFlight: Promise<void>[] = [];
  if (values.closed !== undefined) {
    await closedLoop(Number(values.closed), start);
  } else {
    const total = Math.round((rate * (durationMs + warmupMs)) / 1000);
    const interval = 1000 / rate;
    for (let i = 0; i < total; i++) {
      const scheduledAt = start + i * interval;
      const wait = scheduledAt - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      const record = scheduledAt - start >= warmupMs;
      inFlight.push(fire(i, scheduledAt, record));
      if (inFlight.length > 5000) await Promise.all(inFlight.splice(0, inFlight.length));
    }
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - start - warmupMs) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 100) / 100;
  console.log(
    JSON.stringify({
      rate,
      requests: sorted.length,
      achievedRate: round(sorted.length / elapsed),
      errors,
      statusErrors,
      p50: round(percentile(sorted, 50)),
      p95: round(percentile(sorted, 95)),
      p99: round(percentile(sorted, 99)),
      max: round(sorted[sorted.length - 1] ?? Number.NaN),
    }),
  );
  await dispatcher.close();
}

void main();
