import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** The cached data of every query under some prefixes, taken before an optimistic change. */
export type CacheSnapshot = Array<[QueryKey, unknown]>;

/**
 * Stops refetches of every query under `prefixes` (so none lands over the optimistic change) and
 * remembers their data, to put back with `restoreSnapshot` if the change fails.
 */
export async function snapshotQueries(
  queryClient: QueryClient,
  prefixes: QueryKey[],
): Promise<CacheSnapshot> {
  await Promise.all(prefixes.map((queryKey) => queryClient.cancelQueries({ queryKey })));
  return prefixes.flatMap((queryKey) => queryClient.getQueriesData({ queryKey }));
}

export function restoreSnapshot(queryClient: QueryClient, snapshot: CacheSnapshot | undefined): void {
  for (const [key, data] of snapshot ?? []) queryClient.setQueryData(key, data);
}
