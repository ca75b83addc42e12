import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/**
 * Statements PostgreSQL plans for each call's values, never from a generic plan: search picks the
 * GIN index for a rare word and the newest notes for a common one (search.repo.ts), and a typo's
 * trigram lookup likewise depends on the word.
 */
const PLANNED_PER_CALL = /@@|operator\(public\.%\)|similarity\(/;
/** Only plain data statements are kept; DDL, transaction control and the rest run as sent. */
const KEPT = /^\s*(select|insert|update|delete|with)\b/i;
/** Named statements per connection: the least recently used is deallocated past this. */
export const STATEMENTS_PER_CONNECTION = 200;
/**
 * A statement is named on its second call: one built for a single use (a batch insert of so many
 * rows, a list of so many ids) would otherwise push a repeated one out. This many first sightings
 * are remembered, then forgotten all at once.
 */
const SEEN_ONCE_LIMIT = 1_000;
/** PostgreSQL's answer when a kept statement's columns changed under it (a migration added one). */
const RESULT_TYPE_CHANGED = 'cached plan must not change result type';

interface Connection {
  parsedStatements: Record<string, string>;
}

/** One pooled connection's named statements, by SQL text, least recently used first. */
class StatementNames {
  readonly names = new Map<string, string>();
  readonly seenOnce = new Set<string>();
  next = 0;
  inTransaction = false;
  /** A statement failed with RESULT_TYPE_CHANGED: every name is dropped before the next query. */
  stale = false;
}

/**
 * Kysely's pool, passing each repeated data statement to node-postgres as a named prepared
 * statement from its second call: PostgreSQL then parses it once per connection and, after five calls, may keep a
 * generic plan, where an unnamed statement is parsed and planned on every call (decision 090:
 * planning was most of a backend's CPU for a list page, about 2 ms of its 2.2).
 *
 * Values are always bound per call, so a kept statement never answers with another call's rows.
 * A migration by another instance that changes a kept statement's columns makes PostgreSQL refuse
 * it once: the connection's names are dropped and the call is sent again unnamed, or, inside a
 * transaction (which the refusal ended), the error goes to the caller.
 */
export class PreparingPool implements PostgresPool {
  readonly #pool: pg.Pool;
  readonly #clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();

  constructor(pool: pg.Pool) {
    this.#pool = pool;
  }

  async connect(): Promise<PostgresPoolClient> {
    const client = await this.#pool.connect();
    let wrapped = this.#clients.get(client);
    if (!wrapped) {
      wrapped = preparing(client);
      // Kysely keys its connection objects by this client: the same wrapper for the same connection.
      this.#clients.set(client, wrapped);
    }
    return wrapped;
  }

  end(): Promise<void> {
    return this.#pool.end();
  }
}

function preparing(client: pg.PoolClient): PostgresPoolClient {
  const statements = new StatementNames();
  const connection = (client as unknown as { connection: Connection }).connection;

  const forget = async (name: string) => {
    await client.query(`deallocate ${name}`);
    delete connection.parsedStatements[name];
  };

  const forgetAll = async () => {
    await client.query('deallocate all');
    statements.names.clear();
    connection.parsedStatements = {};
    statements.stale = false;
  };

  /** The name to send `text` under, or undefined to send it unnamed. */
  const nameFor = async (text: string): Promise<string | undefined> => {
    if (!KEPT.test(text) || PLANNED_PER_CALL.test(text)) return undefined;
    const known = statements.names.get(text);
    if (known) {
      statements.names.delete(text);
      statements.names.set(text, known);
      return known;
    }
    if (!statements.seenOnce.has(text)) {
      if (statements.seenOnce.size >= SEEN_ONCE_LIMIT) statements.seenOnce.clear();
      statements.seenOnce.add(text);
      return undefined;
    }
    statements.seenOnce.delete(text);
    if (statements.names.size >= STATEMENTS_PER_CONNECTION) {
      // Deallocation fails in a transaction an error ended; the new statement then goes unnamed.
      if (statements.inTransaction) return undefined;
      const [oldestText, oldestName] = statements.names.entries().next().value as [string, string];
      await forget(oldestName);
      statements.names.delete(oldestText);
    }
    const name = `nw_${statements.next++}`;
    statements.names.set(text, name);
    return name;
  };

  const track = (text: string) => {
    const command = text.trimStart().slice(0, 18).toLowerCase();
    if (command.startsWith('begin') || command.startsWith('start transaction'))
      statements.inTransaction = true;
    else if (command.startsWith('commit') || command.startsWith('rollback')) statements.inTransaction = false;
  };

  const query = async (text: string, values: ReadonlyArray<unknown>) => {
    if (statements.stale && !statements.inTransaction) await forgetAll();
    const name = statements.stale ? undefined : await nameFor(text);
    track(text);
    if (!name) return client.query(text, values as unknown[]);
    try {
      return await client.query({ name, text, values: values as unknown[] });
    } catch (error) {
      if (!(error instanceof Error) || !error.message.includes(RESULT_TYPE_CHANGED)) throw error;
      statements.stale = true;
      if (statements.inTransaction) throw error;
      await forgetAll();
      return client.query(text, values as unknown[]);
    }
  };

  return {
    query: ((textOrCursor: unknown, values?: ReadonlyArray<unknown>) =>
      typeof textOrCursor === 'string'
        ? query(textOrCursor, values ?? [])
        : // A cursor (Kysely's streaming): node-postgres runs it as given.
          client.query(textOrCursor as pg.Submittable)) as unknown as PostgresPoolClient['query'],
    // pg-pool gives a checked-out client a new release function each time: look it up on each call.
    release: () => client.release(),
  };
}
