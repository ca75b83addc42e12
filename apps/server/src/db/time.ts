import { type RawBuilder, sql } from 'kysely';
import type { Dialect, Timestamp } from './types';

const CANONICAL_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export function toIso(value: Timestamp): string {
  if (value instanceof Date) return value.toISOString();
  // SQLite hands back the exact string we stored; only re-format what is not canonical already.
  return CANONICAL_ISO.test(value) ? value : new Date(value).toISOString();
}

export function toIsoOrNull(value: Timestamp | null | undefined): string | null {
  return value == null ? null : toIso(value);
}

export function nowIso(): string {
  return new Date().toISOString();
}

/**
 * A timestamp column read as the ISO string the API sends (decision 067): PostgreSQL formats it, so
 * list pages skip node-postgres's Date per value and toISOString back; SQLite stores that string
 * already. Collated "C", so an outer ORDER BY on the text sorts as the times do.
 */
export function isoText(dialect: Dialect, column: string): RawBuilder<string> {
  return dialect === 'postgres'
    ? sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') collate "C"`
    : sql<string>`${sql.ref(column)}`;
}
