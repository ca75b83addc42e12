import type { AvatarUrlBody, Me } from '@notewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ME_QUERY_KEY } from '@/features/auth';
import { api } from '@/lib/api';

/** PUT /api/me/avatar: the server fetches the picture at an https address and stores it like an upload. */
export function setProfilePictureUrl(body: AvatarUrlBody): Promise<Me> {
  return api.put<Me>('/api/me/avatar', body);
}

export function useSetProfilePictureUrl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setProfilePictureUrl,
    onSuccess: (me) => queryClient.setQueryData(ME_QUERY_KEY, me),
  });
}
