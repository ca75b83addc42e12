#!/usr/bin/env node
// Fails when a source file is over 400 lines (decision 034): past that a file usually holds more than one
// concern and a reader cannot keep it in view. Tests, generated files and data are not counted.
// Also fails when a decision record (docs/decisions/NNN-*.md) is over 600 words, counted as `wc -w`
// counts them: a record is read beside the code and the ones its status names, so it stays a page.
// Files under version control plus new ones not ignored by git are checked. `npm run check:size`.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const MAX_LINES = 400;
const MAX_RECORD_WORDS = 600;
// A numbered record; the index (docs/decisions/README.md) and other READMEs are not records.
const DECISION_RECORD = /^docs\/decisions\/\d{3}-[^/]+\.md$/;

const SOURCE = /\.(ts|tsx|js|jsx|mjs|cjs|css|html|sh|sql)$/;
// Tests (unit, integration, end-to-end), their fixtures, build output and declaration files.
const EXCLUDED = [/\.test\.[^/]+$/, /(^|\/)(test|e2e|fixtures|dist)\//, /\.d\.ts$/];

// Files allowed over the limit, each with its line count: it may shrink but not grow, and an entry
// no longer needed is reported. Empty: a long file is split by concern, not allowed to grow.
const KNOWN_LONG_FILES = {};

const root = path.resolve(import.meta.dirname, '..');
const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\0')
  .filter((file) => existsSync(path.join(root, file)));
const files = listed.filter((file) => SOURCE.test(file) && !EXCLUDED.some((pattern) => pattern.test(file)));
const records = listed.filter((file) => DECISION_RECORD.test(file));

/** Words as `wc -w` counts them: runs of characters between whitespace. */
function countWords(file) {
  return readFileSync(path.join(root, file), 'utf8')
    .split(/\s+/)
    .filter((word) => word !== '').length;
}

/** Lines as `wc -l` counts them, plus a last line without a newline. */
function countLines(file) {
  const text = readFileSync(path.join(root, file), 'utf8');
  if (text === '') return 0;
  const newlines = text.split('\n').length - 1;
  return text.endsWith('\n') ? newlines : newlines + 1;
}

const tooLong = [];
const stale = [];
const counted = new Set();
for (const file of files) {
  const lines = countLines(file);
  counted.add(file);
  const allowed = KNOWN_LONG_FILES[file];
  if (allowed === undefined) {
    if (lines > MAX_LINES) tooLong.push(`${file}: ${lines} lines (at most ${MAX_LINES})`);
  } else if (lines > allowed) {
    tooLong.push(`${file}: ${lines} lines, grew past its known ${allowed} (split it instead)`);
  } else if (lines <= MAX_LINES) {
    stale.push(`${file}: ${lines} lines now`);
  }
}
for (const file of Object.keys(KNOWN_LONG_FILES)) {
  if (!counted.has(file)) stale.push(`${file}: gone`);
}

if (stale.length > 0) {
  console.log(`check-file-size: remove from KNOWN_LONG_FILES (no longer over ${MAX_LINES} lines):`);
  for (const line of stale) console.log(`  ${line}`);
}
const wordy = [];
for (const file of records) {
  const words = countWords(file);
  if (words > MAX_RECORD_WORDS) wordy.push(`${file}: ${words} words (at most ${MAX_RECORD_WORDS})`);
}

if (tooLong.length > 0) {
  console.error(`check-file-size: ${tooLong.length} source file(s) too long:`);
  for (const line of tooLong) console.error(`  ${line}`);
}
if (wordy.length > 0) {
  console.error(
    `check-file-size: ${wordy.length} decision record(s) over a page; cut narration, keep the decision, ` +
      'reasons, rejected alternatives and the figures its claims rest on:',
  );
  for (const line of wordy) console.error(`  ${line}`);
}
if (tooLong.length > 0 || wordy.length > 0) process.exit(1);
const known = Object.keys(KNOWN_LONG_FILES).length - stale.length;
console.log(
  `check-file-size: ${files.length} source files, none over ${MAX_LINES} lines` +
    (known > 0 ? ` but ${known} known ones` : '') +
    `; ${records.length} decision records, none over ${MAX_RECORD_WORDS} words.`,
);
