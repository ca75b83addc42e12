import type { NoteSummary } from '@notewise/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type NoteListFilter, noteKeys } from './query-keys';

export interface NoteListResponse {
  notes: NoteSummary[];
}

/** GET /api/notes?projectId=&pinned=: pinned first, then newest updated. */
export function fetchNotes(filter: NoteListFilter = {}, signal?: AbortSignal): Promise<NoteListResponse> {
  const query = new URLSearchParams();
  if (filter.projectId) query.set('projectId', filter.projectId);
  if (filter.pinned !== undefined) query.set('pinned', String(filter.pinned));
  const search = query.toString();
  return api.get<NoteListResponse>(`/api/notes${search ? `?${search}` : ''}`, { signal });
}

export function useNotes(filter: NoteListFilter = {}, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: noteKeys.list(filter),
    queryFn: ({ signal }) => fetchNotes(filter, signal),
    select: (data) => data.notes,
    enabled: options.enabled ?? true,
  });
}
