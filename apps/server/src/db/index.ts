import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely } from 'kysely';
import pg from 'pg';
import { opsMetrics } from '../ops/metrics';
import { SearchPathPostgresDialect } from './postgres-introspector';
import { PreparingPool } from './prepared-statements';
import { SqliteDialectKeepingErrors } from './sqlite-dialect';
import type { Database, Dialect } from './types';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The PostgreSQL schema in use when not the default search path. */
  schema?: string | undefined;
  /**
   * Where to report a pooled connection that failed while idle (database restart, failover,
   * pg_terminate_backend). Without a listener pg's pool emits 'error' and the process exits.
   */
  onConnectionError(listener: (error: Error) => void): void;
  /** PostgreSQL's connection pool (its counts are metrics); SQLite has one connection and none. */
  pool?: pg.Pool;
  /**
   * SQLite: whether another connection (the admin CLI, another process) committed a write since the
   * last call (`pragma data_version`, about a microsecond). Absent for PostgreSQL.
   */
  changedElsewhere?: () => boolean;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL URL; without it the embedded SQLite file under dataDir is used. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** PostgreSQL: name repeated statements (off behind a pooler that cannot keep them). */
  preparedStatements?: boolean | undefined;
  /** PostgreSQL schema to use (tests run each suite in a fresh one). */
  pgSchema?: string | undefined;
  /** SQLite file name inside dataDir. */
  sqliteFile?: string | undefined;
}

// int8 (COUNT(*), bigint columns) arrives as a string by default; our counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // While the database is away a request fails after 5 s (answered 503) instead of waiting forever.
      connectionTimeoutMillis: 5_000,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema},public` } : {}),
    });
    let report: (error: Error) => void = (error) => {
      process.stderr.write(
        `${JSON.stringify({ level: 50, msg: 'database connection lost', err: error.message })}\n`,
      );
    };
    // The pool drops the broken client itself; the next query opens a fresh connection.
    pool.on('error', (error) => report(error));
    // A checked-out client that loses its connection between queries emits 'error' too, and pg-pool
    // listens only while the client is idle; the failed query itself still rejects to its caller.
    // Counted here only: every client has this listener, and pg-pool's idle 'error' repeats it.
    pool.on('connect', (client) =>
      client.on('error', (error) => {
        opsMetrics.databaseConnectionLost();
        report(error);
      }),
    );
    // Introspection (the migrator's "do my tables exist?") limited to this connection's search path:
    // Kysely's own reads every schema and fails when another one is dropped meanwhile (decision 035).
    // Repeated statements are prepared once per connection, not planned on every call (decision 090).
    const db = new Kysely<Database>({
      dialect: new SearchPathPostgresDialect({
        pool: options.preparedStatements === false ? pool : new PreparingPool(pool),
      }),
    });
    return {
      db,
      dialect: 'postgres',
      schema: options.pgSchema,
      onConnectionError: (listener) => {
        report = listener;
      },
      pool,
      close: () => db.destroy(),
    };
  }

  // Notes are private: a new data folder is the owner's alone, and SQLite gives its -wal and -shm
  // files the database file's own permissions.
  fs.mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(options.dataDir, options.sqliteFile ?? 'notewise.db');
  if (!fs.existsSync(file)) fs.closeSync(fs.openSync(file, 'a', 0o600));
  const sqlite = new SQLite(file);
  // WAL lets readers run beside the writer; NORMAL sync in WAL survives a process crash (kill -9)
  // without losing committed transactions; the busy timeout covers the CLI writing at the same time.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({ dialect: new SqliteDialectKeepingErrors(withStatementCache(sqlite)) });
  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  let version = dataVersion.get();
  const changedElsewhere = () => {
    if (!sqlite.open) return false;
    const now = dataVersion.get();
    if (now === version) return false;
    version = now;
    return true;
  };
  return { db, dialect: 'sqlite', onConnectionError: () => {}, changedElsewhere, close: () => db.destroy() };
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; compiling SQL is a good part of a small query's cost, and the
 * app runs the same few hundred statements over and over. better-sqlite3 statements are reusable
 * (everything runs synchronously on this thread), so keep the most recent ones.
 */
function withStatementCache(sqlite: SQLite.Database): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = sqlite.prepare.bind(sqlite);
  return new Proxy(sqlite, {
    get(target, property, receiver) {
      if (property !== 'prepare') {
        const value = Reflect.get(target, property, receiver);
        // Native methods must run on the real database object, not the proxy.
        return typeof value === 'function' ? value.bind(target) : value;
      }
      return (source: string) => {
        let statement = cache.get(source);
        if (statement) {
          // Refresh its place: the map's order is the eviction order.
          cache.delete(source);
        } else {
          statement = prepare(source);
          if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
        }
        cache.set(source, statement);
        return statement;
      };
    },
  });
}
