// `npm start` and `npm run admin`/`migrate`: run the built server (or admin CLI) in this process,
// building first only when the sources are newer than the build. Running in this process (not as a
// child of npm's shell) means SIGTERM and SIGINT reach the server's own shutdown handlers.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildIsCurrent } from './build-freshness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [entry, ...args] = process.argv.slice(2);
if (entry !== 'main' && entry !== 'cli') {
  console.error('usage: node scripts/run-built.mjs main|cli [arguments]');
  process.exit(64);
}

/** Building replaces the files a running server loads lazily: never build under a live server. */
function liveServerOnDataDir() {
  if (process.env.DATABASE_URL) return null;
  const lockFile = path.resolve(process.env.DATA_DIR || './data', 'notewise.lock');
  try {
    const holder = JSON.parse(fs.readFileSync(lockFile, 'utf8'));
    if (holder.host !== os.hostname() || holder.pid === process.pid) return null;
    process.kill(holder.pid, 0);
    return holder;
  } catch {
    return null;
  }
}

if (!buildIsCurrent(root)) {
  // Tests that run `npm start` beside a live server must never rebuild under it.
  if (process.env.NOTEWISE_BUILD === 'never') {
    console.error('The build is out of date and NOTEWISE_BUILD=never: run `npm run build` first.');
    process.exit(75);
  }
  const live = entry === 'main' ? liveServerOnDataDir() : null;
  if (live) {
    console.error(
      `A Notewise server (process ${live.pid}) is running on this data folder and the build is out of date.\n` +
        'Stop it first; rebuilding under a running server breaks it.',
    );
    process.exit(75);
  }
  console.error('Building (the sources changed since the last build)...');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.argv = [process.argv[0], path.join(root, `apps/server/dist/${entry}.js`), ...args];
await import(pathToFileURL(path.join(root, `apps/server/dist/${entry}.js`)).href);
