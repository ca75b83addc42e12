#!/usr/bin/env node
// Fails when a server file other than modules/projects/policy.ts imports the pure policy check `can`
// (or `allowedActions`) itself (decisions 066, 073). Routes and services ask the policy module
// (authorize, projectAccessOrThrow, noteAccessOrThrow), which answers 404 before 403 the same way
// everywhere; code that filters rows instead of refusing (a repository, an import) asks its
// `allows()`. One door means a change to how access is decided is made in one file.
// dependency-cruiser sees which file imports which, not which names: `can` comes through the
// @notewise/shared index with everything else, so this reads the import statements.
// `npm run check:access` (part of `npm run lint`).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The files that must go through the policy module: all server code but the module and its test. */
const CHECKED = /^apps\/server\/src\/.*\.ts$/;
const EXEMPT = /^apps\/server\/src\/modules\/projects\/policy(\.test)?\.ts$/;
/** Names that evaluate the policy table directly. */
const POLICY_CHECKS = new Set(['can', 'allowedActions']);

const root = path.resolve(import.meta.dirname, '..');
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\0')
  .filter((file) => CHECKED.test(file) && !EXEMPT.test(file));

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
    'Access checks outside the policy module (use authorize / projectAccessOrThrow / noteAccessOrThrow, or allows() to filter, from modules/projects/policy.ts):',
  );
  for (const entry of found) console.error(`  ${entry}`);
  process.exit(1);
}
console.log(`access checks: ${files.length} server files go through the policy module`);
