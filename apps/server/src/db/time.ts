import type { Timestamp } from './types';

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
