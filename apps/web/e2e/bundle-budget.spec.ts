import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

// The first-route budget (docs/decisions/028-lazy-toasts-and-bundle-budget-test.md): the first route (Capture) loads at most 150 KiB of JS, gzip. Measured on the
// build these end-to-end tests run against, so a feature that lands in the first chunk fails here,
// not weeks later in a bench. New features load lazily (React.lazy / import()).
const BUDGET_BYTES = 150 * 1024;
const ROOT = path.resolve(import.meta.dirname, '../../..');

test('the first route stays within its JS budget', () => {
  const output = execFileSync('node', [path.join(ROOT, 'apps/web/bench/first-route-size.mjs')], {
    encoding: 'utf8',
  });
  const { gzipBytes, files } = JSON.parse(output) as {
    gzipBytes: number;
    files: Array<{ name: string; gzipBytes: number }>;
  };
  const biggest = files
    .slice(0, 5)
    .map((file) => `${file.name} ${(file.gzipBytes / 1024).toFixed(1)} KiB`)
    .join(', ');
  expect(gzipBytes, `first-route JS ${(gzipBytes / 1024).toFixed(1)} KiB (${biggest})`).toBeLessThanOrEqual(
    BUDGET_BYTES,
  );
  // zod (the shared schemas) loads lazily; the first route takes values from the zod-free subpath
  // entries of @notewise/shared (decision 034). Zod's classes keep their '$Zod' names when minified.
  const withZod = files.filter((file) =>
    fs.readFileSync(path.join(ROOT, 'apps/web/dist/assets', file.name), 'utf8').includes('$ZodType'),
  );
  expect(withZod.map((file) => file.name)).toEqual([]);
});

// All Notes on a phone (decision 086): the early requests are an async module of their own in
// index.html, small and importing nothing of the app, so the API reads and All Notes' code are asked
// for as soon as they arrive, while the app's modules still download; and the page's JS beyond the
// first route stays small (the card menu, its dialogs and export, and tooltips load on first use:
// 77 KiB gzip before, 28 after).
const NOTES_PAGE_EXTRA_BUDGET_BYTES = 32 * 1024;
const EARLY_ENTRY_BUDGET_BYTES = 4 * 1024;

function routeFiles(pagePrefix: string) {
  const output = execFileSync(
    'node',
    [path.join(ROOT, 'apps/web/bench/first-route-size.mjs'), path.join(ROOT, 'apps/web/dist'), pagePrefix],
    { encoding: 'utf8' },
  );
  return (JSON.parse(output) as { files: Array<{ name: string; gzipBytes: number }> }).files;
}

test('All Notes: early requests from their own async module, little JS beyond the first route', () => {
  const html = fs.readFileSync(path.join(ROOT, 'apps/web/dist/index.html'), 'utf8');
  const early = html.match(
    /<script type="module" async crossorigin src="\/assets\/(early-[^"]+\.js)"><\/script>/,
  );
  expect(early, 'index.html names the early requests as an async module').not.toBeNull();
  const appScript = html.indexOf('<script type="module" crossorigin src="/assets/index-');
  expect(html.indexOf(early?.[0] ?? '')).toBeLessThan(appScript);
  const earlyCode = fs.readFileSync(path.join(ROOT, 'apps/web/dist/assets', early?.[1] ?? ''));
  // No static import: it runs as soon as its own file arrives (dynamic imports are its point).
  expect(earlyCode.toString('utf8')).not.toMatch(/(?:^|[;}\s)])import\s*(?:[\w${},\s*]*?from\s*)?["']\.\//);
  expect(gzipSync(earlyCode).length).toBeLessThanOrEqual(EARLY_ENTRY_BUDGET_BYTES);

  const firstRoute = new Set(routeFiles('capture-page-').map((file) => file.name));
  const extra = routeFiles('notes-page-').filter((file) => !firstRoute.has(file.name));
  const extraBytes = extra.reduce((sum, file) => sum + file.gzipBytes, 0);
  const biggest = extra
    .slice(0, 5)
    .map((file) => `${file.name} ${(file.gzipBytes / 1024).toFixed(1)} KiB`)
    .join(', ');
  expect(
    extraBytes,
    `All Notes beyond the first route ${(extraBytes / 1024).toFixed(1)} KiB (${biggest})`,
  ).toBeLessThanOrEqual(NOTES_PAGE_EXTRA_BUDGET_BYTES);
});
