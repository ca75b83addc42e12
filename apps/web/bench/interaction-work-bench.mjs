#!/usr/bin/env node
// Each interaction with an open note, measured by its main-thread time rather than by wall time (INP
// on a loaded machine is noise, decision 098): per page load, the first note opened from All Notes,
// then a click into its text, End, 8 keys (4 letters, 4 Backspaces: the note ends as it began) and 4
// checklist ticks (two items, each twice), with a Chrome trace. Per interaction: the thread time
// (`tdur`) of every task from its input event (pointerdown, keydown) until the next frame's commit.
// The first of each kind is reported on its own: it pays for code used for the first time.
//
// Usage: `BENCH_WEB_MODE=interactions npm run bench:web` (apps/server/bench/web-vitals.ts starts the
// server(s), seeds the account and runs this)
//   BENCH_WORK_TARGETS  name=url pairs, comma-separated: rounds alternate between the builds
//   BENCH_EMAIL, BENCH_PASSWORD  an account whose newest note has a checklist
//   BENCH_LOADS         rounds (default 5); figures are medians over rounds
//   BENCH_INTERACTION_SCENARIO  `typing`: typing's web-vitals INP key by key instead
//                       (typing-inp-bench.mjs, decision 112)
// Prints JSON on stdout; progress goes to stderr.
import { chromium, devices } from '@playwright/test';
import { median, round } from './scroll-frames.mjs';
import { readWorkTargets, signIn } from './work-targets.mjs';

if (process.env.BENCH_INTERACTION_SCENARIO === 'typing') {
  await import('./typing-inp-bench.mjs');
} else {
  await traceInteractions();
}

async function traceInteractions() {
  const account = readWorkTargets();
  const { targets } = account;
  const LOADS = Number(process.env.BENCH_LOADS ?? 5);
  const INPUTS = new Set(['pointerdown', 'keydown']);

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update'],
  });
  const phone = { ...devices['Pixel 7'], serviceWorkers: 'block' };

  /** Per interaction of the trace: its label, and the thread time from its input to the next commit. */
  function interactions(events, labels) {
    const mains = new Set(
      events
        .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
        .map((e) => `${e.pid}:${e.tid}`),
    );
    const main = events
      .filter((e) => mains.has(`${e.pid}:${e.tid}`) && e.ph === 'X')
      .sort((a, b) => a.ts - b.ts);
    const tasks = main.filter((e) => e.name === 'RunTask');
    const inputs = main.filter((e) => e.name === 'EventDispatch' && INPUTS.has(e.args?.data?.type));
    const commits = main.filter((e) => e.name === 'Commit');
    return inputs.map((input, index) => {
      const commit = commits.find((c) => c.ts > input.ts);
      const end = Math.min(commit ? commit.ts + commit.dur : input.ts, inputs[index + 1]?.ts ?? Infinity);
      let thread = 0;
      for (const task of tasks)
        if (task.ts + task.dur >= input.ts && task.ts <= end) thread += task.tdur ?? 0;
      return { label: labels[index] ?? '?', threadMs: thread / 1000 };
    });
  }

  async function scenario(target, storageState) {
    const context = await browser.newContext({ ...phone, storageState });
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error('page error:', error.message));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const editor = page.locator('[aria-label="Note content"]');
    try {
      await page.goto(`${target.url}/notes`);
      await page.getByRole('list', { name: 'Notes', exact: true }).getByRole('link').first().click();
      await editor.getByText('Passport', { exact: true }).waitFor({ timeout: 60_000 });
      // Past the editor's idle warm-up, as a reader's first look at the note would be.
      await page.waitForTimeout(2_500);
      const events = [];
      cdp.on('Tracing.dataCollected', (data) => events.push(...data.value));
      const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      await cdp.send('Tracing.start', {
        transferMode: 'ReportEvents',
        traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] },
      });
      const labels = [];
      const act = async (label, body, pause) => {
        await body();
        labels.push(label);
        await page.waitForTimeout(pause);
      };
      await act('click', () => editor.getByText('Remember to pack light').click(), 700);
      await act('end', () => page.keyboard.press('End'), 500);
      for (const key of 'abcd') await act('key', () => page.keyboard.type(key), 400);
      for (let index = 0; index < 4; index += 1)
        await act('key', () => page.keyboard.press('Backspace'), 400);
      const boxes = editor.locator('ul[data-type="taskList"] > li > label input');
      for (let index = 0; index < 4; index += 1) await act('tick', () => boxes.nth(index % 2).click(), 600);
      await cdp.send('Tracing.end');
      await complete;
      return interactions(events, labels);
    } finally {
      await context.close();
    }
  }

  try {
    const sessions = new Map();
    for (const target of targets)
      sessions.set(target.name, await signIn(browser, phone, target.url, account));
    const rounds = Object.fromEntries(targets.map((target) => [target.name, []]));
    for (let index = 0; index < LOADS; index += 1) {
      for (const target of targets) {
        const result = await scenario(target, sessions.get(target.name));
        rounds[target.name].push(result);
        console.error(
          `round ${index + 1} of ${LOADS}, ${target.name}: ${result.map((r) => `${r.label} ${round(r.threadMs)}`).join(', ')}`,
        );
      }
    }
    const medians = {};
    for (const [name, list] of Object.entries(rounds)) {
      const of = (label) => list.map((r) => r.filter((x) => x.label === label).map((x) => x.threadMs));
      const first = (label) => round(median(of(label).map((values) => values[0])));
      const later = (label) => round(median(of(label).flatMap((values) => values.slice(1))));
      medians[name] = {
        click: first('click'),
        end: first('end'),
        firstKey: first('key'),
        laterKeys: later('key'),
        worstKey: round(median(of('key').map((values) => Math.max(...values)))),
        firstTick: first('tick'),
        laterTicks: later('tick'),
      };
    }
    console.log(JSON.stringify({ throttle: 4, loads: LOADS, medians, rounds }));
  } finally {
    await browser.close();
  }
}
