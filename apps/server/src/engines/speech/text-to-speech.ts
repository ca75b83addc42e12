import type { VoiceConfig } from '../../config';
import { ttsFailedError } from './errors';
import { serverMessage } from './speech-to-text';

export type TtsConfig = NonNullable<VoiceConfig['tts']>;

/** How long the proxy waits for the speech server's first byte. */
const TTS_TIMEOUT_MS = 30_000;

export interface SpeechAudio {
  contentType: string;
  body: ReadableStream<Uint8Array>;
}

/**
 * POST {TTS_BASE_URL}/audio/speech ({ model, voice, input, response_format: 'mp3' }), OpenAI's
 * protocol (Speaches, LocalAI, Kokoro-FastAPI and OpenAI speak it). The audio is streamed through.
 */
export async function synthesizeSpeech(
  config: TtsConfig,
  text: string,
  signal?: AbortSignal,
): Promise<SpeechAudio> {
  const timeout = AbortSignal.timeout(TTS_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(`${config.baseUrl}/audio/speech`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
      },
      body: JSON.stringify({ model: config.model, voice: config.voice, input: text, response_format: 'mp3' }),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch {
    throw ttsFailedError(`The text-to-speech server at ${config.baseUrl} is not reachable.`);
  }
  if (!response.ok || !response.body) {
    const detail = await serverMessage(response);
    throw ttsFailedError(
      `The text-to-speech server failed (HTTP ${response.status})${detail ? `: ${detail}` : '.'}`,
    );
  }
  return { contentType: response.headers.get('content-type') ?? 'audio/mpeg', body: response.body };
}
