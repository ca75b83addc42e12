import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db';
import { STATEMENTS_PER_CONNECTION } from '../src/db/prepared-statements';
import { request, signUp, startTestApp, type TestApp } from './helpers';
import { stopApp } from './support/suite-app';

/*
 * On PostgreSQL Kysely's repeated statements are named prepared statements, parsed and planned once
 * per connection (decision 090). Kept statements must still answer each call with its own values'
 * rows, survive a migration that changes their columns, stay bounded per connection, leave search
 * planned for each query's words, and give connections back to the pool as before.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('prepared statements on postgres', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp('postgres', { DEMO_ACCOUNT: 'false' });
  });
  afterAll(() => stopApp(t));

  const prepared = async () =>
    (
      await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(t.database.db)
    ).rows.map((row) => row.statement);

  it('answers every person with their own notes, many at once, from kept statements', async () => {
    const people = [];
    for (let i = 0; i < 6; i++) {
      const person = await signUp(t.app);
      const project = await request(t.app, 'POST', '/api/projects', {
        cookie: person.cookie,
        body: { name: `Work ${i}` },
      });
      const note = await request(t.app, 'POST', '/api/notes', {
        cookie: person.cookie,
        body: { projectId: project.json().id, title: `Note of ${i}`, content: `Words of person ${i}.` },
      });
      people.push({ ...person, i, noteId: note.json().id as string, projectId: project.json().id as string });
    }
    // Every person reads their note, lists their project and saves, ten rounds, all at once: the same
    // statements run on the pool's connections with everyone's values.
    for (let round = 0; round < 10; round++) {
      await Promise.all(
        people.map(async ({ cookie, i, noteId, projectId }) => {
          const note = await request(t.app, 'GET', `/api/notes/${noteId}`, { cookie });
          expect(note.json().content).toContain(`Words of person ${i}.`);
          const list = await request(t.app, 'GET', `/api/notes?projectId=${projectId}`, { cookie });
          expect(list.json().notes.map((item: { id: string }) => item.id)).toEqual([noteId]);
          const saved = await request(t.app, 'PATCH', `/api/notes/${noteId}`, {
            cookie,
            body: { content: `Words of person ${i}. Round ${round}.`, version: note.json().version },
          });
          expect(saved.statusCode).toBe(200);
          expect(saved.json().content).toBe(`Words of person ${i}. Round ${round}.`);
        }),
      );
    }
    // Nobody's note is anyone else's to read.
    const [first, second] = people;
    if (!first || !second) throw new Error('no people');
    const foreign = await request(t.app, 'GET', `/api/notes/${second.noteId}`, { cookie: first.cookie });
    expect(foreign.statusCode).toBe(404);
    // And the statements were kept, not sent unnamed (what this test is about).
    expect((await prepared()).some((text) => /update "notes"/.test(text))).toBe(true);
  });

  it('a kept select * still answers after a migration adds a column, and a transaction fails at most once', async () => {
    await sql`create table prepared_probe (id int primary key, word text)`.execute(t.database.db);
    await sql`insert into prepared_probe values (1, 'one')`.execute(t.database.db);
    await t.database.db.connection().execute(async (connection) => {
      const probe = () =>
        (connection as typeof t.database.db)
          .selectFrom('prepared_probe' as never)
          .selectAll()
          .execute() as Promise<Record<string, unknown>[]>;
      for (let i = 0; i < 6; i++) expect(await probe()).toEqual([{ id: 1, word: 'one' }]);
      await sql`alter table prepared_probe add column extra text default 'x'`.execute(connection);
      // Outside a transaction the refused statement is sent again: the caller sees the new columns.
      expect(await probe()).toEqual([{ id: 1, word: 'one', extra: 'x' }]);
      // Kept again (under a new name, from its second call) before the next change.
      for (let i = 0; i < 2; i++) expect(await probe()).toEqual([{ id: 1, word: 'one', extra: 'x' }]);
      await sql`alter table prepared_probe add column more text default 'y'`.execute(connection);
      // Inside one PostgreSQL's refusal ends the transaction: that one fails, the next one works.
      const inTransaction = () =>
        (connection as typeof t.database.db).transaction().execute(async (trx) =>
          trx
            .selectFrom('prepared_probe' as never)
            .selectAll()
            .execute(),
        );
      await expect(inTransaction()).rejects.toThrow(/cached plan must not change result type/);
      expect(await inTransaction()).toEqual([{ id: 1, word: 'one', extra: 'x', more: 'y' }]);
    });
  });

  it('keeps at most its bound of statements per connection, deallocating the least recently used', async () => {
    await t.database.db.connection().execute(async (connection) => {
      const distinct = STATEMENTS_PER_CONNECTION + 50;
      // Each twice: a statement is kept from its second call.
      for (let i = 0; i < distinct; i++) {
        for (let call = 0; call < 2; call++) {
          const { rows } = await sql<{ n: number }>`select ${sql.lit(i)}::int + ${i} as n`.execute(
            connection,
          );
          expect(rows[0]?.n).toBe(2 * i);
        }
      }
      const { rows } = await sql<{
        count: number;
      }>`select count(*)::int as count from pg_prepared_statements`.execute(connection);
      expect(rows[0]?.count).toBeLessThanOrEqual(STATEMENTS_PER_CONNECTION);
      expect(rows[0]?.count).toBeGreaterThan(STATEMENTS_PER_CONNECTION / 2);
      // The newest ones still answer, and so does one deallocated and prepared again.
      for (const i of [distinct - 1, 0]) {
        const again = await sql<{ n: number }>`select ${sql.lit(i)}::int + ${i} as n`.execute(connection);
        expect(again.rows[0]?.n).toBe(2 * i);
      }
    });
  });

  it('a statement first prepared in a transaction that rolled back is still usable', async () => {
    const read = () =>
      t.database.db.selectFrom('users').select('email').where('email', '=', 'nobody@example.com').execute();
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        // Twice: named and prepared on its second call, inside the transaction.
        for (let i = 0; i < 2; i++) {
          await trx.selectFrom('users').select('email').where('email', '=', 'nobody@example.com').execute();
        }
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    for (let i = 0; i < 12; i++) expect(await read()).toEqual([]);
  });

  it('plans search for each query: its statement is never kept', async () => {
    const { cookie } = await signUp(t.app);
    for (const q of ['words', 'person', 'round']) {
      expect((await request(t.app, 'GET', `/api/search?q=${q}`, { cookie })).statusCode).toBe(200);
    }
    expect((await prepared()).some((text) => text.includes('@@'))).toBe(false);
  });

  it('gives every connection back: more callers than connections all get their answer', async () => {
    const pool = t.database.pool;
    if (!pool) throw new Error('no pool');
    // Ten connections held by slow transactions, thirty more callers queued behind them.
    const callers = Array.from({ length: 40 }, (_, i) =>
      t.database.db.transaction().execute(async (trx) => {
        await sql`select pg_sleep(0.05)`.execute(trx);
        return (await sql<{ n: number }>`select ${i}::int as n`.execute(trx)).rows[0]?.n;
      }),
    );
    expect(await Promise.all(callers)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(pool.waitingCount).toBe(0);
    expect(pool.idleCount).toBe(pool.totalCount);
  });

  it('sends every statement unnamed with DATABASE_PREPARED_STATEMENTS=false (a pooler that cannot keep them)', async () => {
    const config = loadConfig({ DATABASE_PREPARED_STATEMENTS: 'false' });
    expect(config.preparedStatements).toBe(false);
    expect(loadConfig({}).preparedStatements).toBe(true);
    const kept = async (preparedStatements: boolean) => {
      const handle = openDatabase({
        databaseUrl: process.env.TEST_DATABASE_URL,
        dataDir: t.testDb.dataDir,
        preparedStatements,
      });
      try {
        return await handle.db.connection().execute(async (connection) => {
          for (let i = 0; i < 3; i++) {
            const { rows } = await sql<{ n: number }>`select ${i}::int + 1 as n`.execute(connection);
            expect(rows[0]?.n).toBe(i + 1);
          }
          const { rows } = await sql<{
            count: number;
          }>`select count(*)::int as count from pg_prepared_statements`.execute(connection);
          return rows[0]?.count;
        });
      } finally {
        await handle.close();
      }
    };
    expect(await kept(false)).toBe(0);
    expect(await kept(true)).toBeGreaterThan(0);
  });
});
