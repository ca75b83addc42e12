import { z } from 'zod';

/** Voice calls: speech-to-text, text-to-speech, hosted Vapi and the per-user limits. */
export const voiceEnv = {
  STT_BASE_URL: z
    .url({
      message: 'must be the base URL of an OpenAI-compatible speech API, like http://localhost:8000/v1',
    })
    .optional()
    .describe(
      'OpenAI-compatible speech-to-text API for the voice assistant (`POST /audio/transcriptions`: OpenAI, Groq, Speaches, whisper.cpp server, LocalAI), like `http://localhost:8000/v1`. Unset: browsers use their own speech recognition where they have it.',
    ),
  STT_API_KEY: z.string().optional().describe('API key sent to `STT_BASE_URL`, if it needs one.'),
  STT_MODEL: z
    .string()
    .min(1)
    .default('whisper-1')
    .describe(
      'Speech-to-text model asked of `STT_BASE_URL` (`whisper-1`, `Systran/faster-whisper-small`...).',
    ),
  STT_LANGUAGE: z
    .string()
    .regex(/^[a-z]{2,3}$/, { message: 'must be an ISO-639-1 language code like en' })
    .optional()
    .describe('Language of the speech (`en`), sent to the speech server. Unset: it detects the language.'),
  STT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(300_000)
    .default(30_000)
    .describe('How long to wait for one transcription, in milliseconds.'),
  TTS_BASE_URL: z
    .url({
      message: 'must be the base URL of an OpenAI-compatible speech API, like http://localhost:8000/v1',
    })
    .optional()
    .describe(
      "OpenAI-compatible text-to-speech API (`POST /audio/speech`) for the assistant's spoken answers. Unset: the browser speaks them (speechSynthesis).",
    ),
  TTS_API_KEY: z.string().optional().describe('API key sent to `TTS_BASE_URL`, if it needs one.'),
  TTS_MODEL: z.string().min(1).default('tts-1').describe('Text-to-speech model asked of `TTS_BASE_URL`.'),
  TTS_VOICE: z.string().min(1).default('alloy').describe('Voice asked of `TTS_BASE_URL`.'),
  VAPI_PUBLIC_KEY: z
    .string()
    .min(1)
    .optional()
    .describe(
      'With `VAPI_ASSISTANT_ID`: the voice card uses the hosted Vapi service instead (audio goes to Vapi); the CSP then allows its origins.',
    ),
  VAPI_ASSISTANT_ID: z.string().min(1).optional().describe('The Vapi assistant the card calls.'),
  VOICE_MAX_UTTERANCE_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(25 * 1024 * 1024)
    .default(2 * 1024 * 1024)
    .describe('Largest utterance (WAV) the server accepts, in bytes.'),
  VOICE_MAX_UTTERANCE_SECONDS: z.coerce
    .number()
    .min(1)
    .max(600)
    .default(30)
    .describe('Longest utterance the server accepts, in seconds.'),
  VOICE_UTTERANCES_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .default(30)
    .describe('Voice turns (utterances or recognised sentences) allowed per user per minute.'),
  VOICE_MINUTES_PER_DAY: z.coerce
    .number()
    .min(1)
    .max(1440)
    .default(120)
    .describe('Minutes of audio the server transcribes per user per day (UTC).'),
};
