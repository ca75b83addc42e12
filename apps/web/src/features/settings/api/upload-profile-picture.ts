import type { Me } from '@notewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ME_QUERY_KEY } from '@/features/auth';
import { api } from '@/lib/api';

/** POST /api/me/avatar: uploads a picture (multipart, field `file`); answers the updated profile. */
export function uploadProfilePicture(file: File): Promise<Me> {
  const form = new FormData();
  form.append('file', file);
  return api.post<Me>('/api/me/avatar', form);
}

export function useUploadProfilePicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfilePicture,
    onSuccess: (me) => queryClient.setQueryData(ME_QUERY_KEY, me),
  });
}
