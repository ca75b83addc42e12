import { type VoiceCallDetail, voiceCallDetailSchema } from '@notewise/shared';
import { api } from '@/lib/api';
import { callPath } from './query-keys';

/** GET /api/voice/calls/:id: the call, every turn so far and the current notes. */
export async function fetchVoiceCall(id: string, signal?: AbortSignal): Promise<VoiceCallDetail> {
  return voiceCallDetailSchema.parse(await api.get(callPath(id), { signal }));
}
