#!/usr/bin/env node
// Fails when a server route or service file imports the pure policy check `can` (or
// `allowedActions`) itself (decision 066). Routes and services ask modules/projects/policy.ts
// (authorize, projectAccessOrThrow, noteAccessOrThrow), which answers 404 before 403 the same way
// everywhere; a `can()` of their own would skip that order and the shared refusal texts.
// dependency-cruiser sees which file imports which, not which names: `can` comes through the
// @notewise/shared index with everything else, so this reads the import statements.
// `npm run check:access` (part of `npm run lint`).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The files that must go through the policy module. */
const CHECKED = /^apps\/server\/src\/.*\.(routes|service)\.ts$/;
/** Names that evaluate the policy table directly. */
const POLICY_CHECKS = new Set(['can', 'allowedActions']);

const root = path.resolve(import.meta.dirname, '..');
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\0')
  .filter((file) => CHECKED.test(file));

const IMPORT = /import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g;

const found = [];
for (const file of files) {
  let text;
  try {
    text = readFileSync(path.join(root, file), 'utf8');
  } catch {
    continue; // listed by git but deleted in the work tree
  }
  for (const match of text.matchAll(IMPORT)) {
    const names = (match[1] ?? '')
      .split(',')
      .map((part) => part.trim().replace(/^type\s+/, ''))
      .map((part) => part.split(/\s+as\s+/)[0]?.trim() ?? '');
    for (const name of names.filter((n) => POLICY_CHECKS.has(n))) {
      const line = text.slice(0, match.index).split('\n').length;
      found.push(`${file}:${line} imports ${name} from '${match[2]}'`);
    }
  }
}

if (found.length > 0) {
  console.error(
    'Access checks outside the policy module (use authorize / projectAccessOrThrow / noteAccessOrThrow from modules/projects/policy.ts):',
  );
  for (const entry of found) console.error(`  ${entry}`);
  process.exit(1);
}
console.log(`access checks: ${files.length} route and service files go through the policy module`);
