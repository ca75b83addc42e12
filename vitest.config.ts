import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const SERVER_FILES = ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'];

/**
 * Server test files that need a process of their own: they read state the server keeps once per
 * process (engines loaded lazily, the built-in AI's thread pool, the ops counters /metrics shows,
 * the content and image pools), fake the clock, hook process-wide events or console, or measure
 * memory, CPU or the event loop.
 */
const OWN_PROCESS = [
  'apps/server/test/ai-*.test.ts',
  'apps/server/test/{ops-metrics,health,hourly-job,backup-schedule}.test.ts',
  'apps/server/test/{trash-delete,note-history}.test.ts',
  'apps/server/test/{export-import,export-limits,image-corpus,import-bombs,uploads}.test.ts',
  'apps/server/test/security/{api-fuzz,collab-fuzz,ws-abuse,socket-load}.test.ts',
];

const SERVER = {
  environment: 'node' as const,
  // Ceilings for a hang, not budgets: at load 30 on 2 cores tests that take 2-12 s alone passed
  // 30 s (decision 099).
  testTimeout: 120_000,
  hookTimeout: 180_000,
  // Each file gets its own SQLite folder / Postgres schema; two workers fit the 2-core machine.
  pool: 'forks' as const,
};

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/*/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // Hooks and components that hold logic, rendered with React Testing Library in happy-dom.
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: {
          name: 'web-dom',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'happy-dom',
        },
      },
      {
        // Vitest runs projects in the order of their names: these first, the API fuzz (the longest
        // file) at the start, not alone at the end.
        test: { ...SERVER, name: 'server', include: OWN_PROCESS },
      },
      {
        test: {
          ...SERVER,
          name: 'server-shared',
          include: SERVER_FILES,
          exclude: [...configDefaults.exclude, ...OWN_PROCESS],
          // One process per worker for many files: each file imported the whole server again in a
          // fresh process (2-12 s per file on a loaded machine, the largest share of the stage's
          // import time; decision 099). Each file still builds its own apps on its own database.
          isolate: false,
        },
      },
    ],
  },
});
