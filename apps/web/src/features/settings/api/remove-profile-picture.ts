import type { Me } from '@notewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ME_QUERY_KEY } from '@/features/auth';
import { api } from '@/lib/api';

/** DELETE /api/me/avatar: back to the initials; the stored picture is deleted. */
export function removeProfilePicture(): Promise<Me> {
  return api.delete<Me>('/api/me/avatar');
}

export function useRemoveProfilePicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeProfilePicture,
    onSuccess: (me) => queryClient.setQueryData(ME_QUERY_KEY, me),
  });
}
