import { api } from '@/lib/api';
import { callPath } from './query-keys';

/** DELETE /api/voice/calls/:id: the call and its turns are gone (204). */
export function discardVoiceCall(id: string): Promise<void> {
  return api.delete<void>(callPath(id));
}
