import type { AuthOptions } from '@notewise/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** GET /api/auth-options: whether anyone may sign up here (the server's ALLOW_SIGNUP). */
export function fetchAuthOptions(signal?: AbortSignal): Promise<AuthOptions> {
  return api.get<AuthOptions>('/api/auth-options', { signal });
}

/** True unless the server said sign-up is closed (while loading, or if it cannot say, it stays offered). */
export function useSignUpOpen(): boolean {
  const options = useQuery({
    queryKey: ['auth-options'],
    queryFn: ({ signal }) => fetchAuthOptions(signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return options.data?.signUp !== false;
}
