import { sql } from 'kysely';
import type { DatabaseHandle } from '.';

/**
 * Runs start-up work (migrations, seeding the demo account) as the only instance doing so. Instances
 * starting together on one PostgreSQL database otherwise race: both find no demo account, both create
 * it, and the loser crashes on the unique email. A session-level advisory lock, held on one pooled
 * connection while the work runs on others, serialises them; the key names the schema, so deployments
 * (and test suites) in other schemas of the same database do not wait for each other. SQLite needs no
 * lock: the data-folder lock already admits one server per database file.
 */
export async function withStartupLock<T>(database: DatabaseHandle, work: () => Promise<T>): Promise<T> {
  if (database.dialect !== 'postgres') return work();
  return database.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(hashtext('notewise:startup:' || current_schema()))`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(hashtext('notewise:startup:' || current_schema()))`.execute(
        connection,
      );
    }
  });
}
