import { type VoiceCall, type VoiceMode, voiceCallResponseSchema } from '@notewise/shared';
import { api } from '@/lib/api';

/** POST /api/voice/calls: 201 with the live call; 409 VOICE_CALL_ACTIVE when one is live already. */
export async function startVoiceCall(mode: VoiceMode): Promise<VoiceCall> {
  return voiceCallResponseSchema.parse(await api.post('/api/voice/calls', { mode })).call;
}
