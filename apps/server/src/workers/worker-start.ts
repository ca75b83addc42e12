import fs from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts a worker thread (import, export render, long note content): the built bundle
 * (`dist/<bundle>` beside main.js, an entry of scripts/build.mjs), or in tests and `npm run dev` the
 * TypeScript source, started through tsx's loader (registered inside the worker: a worker's entry
 * module does not get `--import` hooks).
 */
export function startWorker(
  /** `source`: the worker's TypeScript file, as a URL relative to its caller's `import.meta.url`. */
  files: { source: URL; bundle: string },
  options: Omit<WorkerOptions, 'eval'> = {},
): Worker {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    const tsx = createRequire(here).resolve('tsx/cjs');
    const source = fileURLToPath(new URL(files.source, here));
    const bootstrap = `require(${JSON.stringify(tsx)}); require(${JSON.stringify(source)});`;
    return new Worker(bootstrap, { ...options, eval: true });
  }
  // Bundled: this code is in main.js or dist/chunks/, the worker's bundle is in dist/.
  for (const candidate of [`./${files.bundle}`, `../${files.bundle}`]) {
    const url = new URL(candidate, here);
    if (fs.existsSync(url)) return new Worker(url, options);
  }
  throw new Error(`${files.bundle} not found next to the server bundle`);
}
