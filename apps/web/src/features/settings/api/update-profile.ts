import type { Me, UpdateMeBody } from '@notewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ME_QUERY_KEY } from '@/features/auth';
import { api } from '@/lib/api';

/** PATCH /api/me: changes the display name; answers the updated profile. */
export function updateProfile(body: UpdateMeBody): Promise<Me> {
  return api.patch<Me>('/api/me', body);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (me) => queryClient.setQueryData(ME_QUERY_KEY, me),
  });
}
