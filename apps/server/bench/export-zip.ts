/**
 * `npm run bench:export -w @notewise/server`: the whole-account Markdown zip (GET /api/export) of
 * 10,000 notes (BENCH_EXPORT_NOTES, a comma list for several sizes), streamed from the real app over
 * HTTP on an embedded database. Reports time, bytes, and the server process's RSS before and at its
 * peak while the zip streams, so "flat memory" is a number: the peak should not grow with the note
 * count. BENCH_EXPORT_FORMAT=obsidian measures the Obsidian vault (names from a first pass, then the
 * notes). Not part of npm test.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db';
import { prepareContent } from '../src/modules/notes/note-content';

const SIZES = (process.env.BENCH_EXPORT_NOTES ?? '10000').split(',').map(Number);
const FORMAT = process.env.BENCH_EXPORT_FORMAT === 'obsidian' ? 'obsidian' : 'markdown';
/** BENCH_EXPORT_PROJECTS spreads the notes over that many projects (the default 4 named ones). */
const PROJECT_NAMES = process.env.BENCH_EXPORT_PROJECTS
  ? Array.from({ length: Number(process.env.BENCH_EXPORT_PROJECTS) }, (_, i) => `Project ${i + 1}`)
  : ['Archive', 'Work', 'Home', 'Ideas'];
const PARAGRAPH =
  'Meeting notes about the **budget** and the roadmap: hiring, design review and a launch date. ' +
  'Follow up with the <mark data-color="#fef08a">customer</mark> on the contract and the invoice.';

const mb = (bytes: number) => Math.round((bytes / (1024 * 1024)) * 10) / 10;

async function measure(noteCount: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'notewise-bench-export-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
  });
  const database = openDatabase({ dataDir });
  const { app } = await buildApp(config, { database, logger: false });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const headers = { origin: address, 'content-type': 'application/json' };
    const signUp = await fetch(`${address}/api/auth/sign-up/email`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Bench', email: 'bench@example.com', password: 'bench-password-1' }),
    });
    const cookie = (signUp.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
    const userId = ((await signUp.json()) as { user: { id: string } }).user.id;
    const projectIds: string[] = [];
    for (const name of PROJECT_NAMES) {
      const response = await fetch(`${address}/api/projects`, {
        method: 'POST',
        headers: { ...headers, cookie },
        body: JSON.stringify({ name }),
      });
      projectIds.push(((await response.json()) as { id: string }).id);
    }
    // About 2 KB of Markdown per note: 10,000 notes are ~20 MB of content.
    const prepared = prepareContent(Array.from({ length: 8 }, () => PARAGRAPH).join('\n\n'));
    let contentBytes = 0;
    for (let offset = 0; offset < noteCount; offset += 500) {
      const rows = Array.from({ length: Math.min(500, noteCount - offset) }, (_, i) => {
        const at = new Date(Date.now() - (offset + i) * 1000).toISOString();
        contentBytes += prepared.content.length;
        return {
          id: crypto.randomUUID(),
          project_id: projectIds[(offset + i) % projectIds.length] ?? '',
          author_id: userId,
          title: `Meeting ${offset + i}`,
          content: prepared.content,
          plain_text: prepared.plainText,
          excerpt: prepared.excerpt,
          tags: '[]',
          version: 1,
          ydoc: null,
          created_at: at,
          updated_at: at,
        };
      });
      await database.db.transaction().execute((trx) => trx.insertInto('notes').values(rows).execute());
    }
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const started = performance.now();
    // The process's CPU (server and client share it): steadier than the wall clock on a busy machine.
    const cpuStart = process.cpuUsage();
    const response = await fetch(`${address}/api/export?format=${FORMAT}`, { headers: { cookie } });
    let bytes = 0;
    const reader = response.body?.getReader();
    while (reader) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
    }
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuStart);
    clearInterval(sampler);
    const result = {
      format: FORMAT,
      notes: noteCount,
      projects: projectIds.length,
      status: response.status,
      contentMB: mb(contentBytes),
      zipMB: mb(bytes),
      seconds: Math.round(seconds * 100) / 100,
      notesPerSecond: Math.round(noteCount / seconds),
      cpuSeconds: Math.round((cpu.user + cpu.system) / 10_000) / 100,
      rssBeforeMB: mb(rssBefore),
      rssPeakMB: mb(peak),
      rssGrowthMB: mb(peak - rssBefore),
    };
    console.log(JSON.stringify(result));
    return result;
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const results = [];
for (const size of SIZES) results.push(await measure(size));
fs.mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
fs.writeFileSync(
  path.join(
    import.meta.dirname,
    'results',
    FORMAT === 'obsidian' ? 'export-obsidian.json' : 'export-zip.json',
  ),
  `${JSON.stringify(results, null, 2)}\n`,
);
