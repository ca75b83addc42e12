import path from 'node:path';
import { buildIsCurrent } from '../../../../scripts/build-freshness.mjs';

const SERVER_DIR = path.resolve(import.meta.dirname, '../..');
const ROOT = path.resolve(SERVER_DIR, '../..');

let built: boolean | undefined;

/**
 * The command that runs the server (`main`) or the admin CLI (`cli`) as its own process, from
 * apps/server. The build when it is newer than every source (`npm test` builds before the unit
 * stage, decision 087): a start through tsx transpiles the whole server again, about twice the CPU
 * (decision 099). The source through tsx otherwise, so a stale build never stands in for it.
 * Node itself with tsx's loader, not the tsx binary (which runs a second process): a signal to the
 * process reaches the server.
 */
export function serverCommand(entry: 'main' | 'cli'): { command: string; args: string[] } {
  built ??= buildIsCurrent(ROOT);
  if (built) return { command: process.execPath, args: [path.join('dist', `${entry}.js`)] };
  return { command: process.execPath, args: ['--import', 'tsx', path.join('src', `${entry}.ts`)] };
}
