import type { Me } from '@notewise/shared';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api';
import { dropEarlyRequests } from '@/lib/early-requests';

export const ME_QUERY_KEY = ['me'] as const;

/** GET /api/me: the signed-in user's profile and plan, or null when nobody is signed in (401). */
export async function fetchMe(signal?: AbortSignal): Promise<Me | null> {
  try {
    return await api.get<Me>('/api/me', { signal });
  } catch (error) {
    if (isApiError(error, 401)) return null;
    throw error;
  }
}

export const meQueryOptions = queryOptions({
  queryKey: ME_QUERY_KEY,
  queryFn: ({ signal }) => fetchMe(signal),
  // A failure (server down, network) reads as signed out at once; focus and reconnect try again.
  retry: false,
  staleTime: 60_000,
});

/** The session read. Prefer useAuth(), which adds the initialisation time-out. */
export function useMeQuery() {
  return useQuery(meQueryOptions);
}

/**
 * Drops every cached query except the session itself, so nothing of the previous visitor survives a
 * sign-in or sign-out. (The session query stays: its observer would not see a replacement.)
 */
export function forgetUserData(queryClient: QueryClient): void {
  // The page-load reads (decision 079) were the previous visitor's: never answer the next one with them.
  dropEarlyRequests();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_QUERY_KEY[0] });
}
