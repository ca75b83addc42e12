import { PREVIEW_LENGTHS, truncatePlainText } from '@notewise/shared';
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../types';

/** Lists read a stored one-line excerpt instead of cutting plain text on every request. */
export function noteExcerptsMigration(_dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('notes')
        .addColumn('excerpt', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      // Backfill in batches by id so a large database never holds everything in memory.
      let after = '';
      for (;;) {
        const rows = (
          await sql<{ id: string; plain_text: string }>`
            select id, plain_text from notes where id > ${after} order by id limit 500`.execute(db)
        ).rows;
        if (rows.length === 0) break;
        for (const row of rows) {
          await sql`update notes set excerpt = ${truncatePlainText(row.plain_text, PREVIEW_LENGTHS.card)}
                    where id = ${row.id}`.execute(db);
        }
        after = rows[rows.length - 1]?.id ?? after;
      }
    },
  };
}
