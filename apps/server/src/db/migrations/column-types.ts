import { sql } from 'kysely';
import type { Dialect } from '../types';

/** The few column types that differ between SQLite and PostgreSQL. */
export function columnTypes(dialect: Dialect) {
  const postgres = dialect === 'postgres';
  return {
    timestamp: postgres ? ('timestamptz' as const) : ('text' as const),
    boolean: postgres ? ('boolean' as const) : ('integer' as const),
    false: postgres ? sql`false` : sql`0`,
    true: postgres ? sql`true` : sql`1`,
    json: postgres ? ('jsonb' as const) : ('text' as const),
  };
}
