import { type AddVoiceTurnBody, type VoiceTurnResult, voiceTurnResultSchema } from '@notewise/shared';
import { api } from '@/lib/api';
import { callPath } from './query-keys';

/** POST /api/voice/calls/:id/turns: a turn the browser's recognition (or Vapi) transcribed. */
export async function addVoiceTurn(id: string, body: AddVoiceTurnBody): Promise<VoiceTurnResult> {
  return voiceTurnResultSchema.parse(await api.post(callPath(id, '/turns'), body));
}
