import type { ChangePasswordBody } from '@notewise/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** POST /api/auth/change-password: this browser gets a fresh session, every other session ends. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => api.post<unknown>('/api/auth/change-password', body),
  });
}

/** POST /api/auth/revoke-other-sessions: every session but this one ends. */
export function useSignOutOtherSessions() {
  return useMutation({
    mutationFn: () => api.post<unknown>('/api/auth/revoke-other-sessions', {}),
  });
}
