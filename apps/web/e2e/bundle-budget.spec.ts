import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
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
