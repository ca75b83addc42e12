import type { SharedProject } from '@notewise/shared';
import { useQuery } from '@tanstack/react-query';
import { fetchAllPages } from '@/lib/all-pages';
import { api } from '@/lib/api';

/** Under the shared-projects feature's root key, so its invalidations refresh this list too. */
export const sharedProjectsKey = ['shared-projects', 'quick-view'] as const;

/** GET /api/shared-projects: the shared projects the user owns or joined. */
export function useSharedProjects(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: sharedProjectsKey,
    queryFn: ({ signal }) =>
      fetchAllPages('/api/shared-projects', 'sharedProjects', (url) =>
        api.get<{ sharedProjects: SharedProject[]; nextCursor: string | null }>(url, { signal }),
      ),
    select: (data) => data.sharedProjects,
    enabled: options.enabled ?? true,
  });
}
