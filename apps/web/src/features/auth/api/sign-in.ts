import type { SignInBody } from '@notewise/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useRefreshSession } from '../hooks/use-refresh-session';

/** POST /api/auth/sign-in/email: sets the session cookie. 401 'Invalid email or password.', 429. */
export function signIn(body: SignInBody): Promise<unknown> {
  return api.post('/api/auth/sign-in/email', body);
}

export function useSignIn() {
  const refreshSession = useRefreshSession();
  return useMutation({
    mutationFn: async (body: SignInBody) => {
      await signIn(body);
      return refreshSession();
    },
  });
}
