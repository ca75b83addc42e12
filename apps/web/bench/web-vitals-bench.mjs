#!/usr/bin/env node
// The web app on a phone: LCP of All Notes, INP of opening a note, typing and ticking a checklist
// item, and frame times while scrolling All Notes at 3,000 px/s, with the CPU throttled 4x (and the
// frames unthrottled too); each figure beside the same measure of an empty React page in this run.
//
// Usage: node apps/web/bench/web-vitals-bench.mjs   (apps/server/bench/web-vitals.ts starts the
// server, seeds the account and runs this; `npm run bench:web`)
//   BENCH_WEB_URL    the app, served by the real server
//   BENCH_EMPTY_URL  the empty React page (one element that re-renders on a click or a key)
//   BENCH_EMAIL, BENCH_PASSWORD  an account whose newest note has a checklist
//   BENCH_LOADS      page loads per measure (default 3; figures are the median and the worst)
//
// LCP and INP come from the web-vitals library (its IIFE build injected before the page's scripts, so
// it never ships in the app), INP per kind of interaction on its own page load so each value is that
// kind's worst. Frames are requestAnimationFrame intervals while the page scrolls itself at a fixed
// speed; a display at 60 Hz gives 16.7 ms between frames at best, which the empty page shows.
// Long animation frames (50 ms and more) are counted with the scripts that took longest.
// Prints JSON on stdout; progress goes to stderr.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium, devices } from '@playwright/test';
import { median, round, scrollFrames } from './scroll-frames.mjs';
import { observe } from './web-vitals-observer.mjs';

const appUrl = (process.env.BENCH_WEB_URL ?? '').replace(/\/+$/, '');
const emptyUrl = process.env.BENCH_EMPTY_URL ?? '';
const email = process.env.BENCH_EMAIL ?? '';
const password = process.env.BENCH_PASSWORD ?? '';
if (!appUrl || !emptyUrl || !email || !password) {
  console.error('Set BENCH_WEB_URL, BENCH_EMPTY_URL, BENCH_EMAIL and BENCH_PASSWORD (see the header).');
  process.exit(2);
}
const LOADS = Number(process.env.BENCH_LOADS ?? 3);
const THROTTLE = 4;
const SCROLL_SPEED = 3_000;
const SCROLL_SECONDS = 4;
const TYPED = 'Typing on a phone should keep up. ';
const TOGGLES = 8;

const require = createRequire(import.meta.url);
// The IIFE build (a global webVitals) sits beside the entry the package exports.
const webVitalsSource = fs.readFileSync(
  path.join(path.dirname(require.resolve('web-vitals/attribution')), 'web-vitals.attribution.iife.js'),
  'utf8',
);

const summary = (values) => ({
  median: round(median(values)),
  max: round(values.length ? Math.max(...values) : null),
  samples: values.map(round),
});

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update'],
});
const phone = { ...devices['Pixel 7'], serviceWorkers: 'block' };

/** A fresh phone context (empty cache) signed in as the bench account, and a page throttled `rate` times. */
async function openPage(storageState, rate) {
  const context = await browser.newContext({ ...phone, ...(storageState ? { storageState } : {}) });
  await context.addInitScript({
    content: `try { ${webVitalsSource};window.webVitals = webVitals; } catch {}\n(${observe.toString()})();`,
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('page error:', error.message));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  return { context, page };
}

const read = (page) =>
  page.evaluate(() => {
    const state = window.__bench;
    return {
      lcp: state.lcp,
      inp: state.inp,
      fcp: state.fcp,
      interactions: [...state.interactions.values()],
      loafs: state.loafs,
    };
  });

/** The vitals once the last interaction's frame is painted (web-vitals reports every change). */
async function finalVitals(page) {
  await page.waitForTimeout(300);
  return read(page);
}

let storageState;
{
  const context = await browser.newContext({ ...phone, baseURL: appUrl });
  const signIn = await context.request.post('/api/auth/sign-in/email', {
    data: { email, password },
    headers: { origin: appUrl },
  });
  if (!signIn.ok()) throw new Error(`sign-in failed: ${signIn.status()} ${await signIn.text()}`);
  storageState = await context.storageState();
  await context.close();
}

const noteList = (page) => page.getByRole('list', { name: 'Notes', exact: true });
const editor = (page) => page.locator('[aria-label="Note content"]');

/** All Notes loaded cold: LCP; then opening the first note from the list (INP, and until its text shows). */
async function allNotesAndOpen(rate) {
  const { context, page } = await openPage(storageState, rate);
  try {
    await page.goto(`${appUrl}/notes`);
    await noteList(page).getByRole('listitem').first().waitFor();
    await page.waitForTimeout(1_500);
    const loaded = await read(page);
    // What the first paint of the list waited for: each request's start and end (ms from navigation).
    const waterfall = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime < 10_000)
        .map(
          (entry) =>
            `${Math.round(entry.startTime)}-${Math.round(entry.responseEnd)} ${entry.name.replace(location.origin, '')}`,
        ),
    );
    const started = await page.evaluate(() => performance.now());
    await noteList(page).getByRole('link').first().click();
    await editor(page).getByText('Passport', { exact: true }).waitFor({ timeout: 60_000 });
    const shown = await page.evaluate((from) => {
      // The click reached the page after `from`: count from its event's start.
      const clicks = performance
        .getEntriesByType('event')
        .filter((e) => e.name === 'click' && e.startTime >= from);
      const start = clicks[0]?.startTime ?? from;
      return performance.now() - start;
    }, started);
    const opened = await finalVitals(page);
    const loadFrames = loaded.loafs
      .sort((a, b) => b.duration - a.duration)
      .slice(0, 5)
      .map((loaf) => ({ at: Math.round(loaf.start), ms: Math.round(loaf.duration), scripts: loaf.scripts }));
    return {
      lcp: loaded.lcp,
      fcp: loaded.fcp,
      waterfall,
      loadFrames,
      open: opened.inp,
      openToText: shown,
      loafs: opened.loafs,
    };
  } finally {
    await context.close();
  }
}

/** The first note opened directly; keys typed at a phone typist's pace, then checklist items ticked. */
async function typeAndToggle(rate, note) {
  const typing = await openPage(storageState, rate);
  const toggling = await openPage(storageState, rate);
  try {
    const url = `${appUrl}/quick-view?project=${note.projectId}&note=${note.id}`;
    await typing.page.goto(url);
    const box = editor(typing.page);
    await box.getByText('Passport', { exact: true }).waitFor({ timeout: 60_000 });
    await typing.page.waitForTimeout(1_000);
    await box.getByText('Remember to pack light').click();
    await typing.page.keyboard.press('End');
    for (const key of TYPED) {
      await typing.page.keyboard.type(key);
      await typing.page.waitForTimeout(150);
    }
    const typed = await finalVitals(typing.page);

    await toggling.page.goto(url);
    const boxes = editor(toggling.page).locator('ul[data-type="taskList"] > li > label input');
    await boxes.first().waitFor({ timeout: 60_000 });
    await toggling.page.waitForTimeout(1_000);
    for (let index = 0; index < TOGGLES; index += 1) {
      await boxes.nth(index % 4).click();
      await toggling.page.waitForTimeout(300);
    }
    const toggled = await finalVitals(toggling.page);
    return { typing: typed, toggle: toggled };
  } finally {
    await typing.context.close();
    await toggling.context.close();
  }
}

async function scrollAllNotes(rate) {
  const { context, page } = await openPage(storageState, rate);
  try {
    await page.goto(`${appUrl}/notes`);
    await noteList(page).getByRole('listitem').first().waitFor();
    await page.waitForTimeout(1_500);
    return await scrollFrames(page, { speed: SCROLL_SPEED, seconds: SCROLL_SECONDS });
  } finally {
    await context.close();
  }
}

/** The same measures on the empty React page: the floor this machine and browser give. */
async function emptyPage(rate) {
  const { context, page } = await openPage(undefined, rate);
  try {
    await page.goto(emptyUrl);
    const heading = page.getByRole('heading');
    await heading.waitFor();
    await page.waitForTimeout(1_000);
    const loaded = await read(page);
    await heading.click();
    const clicked = await read(page);
    await page.reload();
    await heading.waitFor();
    await page.waitForTimeout(500);
    await heading.focus();
    for (const key of TYPED) {
      await page.keyboard.type(key);
      await page.waitForTimeout(150);
    }
    const typed = await finalVitals(page);
    const frames = await scrollFrames(page, { speed: SCROLL_SPEED, seconds: SCROLL_SECONDS });
    return { lcp: loaded.lcp, click: clicked.inp, typing: typed.inp, frames };
  } finally {
    await context.close();
  }
}

async function firstNote() {
  const context = await browser.newContext({ storageState, baseURL: appUrl });
  try {
    const response = await context.request.get('/api/notes?limit=1');
    const body = await response.json();
    const note = body.notes?.[0];
    if (!note) throw new Error(`no note in the account: ${JSON.stringify(body).slice(0, 200)}`);
    return note;
  } finally {
    await context.close();
  }
}

try {
  const note = await firstNote();
  // One load unmeasured: the server's and browser's first-use costs are not what a phone meets.
  await allNotesAndOpen(1);

  const app = { lcp: [], lcpUnthrottled: [], open: [], openToText: [], typing: [], toggle: [], frames: {} };
  const empty = { lcp: [], click: [], typing: [], frames: {} };
  const details = { lcp: [], open: [], typing: [], toggle: [], empty: [] };
  for (let round = 0; round < LOADS; round += 1) {
    console.error(`round ${round + 1} of ${LOADS}`);
    const loaded = await allNotesAndOpen(THROTTLE);
    app.lcp.push(loaded.lcp?.value ?? Number.NaN);
    app.open.push(loaded.open?.value ?? 0);
    app.openToText.push(loaded.openToText);
    details.lcp.push({
      ...loaded.lcp,
      fcp: loaded.fcp,
      waterfall: loaded.waterfall,
      longFrames: loaded.loadFrames,
    });
    details.open.push(loaded.open);
    app.lcpUnthrottled.push((await allNotesAndOpen(1)).lcp?.value ?? Number.NaN);
    const interactions = await typeAndToggle(THROTTLE, note);
    app.typing.push(interactions.typing.inp?.value ?? 0);
    app.toggle.push(interactions.toggle.inp?.value ?? 0);
    details.typing.push({ ...interactions.typing.inp, events: interactions.typing.interactions.length });
    details.toggle.push({ ...interactions.toggle.inp, events: interactions.toggle.interactions.length });
    const floor = await emptyPage(THROTTLE);
    empty.lcp.push(floor.lcp?.value ?? Number.NaN);
    empty.click.push(floor.click?.value ?? 0);
    empty.typing.push(floor.typing?.value ?? 0);
    details.empty.push(floor);
  }
  const frames = {
    throttled: await scrollAllNotes(THROTTLE),
    unthrottled: await scrollAllNotes(1),
    emptyThrottled: (await emptyPage(THROTTLE)).frames,
    emptyUnthrottled: (await emptyPage(1)).frames,
  };
  const result = {
    throttle: THROTTLE,
    viewport: phone.viewport,
    loads: LOADS,
    lcpMs: { app: summary(app.lcp), appUnthrottled: summary(app.lcpUnthrottled), empty: summary(empty.lcp) },
    inpMs: {
      openNote: { app: summary(app.open), empty: summary(empty.click) },
      typing: { app: summary(app.typing), empty: summary(empty.typing) },
      toggleChecklist: { app: summary(app.toggle), empty: summary(empty.click) },
    },
    openNoteToTextMs: summary(app.openToText),
    frames,
    details,
  };
  console.log(JSON.stringify(result));
} finally {
  await browser.close();
}
