import type { Member } from '@notewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '@/lib/api';
import { type CacheSnapshot, restoreSnapshot } from '@/lib/cache-snapshot';
import type { MemberListResponse } from '@/lib/project-queries';
import { sharedProjectKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { invalidateSharedProjectData, patchSharedProject } from './cache';

export interface RemoveMemberVariables {
  projectId: string;
  member: Member;
}

/** Owner only. DELETE /api/shared-projects/:id/members/:userId: 204. */
export function removeMember({ projectId, member }: RemoveMemberVariables): Promise<void> {
  return api.delete<void>(
    `/api/shared-projects/${encodeURIComponent(projectId)}/members/${encodeURIComponent(member.userId)}`,
  );
}

/** Takes the member off the list at once; puts them back with a toast if the server refuses. */
export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation<void, Error, RemoveMemberVariables, CacheSnapshot>({
    mutationFn: removeMember,
    onMutate: async ({ projectId, member }) => {
      await queryClient.cancelQueries({ queryKey: sharedProjectKeys.all });
      const snapshot: CacheSnapshot = queryClient.getQueriesData({ queryKey: sharedProjectKeys.all });
      queryClient.setQueryData<MemberListResponse>(sharedProjectKeys.members(projectId), (data) =>
        data ? { members: data.members.filter((item) => item.userId !== member.userId) } : data,
      );
      patchSharedProject(queryClient, projectId, (project) => ({
        ...project,
        memberCount: Math.max(1, project.memberCount - 1),
      }));
      return snapshot;
    },
    onSuccess: (_result, { member }) => toast.success(`Removed ${member.name}`),
    onError: (error, { member }, snapshot) => {
      restoreSnapshot(queryClient, snapshot);
      toast.error(`Could not remove ${member.name}`, { description: errorMessage(error) });
    },
    onSettled: () => invalidateSharedProjectData(queryClient),
  });
}
