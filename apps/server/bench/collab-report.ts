// The collab-scale bench's figures: latencies from the clients' files, the JSON and the table.
import fs from 'node:fs';
import path from 'node:path';
import { FIRST_CHAR_CLOCK } from './collab-clients';
import type { ClientsProcess } from './collab-scale';
import { HERE } from './harness';

/** Sender-to-receiver latencies from the clients' files: every keystroke to every other client. */
export function latencies(processes: ClientsProcess[], totalClients: number) {
  const sent = new Map<number, Float64Array>();
  const received = new Map<number, Float64Array>();
  let slots = 0;
  for (const p of processes) {
    const bytes = fs.readFileSync(p.config.outFile);
    const data = new Float64Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 8);
    slots = data.length / p.config.clients.length / (1 + totalClients);
    p.config.clients.forEach((spec, i) => {
      const base = i * slots * (1 + totalClients);
      sent.set(spec.index, data.subarray(base, base + slots));
      received.set(spec.index, data.subarray(base + slots, base + slots * (1 + totalClients)));
    });
  }
  const samples: number[] = [];
  let lost = 0;
  for (const [receiver, times] of received) {
    for (const [sender, sentTimes] of sent) {
      if (sender === receiver) continue;
      for (let clock = FIRST_CHAR_CLOCK; clock < slots; clock += 1) {
        const at = sentTimes[clock] ?? 0;
        if (at === 0) continue;
        const arrived = times[sender * slots + clock] ?? 0;
        if (arrived === 0) lost += 1;
        else samples.push(arrived - at);
      }
    }
  }
  samples.sort((a, b) => a - b);
  const pick = (p: number) =>
    Math.round((samples[Math.min(samples.length - 1, Math.ceil(p * samples.length) - 1)] ?? 0) * 10) / 10;
  return { deliveries: samples.length, lost, p50: pick(0.5), p95: pick(0.95), p99: pick(0.99), max: pick(1) };
}

/** bench/results/collab-<database>.json and the figures beside their budget and limit. */
export function reportCollabScale(results: Record<string, unknown>) {
  fs.mkdirSync(path.join(HERE, 'results'), { recursive: true });
  fs.writeFileSync(
    path.join(HERE, 'results', `collab-${results.database}.json`),
    JSON.stringify(results, null, 2),
  );
  const one = results.oneDocument as
    | { clients: number; updatesPerSecond: number; app: Run; relay: Run; p99Ratio: number }
    | undefined;
  const many = results.manyDocuments as
    | { documents: number; perDocumentKb: { rss: number; heap: number }; unloaded: boolean; unloadMs: number }
    | undefined;
  const rows: [string, string, string][] = [];
  if (one) {
    const line = (run: Run) => `p50 ${run.p50} / p95 ${run.p95} / p99 ${run.p99} ms, lost ${run.lost}`;
    rows.push([
      `${one.clients} clients, ${one.updatesPerSecond} updates/s: app`,
      line(one.app),
      'p99 <= 50 ms',
    ]);
    rows.push([
      '  bare relay, same clients and updates',
      line(one.relay),
      `app p99 / relay p99 = ${one.p99Ratio}`,
    ]);
  }
  if (many) {
    rows.push([
      `${many.documents} open documents: memory per document`,
      `RSS ${many.perDocumentKb.rss} KiB, heap ${many.perDocumentKb.heap} KiB`,
      many.unloaded ? `all unloaded ${many.unloadMs} ms after the last editor left` : 'NOT all unloaded',
    ]);
  }
  console.log(
    `\nco-editing at scale (${results.database}, load average at start ${JSON.stringify(results.loadAverage)})`,
  );
  for (const [name, value, limit] of rows) console.log(`${name.padEnd(48)} ${value.padEnd(48)} ${limit}`);
}

type Run = { p50: number; p95: number; p99: number; lost: number };
