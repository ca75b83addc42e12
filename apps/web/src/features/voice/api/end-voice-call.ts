import { type VoiceCall, voiceCallResponseSchema } from '@notewise/shared';
import { api } from '@/lib/api';
import { callPath } from './query-keys';

/** POST /api/voice/calls/:id/end: no more turns; the call waits to be saved or discarded. */
export async function endVoiceCall(id: string): Promise<VoiceCall> {
  return voiceCallResponseSchema.parse(await api.post(callPath(id, '/end'))).call;
}
