import { ApiError, errorMessage } from '@/lib/api';

/** POST /api/voice/speech: the answer spoken by the server's TTS (only when options.ttsServer). */
export async function fetchSpeech(text: string, signal?: AbortSignal): Promise<Blob> {
  const response = await fetch('/api/voice/speech', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ text }),
    signal,
  });
  if (!response.ok) throw new ApiError(response.status, 'HTTP_ERROR', errorMessage(null));
  return response.blob();
}
