import {
  type SaveVoiceCallBody,
  type SaveVoiceCallResponse,
  saveVoiceCallResponseSchema,
} from '@notewise/shared';
import { api } from '@/lib/api';
import { callPath } from './query-keys';

/** POST /api/voice/calls/:id/save: 201 with the note (notes first, then the transcript). */
export async function saveVoiceCall(id: string, body: SaveVoiceCallBody): Promise<SaveVoiceCallResponse> {
  return saveVoiceCallResponseSchema.parse(await api.post(callPath(id, '/save'), body));
}
