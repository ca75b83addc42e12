import type { AccountDeleted, AccountDeletionPlan, DeleteAccountBody } from '@notewise/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** GET /api/me/deletion: what deleting the account removes and which shared projects pass to whom. */
export function useDeletionPlan(enabled: boolean) {
  return useQuery({
    queryKey: ['me', 'deletion-plan'],
    queryFn: ({ signal }) => api.get<AccountDeletionPlan>('/api/me/deletion', { signal }),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}

/** POST /api/me/delete with the password: the account, its data and every session end. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: DeleteAccountBody) => api.post<AccountDeleted>('/api/me/delete', body),
  });
}
