import type { Member } from '@notewise/shared';
import { useQuery } from '@tanstack/react-query';
import { fetchAllPages } from '@/lib/all-pages';
import { api } from '@/lib/api';
import { sharedProjectKeys } from '@/lib/query-keys';

export interface MemberListResponse {
  members: Member[];
}

/** GET /api/shared-projects/:id/members: everyone in the project, the owner included. */
export function fetchMembers(id: string, signal?: AbortSignal): Promise<MemberListResponse> {
  return fetchAllPages(`/api/shared-projects/${encodeURIComponent(id)}/members`, 'members', (url) =>
    api.get<MemberListResponse & { nextCursor: string | null }>(url, { signal }),
  );
}

export function useMembers(id: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: sharedProjectKeys.members(id),
    queryFn: ({ signal }) => fetchMembers(id, signal),
    select: (data) => data.members,
    enabled: (options.enabled ?? true) && Boolean(id),
  });
}
