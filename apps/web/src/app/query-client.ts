import type { ERROR_CODES } from '@notewise/shared/constants';
import { MutationCache, onlineManager, QueryCache, QueryClient } from '@tanstack/react-query';
import { ME_QUERY_KEY } from '@/features/auth';
import { isApiError } from '@/lib/api';

/**
 * ERROR_CODES.accessRequired, spelled out but typed as that constant (the compiler fails if they ever
 * differ): importing the table would add all of it to the first route's JS.
 */
const ACCESS_REQUIRED_CODE: (typeof ERROR_CODES)['accessRequired'] = 'ACCESS_REQUIRED';

/** Statuses a retry cannot fix. */
const NO_RETRY_STATUSES = new Set([400, 401, 403, 404, 409, 422, 429]);

function isForMe(queryKey: readonly unknown[]): boolean {
  return queryKey[0] === ME_QUERY_KEY[0];
}

export function createQueryClient(): QueryClient {
  // TanStack assumes online until an 'offline' event. Opened offline, queries must wait (paused)
  // instead of failing, so the session read waits for the saved copy (decision 024) and a guarded
  // page is not left for a sign-in that cannot happen.
  onlineManager.setOnline(navigator.onLine);
  // A 401 from any other call means the session ended (expired, signed out elsewhere): re-read it, and
  // the guard sends the visitor home if it is gone.
  // A 403 ACCESS_REQUIRED means the plan changed under us: re-read it (the gates follow) and offer
  // the upgrade.
  const onUnauthorized = (error: unknown) => {
    const accessRequired = isApiError(error, 403) && error.code === ACCESS_REQUIRED_CODE;
    if (!isApiError(error, 401) && !accessRequired) return;
    const me = queryClient.getQueryData(ME_QUERY_KEY);
    if (me) void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    // Rare (the gates hide what needs access): the toast's code loads only when it happens.
    if (accessRequired) void import('./offer-upgrade').then((module) => module.offerUpgrade());
  };

  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!isForMe(query.queryKey)) onUnauthorized(error);
      },
    }),
    mutationCache: new MutationCache({ onError: onUnauthorized }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) =>
          failureCount < 1 && !(isApiError(error) && NO_RETRY_STATUSES.has(error.status)),
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
