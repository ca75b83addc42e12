// What only the last size measures: co-editing, voice, the web editor and bundle, and the soak.
import fs from 'node:fs';
import path from 'node:path';
import { coEditFor, measureCollabLatency } from './collab-latency';
import { HERE, load, run } from './harness';
import { QUERIES } from './seed';
import { measureVoiceLatency } from './voice-latency';
import { measureWebVitals } from './web-vitals';

const SOAK = process.env.BENCH_SOAK === '1';
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 300);
/** The soak runs at this share of the mix's measured maximum (BENCH_SOAK_RATE fixes a rate instead). */
const SOAK_SHARE = 0.8;

export interface ExtrasContext {
  address: string;
  origin: { origin: string; 'content-type': string };
  cookie: string;
  post: (url: string, body: unknown) => Promise<{ id: string }>;
  smallProject: { id: string };
  someNotes: string[];
}

export async function measureExtras(context: ExtrasContext): Promise<Record<string, unknown>> {
  const { address, origin, cookie, post } = context;
  const results: Record<string, unknown> = {};
  // Co-editing: a second member edits the same shared note.
  const memberSignUp = await fetch(`${address}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: origin,
    body: JSON.stringify({ name: 'Member', email: 'member@example.com', password: 'bench-password-2' }),
  });
  const memberCookie = (memberSignUp.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
  const shared = (await post('/api/shared-projects', { name: 'Team' })) as unknown as {
    id: string;
    code: string;
  };
  await fetch(`${address}/api/shared-projects/join`, {
    method: 'POST',
    headers: { ...origin, cookie: memberCookie },
    body: JSON.stringify({ code: shared.code }),
  });
  const sharedNote = await post('/api/notes', { projectId: shared.id, title: 'Live', content: 'Start' });
  results.collabLatency = await measureCollabLatency(
    new URL(address).host,
    [cookie, memberCookie],
    sharedNote.id,
  );
  results.voiceLatency = await measureVoiceLatency();
  // The built-in summarize and structure on a 10,000-word note (decision 062; budget 300 ms warm).
  const summarize = await run(path.resolve(HERE, '../../../node_modules/.bin/tsx'), [
    path.join(HERE, 'summarize-structure.ts'),
  ]);
  results.summarizeStructure = JSON.parse(summarize.stdout.trim().split('\n')[0] ?? '{}');

  // Web: typing into a 10,000-word note in the real editor (Chromium), and the first route's JS.
  const webBench = path.resolve(HERE, '../../web/bench');
  if (fs.existsSync(path.resolve(HERE, '../../web/dist/index.html'))) {
    const keystroke = await run('node', [path.join(webBench, 'keystroke-bench.mjs'), address], {
      maxBuffer: 10 * 1024 * 1024,
    });
    results.keystroke = JSON.parse(keystroke.stdout.trim().split('\n').pop() ?? '{}');
    const size = await run('node', [path.join(webBench, 'first-route-size.mjs')]);
    results.firstRouteJs = JSON.parse(size.stdout);
    // On a phone (4x CPU): its own 20,000-note account and server; details in results/web-vitals.json.
    results.webVitals = (await measureWebVitals()).budgets;
  } else {
    console.log(
      'web app not built: skipping the keystroke, bundle-size and web-vitals measures (run `npm run build`)',
    );
  }

  if (SOAK) results.soak = await soak({ ...context, memberCookie, sharedNoteId: sharedNote.id });
  return results;
}

/**
 * The mixed soak: lists, searches, reads, note creation (a tenth) and content edits with
 * their version (a tenth), plus two members co-editing a note throughout. First the mix's maximum
 * (32 clients back to back, 10 s), then SOAK_SECONDS at 80 % of it; memory sampled every 10 s.
 */
async function soak(context: ExtrasContext & { memberCookie: string; sharedNoteId: string }) {
  const { address, cookie, smallProject, someNotes } = context;
  const urls = [
    `${address}/api/notes?projectId=${smallProject.id}`,
    ...Object.values(QUERIES)
      .flat()
      .map((q) => `${address}/api/search?q=${encodeURIComponent(q)}`),
    ...someNotes.slice(0, 10).map((id) => `${address}/api/notes/${id}`),
  ];
  const createBody = JSON.stringify({ projectId: smallProject.id, title: 'Soak', content: 'soak note' });
  const mix = [
    '--post',
    `${address}/api/notes`,
    '--body',
    createBody,
    '--origin',
    address,
    ...someNotes.slice(10, 30).flatMap((id) => ['--patch', `${address}/api/notes/${id}`]),
  ];
  const maximum = await load(urls, 1, cookie, [...mix, '--closed', '32'], '10');
  const rate = process.env.BENCH_SOAK_RATE
    ? Number(process.env.BENCH_SOAK_RATE)
    : Math.max(1, Math.floor(maximum.achievedRate * SOAK_SHARE));
  console.log(`soak: the mix's maximum ${maximum.achievedRate} req/s; soaking at ${rate} req/s`);
  const rssMb: number[] = [];
  const heapMb: number[] = [];
  const sample = () => {
    const memory = process.memoryUsage();
    rssMb.push(Math.round(memory.rss / 1048576));
    heapMb.push(Math.round(memory.heapUsed / 1048576));
  };
  sample();
  const sampler = setInterval(sample, 10_000);
  const [soakLoad, coEdit] = await Promise.all([
    load(urls, rate, cookie, mix, String(SOAK_SECONDS)),
    coEditFor(new URL(address).host, [cookie, context.memberCookie], context.sharedNoteId, SOAK_SECONDS + 1),
  ]);
  clearInterval(sampler);
  sample();
  // Flat memory: the last minute's mean against the first minute's (after warm-up), in MB.
  const mean = (values: number[]) =>
    values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
  const rssGrowthMb = Math.round(mean(rssMb.slice(-6)) - mean(rssMb.slice(1, 7)));
  const result = {
    maximumRate: maximum.achievedRate,
    rate,
    seconds: SOAK_SECONDS,
    load: soakLoad,
    coEdit,
    rssMb,
    heapMb,
    rssGrowthMb,
    pass:
      soakLoad.errors === 0 &&
      soakLoad.statusErrors === 0 &&
      soakLoad.max <= 1000 &&
      coEdit.lost === 0 &&
      coEdit.max <= 1000,
  };
  console.log('soak:', JSON.stringify(result));
  return result;
}
