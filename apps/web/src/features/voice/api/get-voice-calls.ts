import { type VoiceCallList, type VoiceCallSummary, voiceCallListSchema } from '@notewise/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { voiceKeys } from './query-keys';

/** GET /api/voice/calls: the last calls, newest first, with 60-character previews, and the discarded ones. */
export async function fetchVoiceCallList(signal?: AbortSignal): Promise<VoiceCallList> {
  return voiceCallListSchema.parse(await api.get('/api/voice/calls', { signal }));
}

const recent = (list: VoiceCallList): VoiceCallSummary[] => list.calls;
const discarded = (list: VoiceCallList): VoiceCallSummary[] => list.discarded;

export function useVoiceCalls(enabled: boolean) {
  return useQuery({
    queryKey: voiceKeys.calls(),
    queryFn: ({ signal }) => fetchVoiceCallList(signal),
    select: recent,
    enabled,
  });
}

/** Calls discarded in the last 30 days: one request with the recent calls (same query). */
export function useDiscardedVoiceCalls(enabled: boolean) {
  return useQuery({
    queryKey: voiceKeys.calls(),
    queryFn: ({ signal }) => fetchVoiceCallList(signal),
    select: discarded,
    enabled,
  });
}
