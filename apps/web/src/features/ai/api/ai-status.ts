import type { AiStatus } from '@notewise/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const aiStatusKey = ['ai', 'status'] as const;

/** GET /api/ai/status */
export function fetchAiStatus(signal?: AbortSignal): Promise<AiStatus> {
  return api.get<AiStatus>('/api/ai/status', { signal });
}

/**
 * Which engine answers and what it can do (the built-in engine cannot translate). Only for a
 * signed-in user; the configuration changes with a server restart at most, so it is read rarely.
 */
export function useAiStatus(enabled: boolean) {
  return useQuery({
    queryKey: aiStatusKey,
    queryFn: ({ signal }) => fetchAiStatus(signal),
    enabled,
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  });
}
