import type { Timestamp } from './types';

export function toIso(value: Timestamp): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

export function toIsoOrNull(value: Timestamp | null | undefined): string | null {
  return value == null ? null : toIso(value);
}

export function nowIso(): string {
  return new Date().toISOString();
}
