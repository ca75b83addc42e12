import type SQLite from 'better-sqlite3';
import { type Driver, SqliteDialect } from 'kysely';

/**
 * SQLite ends a transaction by itself on some errors (SQLITE_FULL, SQLITE_IOERR...). Kysely's
 * transaction then sends ROLLBACK, which fails with "cannot rollback - no transaction is active",
 * and Kysely throws that error in place of the original: a full disk read as an unexplained 500
 * (decision 046). This dialect rolls back only a transaction that is still open.
 */
export class SqliteDialectKeepingErrors extends SqliteDialect {
  readonly #sqlite: SQLite.Database;

  constructor(sqlite: SQLite.Database) {
    super({ database: sqlite });
    this.#sqlite = sqlite;
  }

  override createDriver(): Driver {
    const driver = super.createDriver();
    const rollback = driver.rollbackTransaction.bind(driver);
    driver.rollbackTransaction = async (connection) => {
      if (this.#sqlite.inTransaction) await rollback(connection);
    };
    return driver;
  }
}
