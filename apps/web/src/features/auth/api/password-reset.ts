import type { PasswordResetOptions, RequestPasswordResetBody, ResetPasswordBody } from '@notewise/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** GET /api/password-reset: whether "Forgot password?" can email a link (the server has SMTP). */
export function fetchPasswordResetOptions(signal?: AbortSignal): Promise<PasswordResetOptions> {
  return api.get<PasswordResetOptions>('/api/password-reset', { signal });
}

export function usePasswordResetOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['password-reset-options'],
    queryFn: ({ signal }) => fetchPasswordResetOptions(signal),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** POST /api/auth/request-password-reset: the same answer whether or not the email has an account. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: RequestPasswordResetBody) =>
      api.post<unknown>('/api/auth/request-password-reset', body),
  });
}

/** POST /api/auth/reset-password: sets the new password; every session of the account ends. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetPasswordBody) => api.post<unknown>('/api/auth/reset-password', body),
  });
}
