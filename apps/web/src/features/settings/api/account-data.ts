import type {
  AccountDeleted,
  AccountDeletionPlan,
  DataExportState,
  DeleteAccountBody,
} from '@notewise/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

const DATA_EXPORT_KEY = ['me', 'data-export'] as const;

/**
 * The latest "Download all my data" job (decision 064): polled every second while it runs, so the
 * bar moves and a reload resumes showing it.
 */
export function useLatestDataExport() {
  return useQuery({
    queryKey: DATA_EXPORT_KEY,
    queryFn: ({ signal }) => api.get<DataExportState>('/api/me/data-exports/latest', { signal }),
    refetchInterval: (query) => {
      const status = query.state.data?.job?.status;
      return status === 'running' || status === 'queued' ? 1000 : false;
    },
    staleTime: 0,
  });
}

/** POST /api/me/data-exports: starts preparing the zip (or answers the one already running). */
export function useStartDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<DataExportState>('/api/me/data-exports'),
    onSuccess: (state) => queryClient.setQueryData(DATA_EXPORT_KEY, state),
  });
}

/** Where a prepared zip is downloaded (the session cookie authorizes it; another user's id is 404). */
export const dataExportDownloadUrl = (id: string) =>
  `/api/me/data-exports/${encodeURIComponent(id)}/download`;
