// temporary profiling script (not committed)
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../src/db';
import { migrateToLatest } from '../src/db/migrations';
import { prepareContent } from '../src/modules/notes/note-content';
import { createSearchRepo } from '../src/modules/search/search.repo';

const WORDS =
  'meeting project budget plan review design launch customer travel lisbon garden recipe coffee research paper draft outline summary invoice contract hiring interview roadmap sprint retro feature release bug fix deploy server database search index editor note idea book reading workout running health doctor appointment family birthday gift holiday beach mountain train flight hotel museum concert movie music guitar piano lesson course exam study history math science physics chemistry biology poem story chapter character scene dialogue market price stock report quarterly revenue growth marketing campaign email newsletter social post video podcast interview guest question answer weekly monthly daily morning evening routine habit'.split(
    ' ',
  );
const N = Number(process.env.N ?? 10000);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ps-'));
const url = process.env.PG;
const schema = url ? `ps_${crypto.randomBytes(3).toString('hex')}` : undefined;
if (url) {
  const pg = await import('pg');
  const c = new pg.default.Client({ connectionString: url });
  await c.connect();
  await c.query(`create schema ${schema}`);
  await c.end();
}
const database = openDatabase({ databaseUrl: url, dataDir, pgSchema: schema });
await migrateToLatest(database.db, database.dialect, schema);
const db = database.db;
const now = new Date().toISOString();
await db
  .insertInto('users')
  .values({ id: 'u', name: 'u', email: 'u@x', email_verified: 0, created_at: now, updated_at: now } as never)
  .execute();
await db
  .insertInto('projects')
  .values({ id: 'p', owner_id: 'u', name: 'p', created_at: now, updated_at: now } as never)
  .execute();
await db
  .insertInto('project_members')
  .values({ project_id: 'p', user_id: 'u', role: 'owner', joined_at: now } as never)
  .execute();
let state = 42;
const rng = () => {
  state = (state * 1664525 + 1013904223) % 4294967296;
  return state / 4294967296;
};
const sentence = (n: number) =>
  Array.from({ length: n }, () => WORDS[Math.floor(rng() * WORDS.length)]).join(' ') + '.';
for (let off = 0; off < N; off += 500) {
  const rows = Array.from({ length: Math.min(500, N - off) }, (_, i) => {
    const { content, plainText, excerpt } = prepareContent(
      Array.from({ length: 3 + Math.floor(rng() * 4) }, () => sentence(8 + Math.floor(rng() * 10))).join(' '),
    );
    const at = new Date(Date.now() - (N - off - i) * 1000).toISOString();
    return {
      id: crypto.randomUUID(),
      project_id: 'p',
      author_id: 'u',
      title: sentence(3),
      content,
      plain_text: plainText,
      excerpt,
      tags: '[]',
      version: 1,
      ydoc: null,
      created_at: at,
      updated_at: at,
    };
  });
  await db
    .insertInto('notes')
    .values(rows as never)
    .execute();
}
const repo = createSearchRepo(db, database.dialect);
let t = performance.now();
await repo.maintain({ force: true });
console.log('maintain', performance.now() - t);
for (const q of ['zeppelin', 'meeting project budget', 'reserch', 'budgt planning', 'plann']) {
  await repo.search('u', q);
  t = performance.now();
  for (let i = 0; i < 10; i++) await repo.search('u', q);
  console.log(q, ((performance.now() - t) / 10).toFixed(1), 'ms');
}
{
  const { scoreItem } = await import('@notewise/shared');
  const time = async (label: string, q: string) => {
    const t0 = performance.now();
    for (let i = 0; i < 5; i++) await sql.raw(q).execute(db);
    console.log(label, ((performance.now() - t0) / 5).toFixed(1));
  };
  if (database.dialect === 'sqlite') {
    await time(
      'window only',
      `select f.rowid from notes_fts f cross join notes n on n.seq=f.rowid cross join project_members m on m.project_id=n.project_id and m.user_id='u' where notes_fts match '"meeting" OR "project" OR "budget"*' order by f.rowid desc limit 1000`,
    );
    await time(
      'window+rank',
      `select * from (select f.rowid, f.rank from notes_fts f cross join notes n on n.seq=f.rowid cross join project_members m on m.project_id=n.project_id and m.user_id='u' where notes_fts match '"meeting" OR "project" OR "budget"*' order by f.rowid desc limit 1000) order by rank limit 200`,
    );
    await time(
      'window+rank+text',
      `select * from (select f.rowid, f.rank, substr(n.plain_text,1,4000) t, n.title from notes_fts f cross join notes n on n.seq=f.rowid cross join project_members m on m.project_id=n.project_id and m.user_id='u' where notes_fts match '"meeting" OR "project" OR "budget"*' order by f.rowid desc limit 1000) order by rank limit 200`,
    );
    await time(
      'trigram',
      `select term from search_terms_trigram where search_terms_trigram match '"res" OR "ese" OR "ser" OR "erc" OR "rch"' order by rank limit 200`,
    );
    await time('vocab eq', `select 1 from notes_vocab where term = 'reserch' limit 1`);
    await time('vocab prefix', `select 1 from notes_vocab where term >= 'plann' and term < 'planno' limit 1`);
  }
  const rows = (
    await sql<{
      title: string;
      t: string;
    }>`select title, substr(plain_text,1,4000) as t from notes limit 200`.execute(db)
  ).rows;
  const t0 = performance.now();
  for (const r of rows) scoreItem({ title: r.title, content: r.t, tags: [] }, 'meeting project budget');
  console.log('score 200', (performance.now() - t0).toFixed(1));
}
if (process.env.EXPLAIN) {
  const r = await sql.raw(process.env.EXPLAIN).execute(db);
  console.log(r.rows.map((x) => Object.values(x as object)[0]).join('\n'));
}
await database.close();
if (url) {
  const pg = await import('pg');
  const c = new pg.default.Client({ connectionString: url });
  await c.connect();
  await c.query(`drop schema ${schema} cascade`);
  await c.end();
}
