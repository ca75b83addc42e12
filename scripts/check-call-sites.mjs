#!/usr/bin/env node
// Two rules dependency-cruiser cannot see, because they are about calls, not imports (decision 073):
// - Queries only in repositories: a Kysely query (selectFrom, insertInto, updateTable, deleteFrom,
//   a sql`...` fragment) is built only in a `*.repo.ts` file, a store (`*.store.ts`, `*-store.ts`),
//   a list query module (`*-queries.ts`) or the infrastructure under `db/` (migrations, backups,
//   the start lock, health pings). Everywhere else a `Kysely<Database>` is only passed on, so a
//   module's SQL can be read, and its indexes checked, in one place. depcruise's
//   server-sql-in-repositories sees value imports of kysely; a query on a type-imported db needs
//   no import at all, hence this.
// - One client of the notes endpoints on the web: only `features/notes/api/` builds a `/api/notes`
//   URL, so every note write from the browser goes through the functions that keep the caches right.
// `npm run check:calls` (part of `npm run lint`).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const RULES = [
  {
    name: 'queries outside repositories',
    files: /^apps\/server\/src\/.*\.ts$/,
    allowed: [/\.repo\.ts$/, /[.-]store\.ts$/, /-queries\.ts$/, /^apps\/server\/src\/db\//],
    pattern:
      /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|selectNoFrom)\s*\(|\bsql\s*(<[^>\n]*>)?\s*`|\bsql\.(raw|ref|lit|id|table|join|val)\s*\(/g,
    advice: "Move the query into its module's *.repo.ts and call it from there.",
  },
  {
    name: 'notes endpoints outside features/notes/api',
    files: /^apps\/web\/src\/.*\.tsx?$/,
    allowed: [/^apps\/web\/src\/features\/notes\/api\//],
    pattern: /['"`]\/api\/notes(?=[/?'"`$])/g,
    advice:
      'Call (or add) a function in features/notes/api/; a feature that notes imports takes it as an argument or prop.',
  },
];

/** Comments blanked out (lines kept, so line numbers still match): a comment may name a call. */
function withoutComments(text) {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (block) => block.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:'"`\\])\/\/[^\n]*/g, (line, before) => before + ' '.repeat(line.length - before.length));
}

const root = path.resolve(import.meta.dirname, '..');
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\0')
  .filter((file) => file && !/\.test\.tsx?$/.test(file));

let failed = false;
for (const rule of RULES) {
  const checked = files.filter((file) => rule.files.test(file));
  const found = [];
  for (const file of checked) {
    if (rule.allowed.some((pattern) => pattern.test(file))) continue;
    let text;
    try {
      text = withoutComments(readFileSync(path.join(root, file), 'utf8'));
    } catch {
      continue; // listed by git but deleted in the work tree
    }
    for (const match of text.matchAll(rule.pattern)) {
      const line = text.slice(0, match.index).split('\n').length;
      found.push(`${file}:${line} ${match[0].trim()}`);
    }
  }
  if (found.length > 0) {
    failed = true;
    console.error(`${rule.name} (${found.length}). ${rule.advice}`);
    for (const entry of found) console.error(`  ${entry}`);
  } else {
    console.log(`${rule.name}: none in ${checked.length} files`);
  }
}
if (failed) process.exit(1);
