import { type VoiceOptions, voiceOptionsSchema } from '@notewise/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { voiceKeys } from './query-keys';

/** GET /api/voice/options: which speech pipeline this server offers, and its limits. */
export async function fetchVoiceOptions(signal?: AbortSignal): Promise<VoiceOptions> {
  return voiceOptionsSchema.parse(await api.get('/api/voice/options', { signal }));
}

export function useVoiceOptions(enabled: boolean) {
  return useQuery({
    queryKey: voiceKeys.options(),
    queryFn: ({ signal }) => fetchVoiceOptions(signal),
    enabled,
    staleTime: 5 * 60_000,
  });
}
