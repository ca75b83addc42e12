import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { forgetUserData, ME_QUERY_KEY } from './get-me';

/** POST /api/auth/sign-out: ends the session and clears the cookie. */
export function signOut(): Promise<unknown> {
  return api.post('/api/auth/sign-out', {});
}

/** Signs out, then drops every cached query of the previous user and marks the session signed out. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      queryClient.setQueryData(ME_QUERY_KEY, null);
      forgetUserData(queryClient);
    },
  });
}
