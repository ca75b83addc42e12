import type { PinList } from '@notewise/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { noteKeys } from './query-keys';

/** GET /api/pins: newest pinned first, each with its note. */
export function fetchPins(signal?: AbortSignal): Promise<PinList> {
  return api.get<PinList>('/api/pins', { signal });
}

/** The pinned notes, newest pinned first. */
export function usePinnedNotes() {
  return useQuery({
    queryKey: noteKeys.pins(),
    queryFn: ({ signal }) => fetchPins(signal),
    select: (data) => data.pins.map((pin) => pin.note),
  });
}
