#!/usr/bin/env node
// Typing's INP as `npm run bench:web` measures it (web-vitals, 4x CPU, the note opened directly in
// Quick View, a click into its text, End, then the same 34 keys 150 ms apart), builds alternating, with
// each key's Event Timing (input delay / processing / presentation) and the long animation frames'
// scripts around the slowest keys: which key decides INP, and what ran in its frame (decision 112).
//
// Usage: `BENCH_WEB_MODE=interactions BENCH_INTERACTION_SCENARIO=typing npm run bench:web -w
// @notewise/server` (interaction-work-bench.mjs hands over to this file)
//   BENCH_WORK_TARGETS  name=url pairs, comma-separated: rounds alternate between the builds
//   BENCH_EMAIL, BENCH_PASSWORD  an account whose newest note has a checklist
//   BENCH_LOADS         page loads per build (default 5)
// Prints JSON on stdout (`medians` as interaction-work-bench.mjs, then `rounds` in full); progress
// and each load's slowest keys go to stderr.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium, devices } from '@playwright/test';
import { median } from './scroll-frames.mjs';
import { observe } from './web-vitals-observer.mjs';
import { readWorkTargets, signIn } from './work-targets.mjs';

const account = readWorkTargets();
const { targets } = account;
const LOADS = Number(process.env.BENCH_LOADS ?? 5);
const TYPED = 'Typing on a phone should keep up. ';

const require = createRequire(import.meta.url);
const webVitalsSource = fs.readFileSync(
  path.join(path.dirname(require.resolve('web-vitals/attribution')), 'web-vitals.attribution.iife.js'),
  'utf8',
);

/**
 * In the page: each keydown's time stamp and key, to name the Event Timing entries by key, and those
 * entries and the long animation frames as observed (the timeline keeps events of 104 ms and more only).
 */
function recordKeys() {
  window.__keys = [];
  window.__events = [];
  window.__loafs = [];
  addEventListener('keydown', (event) => window.__keys.push({ at: event.timeStamp, key: event.key }), true);
  const keep = (list) => (entries) => list.push(...entries.getEntries());
  new PerformanceObserver(keep(window.__events)).observe({ type: 'event', durationThreshold: 16 });
  new PerformanceObserver(keep(window.__loafs)).observe({ type: 'long-animation-frame' });
}

const round = (value) => (value == null ? null : Math.round(value));

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update'],
});
const phone = { ...devices['Pixel 7'], serviceWorkers: 'block' };

async function firstNote(url, storageState) {
  const context = await browser.newContext({ storageState, baseURL: url });
  try {
    const body = await (await context.request.get('/api/notes?limit=1')).json();
    if (!body.notes?.[0]) throw new Error(`no note: ${JSON.stringify(body).slice(0, 200)}`);
    return body.notes[0];
  } finally {
    await context.close();
  }
}

async function typing(target, storageState, note) {
  const context = await browser.newContext({ ...phone, storageState });
  await context.addInitScript({
    content: `try { ${webVitalsSource};window.webVitals = webVitals; } catch {}\n(${observe.toString()})();(${recordKeys.toString()})();`,
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('page error:', error.message));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  try {
    await page.goto(`${target.url}/quick-view?project=${note.projectId}&note=${note.id}`);
    const box = page.locator('[aria-label="Note content"]');
    await box.getByText('Passport', { exact: true }).waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1_000);
    await box.getByText('Remember to pack light').click();
    await page.keyboard.press('End');
    for (const key of TYPED) {
      await page.keyboard.type(key);
      await page.waitForTimeout(150);
    }
    await page.waitForTimeout(300);
    return await page.evaluate(() => {
      const keys = window.__keys;
      const events = window.__events.filter((e) => e.interactionId);
      const loafs = window.__loafs;
      // Scripts of long frames while typing that no key's event ran: timers, idle callbacks, React's
      // scheduled renders. What runs between keys delays the next one (its input delay).
      const typedFrom = keys[1]?.at ?? 0;
      const between = {};
      for (const frame of loafs.filter((f) => f.startTime >= typedFrom))
        for (const script of frame.scripts) {
          if (/\.on(key|input|beforeinput|textinput)/i.test(script.invoker)) continue;
          const name = `${script.invoker} ${script.sourceFunctionName || ''} ${script.sourceURL.split('/').pop()}`;
          between[name] = Math.max(between[name] ?? 0, Math.round(script.duration));
        }
      // The typed keys only (End is the first keydown).
      const typed = keys.slice(1).map(({ at, key }, index) => {
        const mine = events.filter((e) => Math.abs(e.startTime - at) < 1 && e.name === 'keydown');
        const entry = mine[0];
        if (!entry) return { index, key, ms: null };
        const end = entry.startTime + entry.duration;
        const frames = loafs
          .filter((f) => f.startTime < end && f.startTime + f.duration > entry.startTime - 50)
          .map((f) => ({
            at: Math.round(f.startTime - entry.startTime),
            ms: Math.round(f.duration),
            blocking: Math.round(f.blockingDuration),
            scripts: [...f.scripts]
              .sort((a, b) => b.duration - a.duration)
              .slice(0, 3)
              .map(
                (s) =>
                  `${s.invoker} ${s.sourceFunctionName || ''} ${s.sourceURL.split('/').pop()} @${Math.round(s.startTime - entry.startTime)} ${Math.round(s.duration)}`,
              ),
          }));
        return {
          index,
          key,
          ms: entry.duration,
          inputDelay: Math.round(entry.processingStart - entry.startTime),
          processing: Math.round(entry.processingEnd - entry.processingStart),
          presentation: Math.round(end - entry.processingEnd),
          frames,
        };
      });
      return { inp: window.__bench.inp, keys: typed, between };
    });
  } finally {
    await context.close();
  }
}

try {
  const sessions = new Map();
  for (const target of targets) sessions.set(target.name, await signIn(browser, phone, target.url, account));
  const note = await firstNote(targets[0].url, sessions.get(targets[0].name));
  const rounds = Object.fromEntries(targets.map((target) => [target.name, []]));
  for (let index = 0; index < LOADS; index += 1) {
    for (const target of targets) {
      const result = await typing(target, sessions.get(target.name), note);
      rounds[target.name].push(result);
      const slowest = [...result.keys].sort((a, b) => (b.ms ?? 0) - (a.ms ?? 0)).slice(0, 3);
      console.error(
        `round ${index + 1} of ${LOADS}, ${target.name}: INP ${round(result.inp?.value)}; slowest keys ${slowest
          .map((k) => `#${k.index} '${k.key}' ${k.ms} (${k.inputDelay}/${k.processing}/${k.presentation})`)
          .join(', ')}`,
      );
      for (const key of slowest.slice(0, 1))
        for (const frame of key.frames ?? [])
          console.error(`    frame @${frame.at} ${frame.ms} ms: ${frame.scripts.join(' | ')}`);
      const between = Object.entries(result.between).sort((x, y) => y[1] - x[1]);
      console.error(
        `    longest scripts between keys: ${between.map(([name, ms]) => `${name} ${ms}`).join(' | ')}`,
      );
    }
  }
  const medians = {};
  for (const [name, list] of Object.entries(rounds)) {
    const keyMs = list.flatMap((r) => r.keys.map((k) => k.ms));
    medians[name] = {
      inp: round(median(list.map((r) => r.inp?.value))),
      worstInp: round(Math.max(...list.map((r) => r.inp?.value ?? 0))),
      medianKey: round(median(keyMs)),
      longestBetweenKeys: round(median(list.map((r) => Math.max(0, ...Object.values(r.between))))),
      slowestKeyIndexes: list.map((r) => [...r.keys].sort((a, b) => (b.ms ?? 0) - (a.ms ?? 0))[0]?.index),
    };
  }
  console.log(JSON.stringify({ throttle: 4, loads: LOADS, medians, rounds }));
} finally {
  await browser.close();
}
