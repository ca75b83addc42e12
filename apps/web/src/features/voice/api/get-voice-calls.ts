import { type VoiceCallSummary, voiceCallListSchema } from '@notewise/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { voiceKeys } from './query-keys';

/** GET /api/voice/calls: the last calls, newest first, with 60-character previews. */
export async function fetchVoiceCalls(signal?: AbortSignal): Promise<VoiceCallSummary[]> {
  return voiceCallListSchema.parse(await api.get('/api/voice/calls', { signal })).calls;
}

export function useVoiceCalls(enabled: boolean) {
  return useQuery({ queryKey: voiceKeys.calls(), queryFn: ({ signal }) => fetchVoiceCalls(signal), enabled });
}
