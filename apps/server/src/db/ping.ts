import { type Kysely, sql } from 'kysely';
import type { Database } from './types';

/** The cheapest round trip to the database: resolves when it answers, rejects when it cannot. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
