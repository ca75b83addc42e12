import { type VoiceCall, voiceCallResponseSchema } from '@notewise/shared';
import { api } from '@/lib/api';
import { callPath } from './query-keys';

/** POST /api/voice/calls/:id/restore: a discarded call (within 30 days) is back under Recent calls. */
export async function restoreVoiceCall(id: string): Promise<VoiceCall> {
  return voiceCallResponseSchema.parse(await api.post(callPath(id, '/restore'))).call;
}
