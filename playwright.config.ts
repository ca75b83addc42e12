import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3210);
// A fresh data folder per run: the e2e server starts on an empty embedded database. Kept in the
// environment so the test workers (which load this file again) see the same folder and can run the
// admin CLI on it (account-security.spec.ts issues a reset link).
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'notewise-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;

/**
 * Specs whose assertions depend on timing (frame budgets, live speech, co-typing, reconnects,
 * autosave and draft timing, the tutorial's animations, a spawned `npm start`): run one at a time with
 * no other browser sharing the cores.
 */
const TIMED_SPECS =
  /(voice|co-typing|collab|long-lists|flow|offline|merge|history|start-command|help-tutorial)\.spec\.ts$/;

export default defineConfig({
  testDir: 'apps/web/e2e',
  fullyParallel: false,
  // Two workers: most specs are independent (each signs up its own people) and spend much of their
  // time waiting on the app. `npm run test:e2e` runs the timed specs afterwards, alone, one at a time
  // (scripts/run-e2e.sh; decision 075). A plain `npx playwright test` runs both projects at once.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Two browsers share two cores: a long spec takes longer than alone (a time limit, not a budget).
  timeout: 45_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    // page.route() does not see requests a service worker handles: specs that stub the API run
    // without one; offline.spec.ts allows it (decision 024).
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-gpu',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'] }, testIgnore: TIMED_SPECS },
    {
      name: 'chromium-timed',
      use: { ...devices['Desktop Chrome'] },
      testMatch: TIMED_SPECS,
      workers: 1,
    },
  ],
  webServer: {
    // E2E_SERVER_ENTRY: a server built elsewhere (an agent's own build next to others' runs).
    command: `node ${process.env.E2E_SERVER_ENTRY ?? 'apps/server/dist/main.js'}`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 30_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // As `npm start` runs the server (decision 120).
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
      AUTH_RATE_LIMIT: '500',
      DATABASE_URL: '',
      // The server's render of All Notes (decision 097) is tested for what it sends, not for this machine's speed.
      FIRST_PAGE_WAIT_MS: '10000',
    },
  },
});
