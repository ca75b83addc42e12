import { VOICE_WAV_CONTENT_TYPE, type VoiceTurnResult, voiceTurnResultSchema } from '@notewise/shared';
import { ApiError, errorMessage } from '@/lib/api';
import { callPath } from './query-keys';

/**
 * POST /api/voice/calls/:id/utterances?offsetMs=N with the raw 16 kHz mono WAV (the JSON client does not
 * send binary bodies). Rejects with an ApiError carrying the server's code, like the JSON client.
 */
export async function postUtterance(
  id: string,
  wav: Uint8Array<ArrayBuffer>,
  offsetMs: number,
  signal?: AbortSignal,
): Promise<VoiceTurnResult> {
  let response: Response;
  try {
    response = await fetch(callPath(id, `/utterances?offsetMs=${Math.max(0, Math.round(offsetMs))}`), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': VOICE_WAV_CONTENT_TYPE },
      body: wav,
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', errorMessage(error));
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const failure = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
    throw new ApiError(
      response.status,
      typeof failure?.code === 'string' ? failure.code : 'HTTP_ERROR',
      typeof failure?.message === 'string' ? failure.message : errorMessage(null),
    );
  }
  return voiceTurnResultSchema.parse(body);
}
