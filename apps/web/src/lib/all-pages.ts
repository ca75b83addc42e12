import { MAX_PAGE_SIZE } from '@notewise/shared';

/**
 * Follows a paged list to its end, `MAX_PAGE_SIZE` items a request. For the short lists that a screen
 * needs whole (the projects a note can move to, the names on note cards, a project's members);
 * long lists (notes, pins) load page by page as they scroll instead.
 */
export async function fetchAllPages<Key extends string, Item>(
  path: string,
  key: Key,
  get: (url: string) => Promise<Record<Key, Item[]> & { nextCursor: string | null }>,
): Promise<Record<Key, Item[]>> {
  const items: Item[] = [];
  let cursor: string | null = null;
  do {
    const url = new URL(path, 'http://local');
    url.searchParams.set('limit', String(MAX_PAGE_SIZE));
    if (cursor) url.searchParams.set('cursor', cursor);
    const page = await get(`${url.pathname}${url.search}`);
    items.push(...page[key]);
    cursor = page.nextCursor;
  } while (cursor);
  return { [key]: items } as Record<Key, Item[]>;
}
