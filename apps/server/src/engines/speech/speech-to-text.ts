import { VOICE_ERROR_CODES, VOICE_MESSAGES, VOICE_WAV_CONTENT_TYPE } from '@notewise/shared';
import type { VoiceConfig } from '../../config';
import { noSpeechError, sttFailedError, sttUnreachableError, VoiceError } from './errors';

export interface Transcript {
  text: string;
}

/**
 * A speech-to-text engine. One implementation today (any OpenAI-compatible /audio/transcriptions
 * server); the browser's own recognition and Vapi never reach the server as audio. A failure is
 * thrown as a VoiceError (502/503 when the server is down or failing, 422 when it refused the audio).
 */
export interface SpeechToText {
  readonly kind: 'openai-compatible';
  readonly baseUrl: string;
  readonly model: string;
  transcribe(wav: Buffer, options?: { signal?: AbortSignal | undefined }): Promise<Transcript>;
}

export type SttConfig = NonNullable<VoiceConfig['stt']>;

/** The speech server when STT_BASE_URL is set; undefined otherwise (the card uses the browser). */
export function createSpeechToText(config: VoiceConfig['stt']): SpeechToText | undefined {
  return config ? createOpenAICompatibleSpeechToText(config) : undefined;
}

/** The error message an OpenAI-style server put in its body ({ error: { message } } or { detail }). */
export async function serverMessage(response: Response): Promise<string> {
  const raw = await response.text().catch(() => '');
  try {
    const body = JSON.parse(raw) as {
      error?: { message?: unknown } | string;
      detail?: unknown;
      message?: unknown;
    };
    const candidate =
      typeof body.error === 'object' ? body.error?.message : (body.error ?? body.detail ?? body.message);
    if (typeof candidate === 'string') return clip(candidate);
  } catch {
    // Not JSON: the text itself.
  }
  return clip(raw);
}

function clip(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 200);
}

/**
 * POST {STT_BASE_URL}/audio/transcriptions as multipart form data: `file` (the WAV), `model`,
 * `response_format=json` and `language` when set; the answer's `text` is the transcript. No SDK:
 * fetch and FormData are enough, and Groq, Speaches, whisper.cpp's server and LocalAI all accept it.
 */
export function createOpenAICompatibleSpeechToText(config: SttConfig): SpeechToText {
  const url = `${config.baseUrl}/audio/transcriptions`;
  return {
    kind: 'openai-compatible',
    baseUrl: config.baseUrl,
    model: config.model,
    async transcribe(wav, options = {}) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(wav)], { type: VOICE_WAV_CONTENT_TYPE }), 'utterance.wav');
      form.append('model', config.model);
      form.append('response_format', 'json');
      if (config.language) form.append('language', config.language);
      const timeout = AbortSignal.timeout(config.timeoutMs);
      const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          body: form,
          signal,
          headers: config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {},
        });
      } catch (error) {
        if (timeout.aborted) {
          throw new VoiceError(
            502,
            VOICE_ERROR_CODES.sttUnreachable,
            VOICE_MESSAGES.sttTimeout(config.baseUrl, Math.round(config.timeoutMs / 1000)),
          );
        }
        if (options.signal?.aborted) throw error;
        throw sttUnreachableError(config.baseUrl);
      }
      if (response.status === 429 || response.status >= 500) {
        await response.body?.cancel().catch(() => {});
        throw new VoiceError(
          503,
          VOICE_ERROR_CODES.sttBusy,
          VOICE_MESSAGES.sttBusy(config.baseUrl, response.status),
        );
      }
      if (response.status === 401 || response.status === 403) {
        await response.body?.cancel().catch(() => {});
        throw sttFailedError(
          `The speech server refused the request (HTTP ${response.status}): check STT_API_KEY.`,
        );
      }
      if (response.status === 404) {
        await response.body?.cancel().catch(() => {});
        throw sttFailedError(
          `The speech server does not know this model or address (HTTP 404): check STT_MODEL ("${config.model}") and STT_BASE_URL.`,
        );
      }
      if (!response.ok) {
        // 400/415/422: the server looked at the audio and would not transcribe it (no speech, bad file).
        const detail = await serverMessage(response);
        throw noSpeechError(
          detail
            ? `The speech server could not transcribe this recording: ${detail}`
            : VOICE_MESSAGES.noSpeech,
        );
      }
      const raw = await response.text().catch(() => '');
      let text: unknown;
      try {
        text = (JSON.parse(raw) as { text?: unknown }).text;
      } catch {
        // A server that ignores response_format and answers plain text.
        text = response.headers.get('content-type')?.startsWith('text/plain') ? raw : undefined;
      }
      if (typeof text !== 'string') throw sttFailedError('The speech server answered without a transcript.');
      const clean = text.replace(/\s+/g, ' ').trim();
      if (!clean) throw noSpeechError();
      return { text: clean };
    },
  };
}
