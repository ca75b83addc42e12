import type { Me, SignUpBody, SignUpResponse } from '@notewise/shared';
import { useMutation } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api';
import { useRefreshSession } from '../hooks/use-refresh-session';
import { markNewAccount } from '../new-account';

/**
 * POST /api/auth/sign-up/email: creates the account and signs in (session cookie). The answer is the
 * same for an email that already has an account, only without a session.
 */
export function signUp(body: SignUpBody): Promise<SignUpResponse> {
  return api.post<SignUpResponse>('/api/auth/sign-up/email', body);
}

/** Resolves to the new session's user, or null when no session was opened (the email may be taken). */
export function useSignUp() {
  const refreshSession = useRefreshSession();
  return useMutation({
    mutationFn: async (body: SignUpBody): Promise<Me | null> => {
      await signUp(body);
      try {
        const me = await refreshSession();
        // Whatever greets a new account (the tutorial's offer, decision 019) takes this mark once.
        if (me) markNewAccount(me.id);
        return me;
      } catch (error) {
        if (isApiError(error, 401)) return null;
        throw error;
      }
    },
  });
}
