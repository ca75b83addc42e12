// Whether the build in apps/server/dist and apps/web/dist is newer than every source it is made from:
// `npm start` rebuilds when it is not (run-built.mjs), and the server tests run the built server
// only when it is (apps/server/test/support/server-entry.ts), so a stale build never stands in for
// the source.
import fs from 'node:fs';
import path from 'node:path';

const SOURCES = [
  'package-lock.json',
  'apps/server/src',
  'apps/server/scripts',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/shared/src',
  'packages/editor/src',
];
const OUTPUTS = ['apps/server/dist/main.js', 'apps/server/dist/cli.js', 'apps/web/dist/index.html'];

function newestMtime(target) {
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of fs.readdirSync(target)) {
    if (name === 'node_modules' || name.endsWith('.test.ts')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, name)));
  }
  return newest;
}

/** True when every output exists and none is older than the newest source under `root`. */
export function buildIsCurrent(root) {
  // The Docker image holds the build without its sources: what is there is what runs.
  if (!fs.existsSync(path.join(root, 'apps/server/src'))) return true;
  const outputs = OUTPUTS.map((file) => newestMtime(path.join(root, file)));
  if (outputs.some((mtime) => mtime === 0)) return false;
  const sources = Math.max(...SOURCES.map((source) => newestMtime(path.join(root, source))));
  return sources <= Math.min(...outputs);
}
