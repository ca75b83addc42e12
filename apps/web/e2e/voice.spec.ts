import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, expect, type Page, test } from '@playwright/test';
import { type OwnServer, startOwnServer } from './own-server';
import { type SpeechStandIn, startSpeechStandIn } from './speech-stand-in';

// The voice assistant end to end: real Chromium with a fake microphone that plays a WAV spoken by
// espeak-ng, the real server with STT_BASE_URL pointing at a local stand-in that speaks OpenAI's
// transcription protocol. The spec runs a server of its own (the shared e2e server has no STT).
const WORK_DIR = path.join(os.tmpdir(), 'notewise-voice-e2e');
/** Chrome reads (and loops) this file when the page opens the microphone, so it is made in beforeAll. */
const SPEECH_WAV = path.join(WORK_DIR, 'speech.wav');
const SENTENCES = [
  'We decided to use the blue design for the landing page.',
  'Alice will send the budget to the team by Friday.',
  'Bob should book the room for the next review.',
];
const BASE_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-gpu',
];
const PASSWORD = 'correct-horse-9';

function makeSpeechWav(): void {
  fs.mkdirSync(WORK_DIR, { recursive: true });
  const parts: string[] = [];
  const silence = path.join(WORK_DIR, 'silence.wav');
  // espeak-ng writes 22.05 kHz mono; the pauses match it so sox can join them.
  execFileSync('sox', ['-n', '-r', '22050', '-c', '1', '-b', '16', silence, 'trim', '0.0', '2.0']);
  parts.push(silence);
  SENTENCES.forEach((sentence, index) => {
    const file = path.join(WORK_DIR, `sentence-${index}.wav`);
    execFileSync('espeak-ng', ['-w', file, sentence]);
    parts.push(file, silence);
  });
  execFileSync('sox', [...parts, '-r', '48000', '-c', '1', SPEECH_WAV]);
}

/** A 30-second monologue at espeak-ng's normal pace: sentences with ~300 ms pauses, no longer silence. */
const MONOLOGUE_WAV = path.join(WORK_DIR, 'monologue.wav');
const MONOLOGUE = [
  "Okay, let's start.",
  'Thanks for joining the planning call today.',
  'We decided to ship the new onboarding flow in the March release, because the beta feedback was strong.',
  'Alice will send the updated budget to the finance team by Friday.',
  'Bob will book the large meeting room for the design review next week.',
  'We still need to confirm the launch date with marketing.',
  'Carol will draft the announcement once the date is fixed.',
  'Finally, the team agreed to move the weekly sync to Tuesday mornings.',
].join(' ');

function makeMonologueWav(): number {
  fs.mkdirSync(WORK_DIR, { recursive: true });
  const raw = path.join(WORK_DIR, 'monologue-raw.wav');
  execFileSync('espeak-ng', ['-w', raw, MONOLOGUE]);
  execFileSync('sox', [raw, '-r', '48000', '-c', '1', MONOLOGUE_WAV]);
  return Number(execFileSync('soxi', ['-D', MONOLOGUE_WAV]).toString().trim());
}

let server: OwnServer | undefined;
let speech: SpeechStandIn | undefined;
let base = '';
let counter = 0;

let monologueSeconds = 0;

test.beforeAll(async () => {
  makeSpeechWav();
  monologueSeconds = makeMonologueWav();
  speech = await startSpeechStandIn();
  server = await startOwnServer('voice', {
    AUTH_RATE_LIMIT: '500',
    STT_BASE_URL: speech.baseUrl,
    STT_MODEL: 'whisper-1',
  });
  base = server.base;
});

test.afterAll(async () => {
  server?.stop();
  await speech?.close();
});

/** A fresh PRO-trial account (every sign-up gets the trial), signed in in this page's context. */
async function signUp(page: Page): Promise<void> {
  await page.goto(base);
  counter += 1;
  const response = await page.request.post(`${base}/api/auth/sign-up/email`, {
    data: { name: 'Voice Tester', email: `voice-${Date.now()}-${counter}@example.com`, password: PASSWORD },
    headers: { origin: base },
  });
  expect(response.ok()).toBe(true);
  await page.reload();
}

async function apiGet<T>(page: Page, url: string): Promise<T> {
  const response = await page.request.get(`${base}${url}`);
  expect(response.ok(), `${url}: ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

// Launched with a fake microphone that plays SPEECH_WAV (looped); prompts are accepted, except where a
// test denies the permission for its origin.
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      ...BASE_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${SPEECH_WAV}`,
      '--autoplay-policy=no-user-gesture-required',
    ],
  },
});

/** axe on part of the page: no serious or critical violation, nor a heading out of order. */
async function expectAccessible(page: Page, selector: string, what: string) {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  const serious = results.violations
    .filter(
      (violation) =>
        ['serious', 'critical'].includes(violation.impact ?? '') || violation.id === 'heading-order',
    )
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html.slice(0, 160)).join(' | ')}`,
    );
  expect(serious, what).toEqual([]);
}

const voiceCard = (page: Page) => page.getByRole('region', { name: 'Voice Assistant' });

test.describe('with a microphone', () => {
  test('a call: live, waveform, utterances transcribed, notes, End call, Save Call Notes into a project', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signUp(page);
    const project = await page.request.post(`${base}/api/projects`, {
      data: { name: 'Meetings' },
      headers: { origin: base },
    });
    expect(project.ok()).toBe(true);
    const { id: projectId } = (await project.json()) as { id: string };
    await page.reload();

    // A second tab of the same account follows the call over the live-events socket.
    const otherTab = await page.context().newPage();
    await otherTab.goto(base);
    await expect(voiceCard(otherTab).getByRole('button', { name: 'Start call' })).toBeEnabled();

    await page.bringToFront();
    const card = voiceCard(page);
    await expect(card).toBeVisible();
    await expect(card.getByText(/transcribed by the speech server/)).toBeVisible();
    await card.getByRole('button', { name: 'Start call' }).click();
    await expect(card.getByTestId('voice-status')).toHaveText('Live', { timeout: 15_000 });
    await expect(card.getByRole('status').filter({ hasText: 'Listening' })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Mic On' })).toBeVisible();

    // The waveform follows the real microphone level: the newest bar changes while the file plays.
    const waveform = card.getByTestId('voice-waveform');
    await expect(waveform.locator('span')).toHaveCount(12);
    const levels = new Set<string>();
    for (let sample = 0; sample < 30 && levels.size < 3; sample += 1) {
      levels.add((await waveform.getAttribute('data-level')) ?? '');
      await page.waitForTimeout(150);
    }
    expect(levels.size).toBeGreaterThanOrEqual(3);

    // Three sentences with 2 s pauses: at least three utterances are cut, sent and transcribed.
    const transcript = card.getByRole('list', { name: 'Live transcript' });
    await expect(transcript.getByRole('listitem')).toHaveCount(3, { timeout: 60_000 });
    await expect(transcript).toContainText('We decided to use the blue design');
    await expect(transcript).toContainText('Alice will send the budget');
    expect(speech?.transcriptions.length).toBeGreaterThanOrEqual(3);
    for (const received of speech?.transcriptions ?? []) {
      expect(received).toMatchObject({ sampleRate: 16_000, channels: 1 });
      // Cut at the pauses: one sentence each, not the whole file.
      expect(received.seconds).toBeGreaterThan(1);
      expect(received.seconds).toBeLessThan(6);
    }
    const watched = voiceCard(otherTab).getByRole('list', { name: 'Transcript of the other call' });
    await expect(watched).toContainText('Alice will send the budget');
    await otherTab.close();

    // Every third utterance refreshes the live notes beside the transcript.
    await expect(card.getByRole('heading', { name: 'Action items' })).toBeVisible({ timeout: 15_000 });
    await expect(card).toContainText(/Alice will send the budget/);

    await expectAccessible(page, 'section[data-voice-phase="live"]', 'the live card');
    await card.getByRole('button', { name: 'Mic On' }).click();
    await expect(card.getByRole('button', { name: 'Mic Off', pressed: true })).toBeVisible();

    await card.getByRole('button', { name: 'End call' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save Call Notes' });
    await expect(dialog).toBeVisible({ timeout: 20_000 });
    const fullTranscript = dialog.getByRole('list', { name: 'Full transcript' });
    await expect(fullTranscript.getByRole('listitem').first()).toContainText(/^\d\d:\d\d/);
    const turnCount = await fullTranscript.getByRole('listitem').count();
    expect(turnCount).toBeGreaterThanOrEqual(3);
    await expectAccessible(page, '[role="dialog"]', 'Save Call Notes');
    await dialog.getByLabel('Title').fill('Landing page sync');
    await dialog.getByLabel('Project').selectOption({ label: 'Meetings' });
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Call notes saved')).toBeVisible();
    await expect(card.getByTestId('voice-status')).toHaveText('Ready');

    // The note exists in the project, with the notes and the transcript.
    const list = await apiGet<{ notes: { id: string; title: string }[] }>(
      page,
      `/api/notes?projectId=${encodeURIComponent(projectId)}`,
    );
    const saved = list.notes.find((note) => note.title === 'Landing page sync');
    expect(saved).toBeTruthy();
    const note = await apiGet<{ content: string }>(page, `/api/notes/${saved?.id}`);
    expect(note.content).toContain('We decided to use the blue design');
    expect(note.content).toContain('Alice will send the budget');
    expect(note.content).toMatch(/\d\d:\d\d/);

    // Recent calls lists it as saved, with its preview.
    const recent = card.getByRole('list', { name: 'Recent calls' });
    await expect(recent.getByRole('listitem').first()).toContainText('Saved');
    await expect(recent.getByRole('listitem').first()).toContainText('We decided to use the blue design');
  });

  test('Discard asks first and can be undone from Recently discarded (on a 390 px phone screen)', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await signUp(page);
    const card = voiceCard(page);
    await card.getByRole('button', { name: 'Start call' }).click();
    await expect(card.getByTestId('voice-status')).toHaveText('Live', { timeout: 15_000 });
    // The live card fits the phone's width: nothing scrolls sideways, the touch targets are 44 px.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const micBox = await card.getByRole('button', { name: 'Mic On' }).boundingBox();
    expect(micBox?.height).toBeGreaterThanOrEqual(44);
    await expect(card.getByRole('list', { name: 'Live transcript' }).getByRole('listitem')).not.toHaveCount(
      0,
      {
        timeout: 30_000,
      },
    );
    await card.getByRole('button', { name: 'End call' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save Call Notes' });
    await expect(dialog).toBeVisible({ timeout: 20_000 });
    await dialog.getByRole('button', { name: 'Discard' }).click();
    // It asks first, with the focus on Cancel so a stray Enter discards nothing.
    const confirm = page.getByRole('alertdialog', { name: 'Discard this call?' });
    await expect(confirm).toContainText('restore it');
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(confirm).toBeHidden();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Discard' }).click();
    await confirm.getByRole('button', { name: 'Discard' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Call discarded. You can restore it from Recently discarded')).toBeVisible();

    let list = await apiGet<{ calls: unknown[]; discarded: { id: string }[] }>(page, '/api/voice/calls');
    expect(list.calls).toHaveLength(0);
    expect(list.discarded).toHaveLength(1);
    const counts = await apiGet<{ total: number }>(page, '/api/notes/counts');
    expect(counts.total).toBe(0);
    await expect(card.getByText('No calls yet.')).toBeVisible();

    // Restored from Recently discarded: back under Recent calls, to be saved.
    const discarded = card.getByRole('list', { name: 'Recently discarded calls' });
    await discarded.getByRole('button', { name: /^Restore the call of / }).click();
    await expect(page.getByText('Call restored to Recent calls.')).toBeVisible();
    await expect(discarded).toBeHidden();
    const recent = card.getByRole('list', { name: 'Recent calls' });
    await expect(recent.getByRole('listitem').first()).toContainText('Not saved');
    list = await apiGet<{ calls: unknown[]; discarded: { id: string }[] }>(page, '/api/voice/calls');
    expect(list.calls).toHaveLength(1);
    expect(list.discarded).toHaveLength(0);
  });

  test('a reload during a call offers to save what was captured', async ({ page }) => {
    test.setTimeout(90_000);
    await signUp(page);
    const card = voiceCard(page);
    await card.getByRole('button', { name: 'Start call' }).click();
    await expect(card.getByRole('list', { name: 'Live transcript' }).getByRole('listitem')).not.toHaveCount(
      0,
      {
        timeout: 30_000,
      },
    );
    await page.reload();
    const offer = voiceCard(page).getByRole('alert');
    await expect(offer).toContainText('A call was interrupted');
    await offer.getByRole('button', { name: 'Save what was captured' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save Call Notes' });
    await expect(dialog.getByRole('list', { name: 'Full transcript' }).getByRole('listitem')).not.toHaveCount(
      0,
    );
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Call notes saved')).toBeVisible();
    const counts = await apiGet<{ total: number }>(page, '/api/notes/counts');
    expect(counts.total).toBe(1);
  });
});

test.describe('a 30-second monologue', () => {
  test('shows its first words within 3 s and live notes before it ends', async () => {
    test.setTimeout(120_000);
    expect(monologueSeconds).toBeGreaterThan(27);
    expect(monologueSeconds).toBeLessThan(34);
    // A browser of its own: its fake microphone plays the monologue instead of the three sentences.
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        ...BASE_ARGS,
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-audio-capture=${MONOLOGUE_WAV}`,
        '--autoplay-policy=no-user-gesture-required',
      ],
    });
    try {
      const page = await browser.newPage();
      await signUp(page);
      const card = voiceCard(page);
      const before = speech?.transcriptions.length ?? 0;
      await card.getByRole('button', { name: 'Start call' }).click();
      // The file starts playing when the microphone opens, just before the call goes live.
      await expect(card.getByTestId('voice-status')).toHaveText('Live', { timeout: 15_000 });
      const liveAt = Date.now();
      const transcript = card.getByRole('list', { name: 'Live transcript' });
      await expect(transcript.getByRole('listitem').first()).toBeVisible({ timeout: 3_000 });
      const firstWordsMs = Date.now() - liveAt;

      // Live notes (every third utterance) arrive while the monologue is still playing.
      const notes = card.getByRole('heading', { name: /^(Decisions|Action items)$/ }).first();
      await expect(notes).toBeVisible({ timeout: monologueSeconds * 1000 - (Date.now() - liveAt) });
      const notesMs = Date.now() - liveAt;
      expect(notesMs).toBeLessThan(monologueSeconds * 1000);
      console.log(`monologue: first words after ${firstWordsMs} ms, live notes after ${notesMs} ms`);

      // Cut at the sentence pauses, each piece at most 10 s, rather than one block at the end.
      const pieces = (speech?.transcriptions ?? []).slice(before);
      expect(pieces.length).toBeGreaterThanOrEqual(3);
      for (const piece of pieces) expect(piece.seconds).toBeLessThanOrEqual(10.5);
      await card.getByRole('button', { name: 'End call' }).click();
      await expect(page.getByRole('dialog', { name: 'Save Call Notes' })).toBeVisible({ timeout: 20_000 });
    } finally {
      await browser.close();
    }
  });
});

test.describe('when the speech server goes down', () => {
  test.afterEach(() => {
    if (speech) speech.mode = 'ok';
  });

  test('the card returns to offline, says what failed, and keeps the transcript for later', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signUp(page);
    const card = voiceCard(page);
    await card.getByRole('button', { name: 'Start call' }).click();
    await expect(card.getByRole('list', { name: 'Live transcript' }).getByRole('listitem')).not.toHaveCount(
      0,
      {
        timeout: 30_000,
      },
    );
    if (speech) speech.mode = 'drop';
    await expect(page.getByText(/The speech server at .* is not reachable/)).toBeVisible({ timeout: 30_000 });
    await expect(card.getByTestId('voice-status')).toHaveText('Ready');
    // The call was ended on the server; Recent calls offers to save what was said.
    const recent = card.getByRole('list', { name: 'Recent calls' });
    await expect(recent.getByRole('listitem').first()).toContainText('Not saved');
    await expect(recent.getByRole('button', { name: /Save or discard the call/ })).toBeVisible();
  });
  test('a call that fails before anything was said leaves no empty row', async ({ page }) => {
    test.setTimeout(90_000);
    await signUp(page);
    const card = voiceCard(page);
    if (speech) speech.mode = 'drop';
    await card.getByRole('button', { name: 'Start call' }).click();
    await expect(page.getByText(/The speech server at .* is not reachable/)).toBeVisible({ timeout: 30_000 });
    await expect(card.getByTestId('voice-status')).toHaveText('Ready');
    await expect(card.getByText('No calls yet.')).toBeVisible();
    await expect
      .poll(async () => await apiGet<{ calls: unknown[]; discarded: unknown[] }>(page, '/api/voice/calls'))
      .toEqual({ calls: [], discarded: [] });
  });
});

test.describe('without microphone permission', () => {
  test('a refused microphone says so and what to do; the card stays offline', async () => {
    // A browser of its own: the fake-UI flag of the others accepts every prompt, this one refuses them.
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [...BASE_ARGS, '--use-fake-device-for-media-stream', '--deny-permission-prompts'],
    });
    try {
      const page = await browser.newPage();
      await signUp(page);
      const card = voiceCard(page);
      await card.getByRole('button', { name: 'Start call' }).click();
      await expect(
        page.getByText(/Microphone access was denied\. Allow the microphone for this site/),
      ).toBeVisible();
      await expect(card.getByTestId('voice-status')).toHaveText('Ready');
      await expect(card.getByRole('button', { name: 'Start call' })).toBeEnabled();
      // No call was created for a refused microphone.
      const { calls } = await apiGet<{ calls: unknown[] }>(page, '/api/voice/calls');
      expect(calls).toHaveLength(0);
    } finally {
      await browser.close();
    }
  });

  test('no speech server and no browser recognition: the card says so before the call, Start call disabled', async ({
    page,
  }) => {
    await signUp(page);
    // This server offers no speech-to-text; this Chromium has webkitSpeechRecognition without a service.
    await page.route('**/api/voice/options', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), sttServer: false } });
    });
    await page.reload();
    const card = voiceCard(page);
    const start = card.getByRole('button', { name: 'Start call' });
    await expect(start).toBeDisabled();
    await expect(start).toHaveAccessibleDescription(
      'Speech recognition is not available in this browser; ask your admin to configure a speech server.',
    );
    await expect(page.getByText('No microphone was found')).toHaveCount(0);
    const { calls } = await apiGet<{ calls: unknown[] }>(page, '/api/voice/calls');
    expect(calls).toHaveLength(0);
  });

  test('an account without PRO or UNLIMITED is offered the upgrade', async ({ page }) => {
    await signUp(page);
    await page.route('**/api/me', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), plan: 'FREE', access: false } });
    });
    await page.reload();
    const card = voiceCard(page);
    await expect(card.getByText('needs an active PRO trial or the UNLIMITED plan')).toBeVisible();
    await card.getByRole('button', { name: 'Upgrade to PRO' }).click();
    await expect(page).toHaveURL(/\/settings\?tab=plan$/);
  });

  test('anonymous visitors are asked to sign in', async ({ page }) => {
    await page.goto(base);
    const button = voiceCard(page).getByRole('button', { name: 'Sign in to use Voice Assistant' });
    await expect(button).toBeVisible();
    await button.click();
    await expect(page.getByRole('dialog', { name: 'Create Account' })).toBeVisible();
  });
});
