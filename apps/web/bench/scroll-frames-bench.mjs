#!/usr/bin/env node
// Frames while All Notes scrolls itself at 3,000 px/s, builds compared back to back: the budget's
// figure (web-vitals-bench.mjs measures it once per run) over many page loads, rounds alternating
// between builds so a loaded machine weighs on each alike (decision 106).
//
// Usage: `BENCH_WEB_MODE=scroll npm run bench:web` (apps/server/bench/web-vitals.ts starts the
// server(s), seeds the account and runs this)
//   BENCH_WORK_TARGETS  name=url pairs, comma-separated: each build under test
//   BENCH_EMAIL, BENCH_PASSWORD  the bench account
//   BENCH_LOADS         rounds (default 5); each round scrolls every build at 4x CPU, then unthrottled
//   BENCH_SCROLL_PROFILE  a folder: a CPU profile and a trace of each build's last fixed-step scroll per rate
// Per build and rate: each load's longest frame, frames over 17 and 33.4 ms, and the main thread's
// CPU time while scrolling (thread time from CDP, steadier than wall time on a shared machine); and
// from a Chrome trace of a second scroll of the same page in fixed steps (50 px a frame, 240 frames),
// the main thread's tasks by thread time: the longest and how many
// took over 16.7 ms. A frame's scroll event, the list's render, style, layout and paint run in one
// task (BeginMainFrame), so its thread time is what a frame costs, whoever else shares the cores;
// Chromium's throttling keeps the thread busy, so at 4x it counts 4x.
// Prints JSON on stdout; progress goes to stderr.
import fs from 'node:fs';
import path from 'node:path';
import { chromium, devices } from '@playwright/test';
import { median, round, scrollFrames } from './scroll-frames.mjs';
import { observe } from './web-vitals-observer.mjs';
import { readWorkTargets, signIn } from './work-targets.mjs';

const account = readWorkTargets();
const { targets } = account;
const LOADS = Number(process.env.BENCH_LOADS ?? 5);
const PROFILE_DIR = process.env.BENCH_SCROLL_PROFILE;
const RATES = [4, 1];
const SCROLL = { speed: 3_000, seconds: 4 };
/** 3,000 px/s at 60 Hz, one step per frame: 240 frames, 12,000 px. */
const STEPS = { step: 50, steps: 240 };

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update'],
});
const phone = { ...devices['Pixel 7'], serviceWorkers: 'block' };

const TRACE_CATEGORIES = ['disabled-by-default-devtools.timeline', 'devtools.timeline', 'toplevel'];

/** The renderer main thread's tasks in a trace by thread time (ms): the longest, and the count over a frame. */
function mainThreadTasks(trace) {
  const events = trace.traceEvents ?? trace;
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const onMain = events.filter((e) => e.ph === 'X' && mains.has(`${e.pid}:${e.tid}`));
  const threadMs = (e) => (e.tdur ?? e.dur ?? 0) / 1000;
  const tasks = onMain
    .filter((e) => e.name === 'RunTask')
    .map(threadMs)
    .sort((a, b) => b - a);
  // Where the time goes (these nest: a layout forced by a script is inside its EventDispatch).
  const sum = (name) => round(onMain.filter((e) => e.name === name).reduce((t, e) => t + threadMs(e), 0));
  const breakdownMs = Object.fromEntries(
    [
      'EventDispatch',
      'FireAnimationFrame',
      'FunctionCall',
      'UpdateLayoutTree',
      'Layout',
      'PrePaint',
      'Paint',
    ].map((name) => [name, sum(name)]),
  );
  return {
    longestTaskMs: round(tasks[0] ?? null),
    tasksOver16: tasks.filter((ms) => ms > 16.7).length,
    tasksOver8: tasks.filter((ms) => ms > 8).length,
    topTasksMs: tasks.slice(0, 5).map(round),
    totalTaskMs: round(tasks.reduce((t, ms) => t + ms, 0)),
    breakdownMs,
  };
}

/** One page load of All Notes at `rate`, scrolled; its frames and the thread's CPU time meanwhile. */
async function scrollOnce(target, storageState, rate) {
  const context = await browser.newContext({ ...phone, storageState });
  await context.addInitScript({ content: `(${observe.toString()})();` });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('page error:', error.message));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  const taskSeconds = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? 0;
  };
  try {
    // A loaded machine's first server render can take longer than Playwright's 30 s.
    await page.goto(`${target.url}/notes`, { timeout: 120_000 });
    await page
      .getByRole('list', { name: 'Notes', exact: true })
      .getByRole('listitem')
      .first()
      .waitFor({ timeout: 120_000 });
    await page.waitForTimeout(1_500);
    const before = await taskSeconds();
    const frames = await scrollFrames(page, SCROLL);
    const cpuMs = round(((await taskSeconds()) - before) * 1000);
    // Then back to the top and down again in fixed steps, traced: the same work in every load
    // whatever the machine's load (a scroll timed by the clock jumps further when frames are late).
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(1_000);
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    if (PROFILE_DIR) await cdp.send('Profiler.enable');
    if (PROFILE_DIR) await cdp.send('Profiler.start');
    await page.evaluate(
      ({ step, steps }) =>
        new Promise((resolve) => {
          let done = 0;
          const tick = () => {
            done += 1;
            window.scrollTo(0, done * step);
            if (done < steps) requestAnimationFrame(tick);
            else resolve();
          };
          requestAnimationFrame(tick);
        }),
      STEPS,
    );
    if (PROFILE_DIR) {
      const { profile } = await cdp.send('Profiler.stop');
      fs.mkdirSync(PROFILE_DIR, { recursive: true });
      fs.writeFileSync(path.join(PROFILE_DIR, `${target.name}-${rate}x.cpuprofile`), JSON.stringify(profile));
    }
    const traceText = (await browser.stopTracing()).toString('utf8');
    if (PROFILE_DIR)
      fs.writeFileSync(path.join(PROFILE_DIR, `${target.name}-${rate}x.trace.json`), traceText);
    const trace = JSON.parse(traceText);
    return { ...frames, cpuMs, ...mainThreadTasks(trace) };
  } finally {
    await context.close();
  }
}

try {
  const sessions = new Map();
  for (const target of targets) sessions.set(target.name, await signIn(browser, phone, target.url, account));
  // One unmeasured load per build: the server's and browser's first-use costs.
  for (const target of targets) await scrollOnce(target, sessions.get(target.name), 1);
  const rounds = Object.fromEntries(
    targets.map((target) => [target.name, Object.fromEntries(RATES.map((rate) => [`x${rate}`, []]))]),
  );
  for (let index = 0; index < LOADS; index += 1) {
    for (const rate of RATES) {
      for (const target of targets) {
        const result = await scrollOnce(target, sessions.get(target.name), rate);
        console.error(
          `round ${index + 1} of ${LOADS}, ${rate}x, ${target.name}: longest ${result.maxMs} ms, over 33.4 ms ${result.over32}, cpu ${result.cpuMs} ms; tasks ${result.topTasksMs.join(' ')} ms, over 16.7 ms ${result.tasksOver16}, total ${result.totalTaskMs}; ${JSON.stringify(result.breakdownMs)}`,
        );
        rounds[target.name][`x${rate}`].push(result);
      }
    }
  }
  const summaries = {};
  for (const [name, byRate] of Object.entries(rounds)) {
    summaries[name] = {};
    for (const [rate, list] of Object.entries(byRate)) {
      summaries[name][rate] = {
        longestMs: list.map((r) => r.maxMs),
        medianLongestMs: round(median(list.map((r) => r.maxMs))),
        over17: list.map((r) => r.over16),
        over33: list.map((r) => r.over32),
        p95Ms: round(median(list.map((r) => r.p95Ms))),
        frames: round(median(list.map((r) => r.frames))),
        cpuMs: round(median(list.map((r) => r.cpuMs))),
        longestTaskMs: list.map((r) => r.longestTaskMs),
        tasksOver16: list.map((r) => r.tasksOver16),
        tasksOver8: list.map((r) => r.tasksOver8),
        totalTaskMs: round(median(list.map((r) => r.totalTaskMs))),
        breakdownMs: Object.fromEntries(
          Object.keys(list[0]?.breakdownMs ?? {}).map((key) => [
            key,
            round(median(list.map((r) => r.breakdownMs[key]))),
          ]),
        ),
      };
    }
  }
  console.log(JSON.stringify({ loads: LOADS, scroll: SCROLL, summaries, rounds }));
} finally {
  await browser.close();
}
