// What only the last size measures: co-editing, voice, the web editor and bundle, and the soak.
import fs from 'node:fs';
import path from 'node:path';
import { measureCollabLatency } from './collab-latency';
import { HERE, load, run } from './harness';
import { QUERIES } from './seed';
import { measureVoiceLatency } from './voice-latency';

const SOAK = process.env.BENCH_SOAK === '1';
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 300);
const SOAK_RATE = Number(process.env.BENCH_SOAK_RATE ?? 100);

export interface ExtrasContext {
  address: string;
  origin: { origin: string; 'content-type': string };
  cookie: string;
  post: (url: string, body: unknown) => Promise<{ id: string }>;
  smallProject: { id: string };
  someNotes: string[];
}

export async function measureExtras(context: ExtrasContext): Promise<Record<string, unknown>> {
  const { address, origin, cookie, post, smallProject, someNotes } = context;
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

  // Web: typing into a 10,000-word note in the real editor (Chromium), and the first route's JS.
  const webBench = path.resolve(HERE, '../../web/bench');
  if (fs.existsSync(path.resolve(HERE, '../../web/dist/index.html'))) {
    const keystroke = await run('node', [path.join(webBench, 'keystroke-bench.mjs'), address], {
      maxBuffer: 10 * 1024 * 1024,
    });
    results.keystroke = JSON.parse(keystroke.stdout.trim().split('\n').pop() ?? '{}');
    const size = await run('node', [path.join(webBench, 'first-route-size.mjs')]);
    results.firstRouteJs = JSON.parse(size.stdout);
  } else {
    console.log('web app not built: skipping the keystroke and bundle-size measures (run `npm run build`)');
  }

  if (SOAK) {
    // Mixed soak: lists, searches, reads and note creation at a fixed rate; memory sampled.
    const urls = [
      `${address}/api/notes?projectId=${smallProject.id}`,
      ...Object.values(QUERIES)
        .flat()
        .map((q) => `${address}/api/search?q=${encodeURIComponent(q)}`),
      ...someNotes.slice(0, 10).map((id) => `${address}/api/notes/${id}`),
    ];
    const rss: number[] = [];
    const sampler = setInterval(() => rss.push(Math.round(process.memoryUsage().rss / 1048576)), 10_000);
    const createBody = JSON.stringify({
      projectId: smallProject.id,
      title: 'Soak',
      content: 'soak note',
    });
    results.soak = {
      rate: SOAK_RATE,
      seconds: SOAK_SECONDS,
      load: await load(
        urls,
        SOAK_RATE,
        cookie,
        ['--post', `${address}/api/notes`, '--body', createBody, '--origin', address],
        String(SOAK_SECONDS),
      ),
      rssMb: rss,
    };
    clearInterval(sampler);
    console.log('soak:', results.soak);
  }
  return results;
}
