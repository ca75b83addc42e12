import { z } from 'zod';
import { badRequest } from './errors';

export const INVALID_CURSOR_MESSAGE = 'This list position is not valid. Reload the list and try again.';

/**
 * Cursors are the sort key of the last item of a page, as base64url JSON: opaque to clients, checked
 * field by field on the way back in, so a malformed or forged one is a 400 and never reaches SQL as
 * anything but a bound value of the right type. A forged but well-formed cursor only moves the start
 * of the caller's own list: every query still filters by membership.
 */
export function encodeCursor(key: Record<string, string | number>): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

export function decodeCursor<T>(raw: string | undefined, schema: z.ZodType<T>): T | undefined {
  if (raw === undefined) return undefined;
  if (!/^[A-Za-z0-9_-]+$/.test(raw)) throw badRequest(INVALID_CURSOR_MESSAGE);
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(INVALID_CURSOR_MESSAGE);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw badRequest(INVALID_CURSOR_MESSAGE);
  return parsed.data;
}

/** Timestamps as this server writes them (db/time.ts nowIso), so they compare as text on SQLite too. */
export const cursorTimestamp = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
export const cursorId = z.string().min(1).max(64);

/**
 * A page from `limit + 1` fetched rows: the extra row only says that there is more, and the cursor
 * is the key of the last row kept.
 */
export function toPage<Row, Item>(
  rows: Row[],
  limit: number,
  toItem: (row: Row) => Item,
  keyOf: (row: Row) => Record<string, string | number>,
): { items: Item[]; nextCursor: string | null } {
  const kept = rows.slice(0, limit);
  const last = kept.at(-1);
  return {
    items: kept.map(toItem),
    nextCursor: rows.length > limit && last !== undefined ? encodeCursor(keyOf(last)) : null,
  };
}
