import type { SignUpBody } from '@notewise/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useRefreshSession } from '../hooks/use-refresh-session';

/** POST /api/auth/sign-up/email: creates the account and signs in (session cookie). */
export function signUp(body: SignUpBody): Promise<unknown> {
  return api.post('/api/auth/sign-up/email', body);
}

export function useSignUp() {
  const refreshSession = useRefreshSession();
  return useMutation({
    mutationFn: async (body: SignUpBody) => {
      await signUp(body);
      return refreshSession();
    },
  });
}
