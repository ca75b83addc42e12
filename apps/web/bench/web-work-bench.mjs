#!/usr/bin/env node
// The web app on a phone, measured by the work it does rather than by wall time (a loaded machine
// makes LCP and INP noise): one fixed scenario per page load - All Notes loaded cold, scrolled
// 12,000 px in 240 frames and back, the first note opened from the list, 20 characters typed, 5 checklist
// items ticked - and for each phase the main thread's CPU time from CDP Performance.getMetrics
// (thread time: other processes on the cores count less, but at load 15-25 a phase still varies by
// about a quarter between loads of one build), long tasks (50 ms and more; wall time, so noise on a
// loaded machine), React commits (a stand-in devtools hook) and style and layout counts; for the
// load, the JS bytes and files fetched before the LCP and by the end of it.
//
// Usage: node apps/web/bench/web-work-bench.mjs   (`BENCH_WEB_MODE=work npm run bench:web`:
// apps/server/bench/web-vitals.ts starts the server(s), seeds the account and runs this)
//   BENCH_WORK_TARGETS  name=url pairs, comma-separated: each build under test (rounds alternate
//                       between them, so a comparison runs back to back)
//   BENCH_EMAIL, BENCH_PASSWORD  an account whose newest note has a checklist
//   BENCH_LOADS         rounds (default 3); figures are medians over rounds
//   BENCH_WORK_THROTTLE CPU throttling rate (default 4)
//   BENCH_WORK_PROFILE  a folder: a CPU profile per phase (.cpuprofile) and its top functions
// Prints JSON on stdout; progress goes to stderr.
import fs from 'node:fs';
import path from 'node:path';
import { chromium, devices } from '@playwright/test';
import { median, round } from './scroll-frames.mjs';
import { readWorkTargets, signIn } from './work-targets.mjs';

const account = readWorkTargets();
const { targets } = account;
const LOADS = Number(process.env.BENCH_LOADS ?? 3);
const THROTTLE = Number(process.env.BENCH_WORK_THROTTLE ?? 4);
const PROFILE_DIR = process.env.BENCH_WORK_PROFILE;
const TYPED = 'quick brown fox jump';
const TICKS = 5;
const METRICS = [
  'TaskDuration',
  'ScriptDuration',
  'LayoutDuration',
  'RecalcStyleDuration',
  'LayoutCount',
  'RecalcStyleCount',
];

/** Runs in the page before its scripts: long tasks, the LCP and React commits (a devtools hook stand-in). */
function instrument() {
  const state = { longTasks: [], lcp: null, commits: 0 };
  window.__work = state;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    isDisabled: false,
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    onCommitFiberRoot: () => {
      state.commits += 1;
    },
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
    checkDCE: () => {},
  };
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        state.longTasks.push({ at: entry.startTime, ms: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) state.lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  } catch {}
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update'],
});
const phone = { ...devices['Pixel 7'], serviceWorkers: 'block' };

/**
 * Top functions by self time in a CPU profile, as samples times the median sampling interval: the
 * profiler samples wall time, and a sample taken after the thread was descheduled (another process,
 * or the throttling's own pauses) would otherwise carry that whole pause.
 */
function topFunctions(profile, count = 12) {
  const self = new Map();
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const interval = median(profile.timeDeltas ?? []) / 1000;
  for (const id of profile.samples ?? []) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    const key = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + 1);
  }
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, samples]) => `${round(samples * interval)} ms ${name}`);
}

/** One page load of the scenario against one build; the work of each phase. */
async function scenario(target, storageState, label) {
  const context = await browser.newContext({ ...phone, storageState });
  await context.addInitScript({ content: `(${instrument.toString()})();` });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('page error:', error.message));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  if (PROFILE_DIR) await cdp.send('Profiler.enable');
  const snapshot = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    const values = Object.fromEntries(metrics.map((m) => [m.name, m.value]));
    const page = await pageState();
    return { values, ...page };
  };
  const pageState = () =>
    page.evaluate(() => ({
      now: performance.now(),
      commits: window.__work.commits,
      longTasks: window.__work.longTasks.length,
      longTaskMs: window.__work.longTasks.reduce((sum, task) => sum + task.ms, 0),
    }));
  const phases = {};
  let before = {
    values: Object.fromEntries(METRICS.map((name) => [name, 0])),
    commits: 0,
    longTasks: 0,
    longTaskMs: 0,
  };
  const phase = async (name, body) => {
    if (PROFILE_DIR) await cdp.send('Profiler.start');
    await body();
    const after = await snapshot();
    if (PROFILE_DIR) {
      const { profile } = await cdp.send('Profiler.stop');
      fs.mkdirSync(PROFILE_DIR, { recursive: true });
      fs.writeFileSync(path.join(PROFILE_DIR, `${label}-${name}.cpuprofile`), JSON.stringify(profile));
      phases[`${name}Top`] = topFunctions(profile);
    }
    phases[name] = {
      cpuMs: round((after.values.TaskDuration - before.values.TaskDuration) * 1000),
      scriptMs: round((after.values.ScriptDuration - before.values.ScriptDuration) * 1000),
      layoutMs: round((after.values.LayoutDuration - before.values.LayoutDuration) * 1000),
      styleMs: round((after.values.RecalcStyleDuration - before.values.RecalcStyleDuration) * 1000),
      layouts: after.values.LayoutCount - before.values.LayoutCount,
      styleRecalcs: after.values.RecalcStyleCount - before.values.RecalcStyleCount,
      longTasks: after.longTasks - before.longTasks,
      longTaskMs: round(after.longTaskMs - before.longTaskMs),
      commits: after.commits - before.commits,
    };
    before = after;
  };
  const noteList = page.getByRole('list', { name: 'Notes', exact: true });
  const editor = page.locator('[aria-label="Note content"]');
  try {
    let load = {};
    let scrolled = {};
    await phase('load', async () => {
      await page.goto(`${target.url}/notes`);
      await noteList.getByRole('listitem').first().waitFor();
      await page.waitForTimeout(1_500);
      load = await page.evaluate((inHtml) => {
        const lcp = window.__work.lcp;
        const scripts = performance
          .getEntriesByType('resource')
          .filter((entry) => new URL(entry.name).pathname.endsWith('.js'));
        const sum = (list) => list.reduce((total, entry) => total + entry.encodedBodySize, 0);
        const beforeLcp = scripts.filter((entry) => lcp != null && entry.responseEnd <= lcp);
        // Chunks asked for once the entry ran (not named in index.html): a waterfall.
        const late = scripts.filter((entry) => !inHtml.includes(new URL(entry.name).pathname));
        return {
          lcpMs: lcp,
          jsFilesBeforeLcp: beforeLcp.length,
          jsBytesBeforeLcp: sum(beforeLcp),
          jsFilesAtLoad: scripts.length,
          jsBytesAtLoad: sum(scripts),
          lateJsFiles: late.length,
          lateJs: late.map((entry) => new URL(entry.name).pathname.split('/').pop()),
        };
      }, target.htmlScripts);
    });
    // All Notes scrolled 12,000 px in 240 steps of 50 px, one per animation frame (3,000 px/s at
    // 60 Hz): a fixed amount of work whatever the frame rate, unlike a scroll timed by the clock.
    // Cards mount and unmount as they pass; then back to the top.
    await phase('scroll', async () => {
      scrolled = await page.evaluate(
        ({ step, steps }) =>
          new Promise((resolve) => {
            let done = 0;
            const started = performance.now();
            const tick = () => {
              done += 1;
              window.scrollTo(0, done * step);
              if (done < steps) requestAnimationFrame(tick);
              else
                resolve({
                  frames: done,
                  distancePx: Math.round(window.scrollY),
                  ms: performance.now() - started,
                });
            };
            requestAnimationFrame(tick);
          }),
        { step: 50, steps: 240 },
      );
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForTimeout(1_000);
    });
    await phase('open', async () => {
      await noteList.getByRole('link').first().click();
      await editor.getByText('Passport', { exact: true }).waitFor({ timeout: 60_000 });
      await page.waitForTimeout(1_000);
    });
    await phase('typing', async () => {
      await editor.getByText('Remember to pack light').click();
      await page.keyboard.press('End');
      for (const key of TYPED) {
        await page.keyboard.type(key);
        await page.waitForTimeout(150);
      }
      await page.waitForTimeout(1_000);
    });
    await phase('ticking', async () => {
      const boxes = editor.locator('ul[data-type="taskList"] > li > label input');
      for (let index = 0; index < TICKS; index += 1) {
        await boxes.nth(index).click();
        await page.waitForTimeout(300);
      }
      await page.waitForTimeout(1_000);
    });
    return { ...load, scrolled, phases };
  } finally {
    await context.close();
  }
}

try {
  const sessions = new Map();
  for (const target of targets) {
    sessions.set(target.name, await signIn(browser, phone, target.url, account));
    const html = await (await fetch(`${target.url}/notes`, { headers: { accept: 'text/html' } })).text();
    target.htmlScripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]);
  }
  // One unmeasured load per build: the server's and browser's first-use costs.
  for (const target of targets) await scenario(target, sessions.get(target.name), `${target.name}-warm`);
  const rounds = Object.fromEntries(targets.map((target) => [target.name, []]));
  for (let index = 0; index < LOADS; index += 1) {
    for (const target of targets) {
      console.error(`round ${index + 1} of ${LOADS}: ${target.name}`);
      rounds[target.name].push(
        await scenario(target, sessions.get(target.name), `${target.name}-${index + 1}`),
      );
    }
  }
  const medians = {};
  for (const [name, list] of Object.entries(rounds)) {
    const scalar = (key) => round(median(list.map((r) => r[key])));
    const phaseMedians = {};
    for (const phaseName of ['load', 'scroll', 'open', 'typing', 'ticking']) {
      const keys = Object.keys(list[0]?.phases[phaseName] ?? {});
      phaseMedians[phaseName] = Object.fromEntries(
        keys.map((key) => [key, round(median(list.map((r) => r.phases[phaseName][key])))]),
      );
    }
    medians[name] = {
      jsBytesBeforeLcp: scalar('jsBytesBeforeLcp'),
      jsFilesBeforeLcp: scalar('jsFilesBeforeLcp'),
      jsBytesAtLoad: scalar('jsBytesAtLoad'),
      jsFilesAtLoad: scalar('jsFilesAtLoad'),
      lateJsFiles: scalar('lateJsFiles'),
      lcpMsWallNoise: scalar('lcpMs'),
      scrollWallMs: round(median(list.map((r) => r.scrolled.ms))),
      phases: phaseMedians,
    };
  }
  console.log(
    JSON.stringify({ throttle: THROTTLE, loads: LOADS, typed: TYPED.length, ticks: TICKS, medians, rounds }),
  );
} finally {
  await browser.close();
}
