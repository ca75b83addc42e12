import type { Me } from '@notewise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError } from '@/lib/api';
import { forgetUserData, meQueryOptions } from '../api/get-me';

/**
 * After a sign-in or sign-up: forget the previous visitor's cached data and read the new session.
 * Rejects when the cookie did not stick (the server answered, but /api/me still says signed out).
 */
export function useRefreshSession() {
  const queryClient = useQueryClient();
  return useCallback(async (): Promise<Me> => {
    forgetUserData(queryClient);
    const me = await queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 });
    if (!me) {
      throw new ApiError(
        401,
        'SESSION_NOT_STORED',
        'You were signed in, but the browser did not keep the session. Please allow cookies for this site.',
      );
    }
    return me;
  }, [queryClient]);
}
