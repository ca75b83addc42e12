import type { DemoAccount } from '@notewise/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** GET /api/demo: whether the shared demo account exists, and its credentials. */
export function fetchDemoAccount(signal?: AbortSignal): Promise<DemoAccount> {
  return api.get<DemoAccount>('/api/demo', { signal });
}

export function useDemoAccount(enabled: boolean) {
  return useQuery({
    queryKey: ['demo-account'],
    queryFn: ({ signal }) => fetchDemoAccount(signal),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
