/**
 * Fixed-rate HTTP load from its own process (so the server under test keeps its cores). Latency is
 * measured from each request's scheduled start, so a stalled server cannot hide queueing
 * (no coordinated omission). Prints one JSON line of results.
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

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

async function fire(url: string, scheduledAt: number, record: boolean, post: boolean) {
  // Latency counts from the schedule (queueing shows), or from the send when the timer fired early:
  // measured from a schedule still in the future, a fast answer came out below zero.
  const from = Math.min(scheduledAt, performance.now());
  try {
    const cookie = values.cookie ?? '';
    const response = post
      ? await request(url, {
          dispatcher,
          method: 'POST',
          body: values.body,
          headers: { cookie, origin: values.origin ?? '', 'content-type': 'application/json' },
        })
      : await request(url, { dispatcher, headers: { cookie } });
    await response.body.arrayBuffer();
    if (record) {
      if (response.statusCode >= 400) statusErrors++;
      latencies.push(performance.now() - from);
    }
  } catch {
    if (record) errors++;
  }
}

async function main() {
  const start = performance.now();
  const total = Math.round((rate * (durationMs + warmupMs)) / 1000);
  const interval = 1000 / rate;
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const scheduledAt = start + i * interval;
    const wait = scheduledAt - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const record = scheduledAt - start >= warmupMs;
    const post = values.post !== undefined && i % 10 === 9;
    inFlight.push(
      fire(post ? (values.post ?? '') : (urls[i % urls.length] ?? ''), scheduledAt, record, post),
    );
    if (inFlight.length > 5000) await Promise.all(inFlight.splice(0, inFlight.length));
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
