import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_CURSOR_LENGTH, MAX_PAGE_SIZE } from './constants';

/** `?cursor=&limit=` on every list route. The cursor is opaque: pass back what `nextCursor` said. */
export const pageQuerySchema = z.strictObject({
  cursor: z.string().min(1).max(MAX_CURSOR_LENGTH).optional(),
  limit: z.coerce
    .number({ message: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}.` })
    .int({ message: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}.` })
    .min(1, { message: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}.` })
    .max(MAX_PAGE_SIZE, { message: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}.` })
    .default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/**
 * One page of a list: the items under the list's own name (`notes`, `projects`, ...; the name it had
 * before pagination, so readers of the first page keep working) and the cursor of the next page, null
 * on the last one.
 */
export function pageSchema<const Key extends string, Item extends z.ZodType>(key: Key, item: Item) {
  const shape = { [key]: z.array(item), nextCursor: z.string().nullable() } as {
    [K in Key]: z.ZodArray<Item>;
  } & { nextCursor: z.ZodNullable<z.ZodString> };
  return z.object(shape);
}

/** What any page carries besides its items. */
export interface PageInfo {
  nextCursor: string | null;
}
