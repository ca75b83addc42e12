import { z } from 'zod';
import { noteSchema, noteTitleSchema } from './notes.schema';
import type { ChangeEvent } from './shared-projects.schema';
import { stripUnsafeLine } from './text';
import { VOICE_MESSAGES } from './voice-messages';

/**
 * The voice assistant's API contract (docs/decisions/020-voice-pipeline.md). The browser cuts
 * utterances with a level detector and posts each one as 16 kHz mono 16-bit PCM WAV; the server
 * transcribes it on an OpenAI-compatible speech server, stores the turn and refreshes the notes.
 */

/** How the browser captures speech: server STT (our pipeline), the browser's own recognition, or Vapi. */
export const VOICE_MODES = ['server', 'browser', 'vapi'] as const;
export type VoiceMode = (typeof VOICE_MODES)[number];

export const VOICE_CALL_STATUSES = ['live', 'ended', 'saved'] as const;
export type VoiceCallStatus = (typeof VOICE_CALL_STATUSES)[number];

export const VOICE_SPEAKERS = ['user', 'assistant'] as const;
export type VoiceSpeaker = (typeof VOICE_SPEAKERS)[number];

/** docs/product.md §9 voice constants the web's card relies on. */
export const VOICE_SPEECH_THRESHOLD = 0.01;
export const VOICE_VOLUME_SCALE = 0.15;
export const VOICE_LEVEL_INTERVAL_MS = 100;
/** docs/product.md §4: speech ends 1 s after the level drops below the threshold. */
export const VOICE_SPEECH_END_MS = 1_000;
export const VOICE_WAVEFORM_BARS = 12;
export const VOICE_TRANSCRIPT_LANGUAGE = 'en-US';
/** docs/product.md §9: the loading indicator's refresh prompt while voice is connecting. */
export const VOICE_CONNECTING_REFRESH_MS = 10_000;
/** docs/product.md §9: the voice list's previews. */
export const VOICE_PREVIEW_LENGTH = 60;
/** GET /api/voice/calls returns the newest this many. */
export const VOICE_HISTORY_LIMIT = 20;

/** The only audio the utterance route accepts: RIFF/WAVE, PCM (format 1), this rate, mono, 16-bit. */
export const VOICE_WAV_CONTENT_TYPE = 'audio/wav';
export const VOICE_SAMPLE_RATE = 16_000;
export const VOICE_CHANNELS = 1;
export const VOICE_BITS_PER_SAMPLE = 16;

/** Longest text of one turn (a browser-recognised or Vapi turn, or a transcript). */
export const MAX_VOICE_TURN_TEXT_LENGTH = 4_000;
/** Longest text the TTS proxy speaks (answers are short). */
export const MAX_VOICE_SPEECH_TEXT_LENGTH = 1_000;
/** A call lasts at most a day; offsets beyond are not ours. */
export const MAX_VOICE_OFFSET_MS = 86_400_000;

/** Error codes of the voice routes, beside the general ERROR_CODES (same `{ error: { code, message } }`). */
export const VOICE_ERROR_CODES = {
  /** 409: the user already has a live call. */
  callActive: 'VOICE_CALL_ACTIVE',
  /** 409: the call has ended (or was saved): no more turns, no second save. */
  callNotLive: 'VOICE_CALL_NOT_LIVE',
  /** 409: the call was saved already (a second Save would make a second note). */
  callSaved: 'VOICE_CALL_SAVED',
  /** 400: the utterance body is empty. */
  audioEmpty: 'VOICE_AUDIO_EMPTY',
  /** 400: not a RIFF/WAVE PCM file in the accepted format. */
  audioInvalid: 'VOICE_AUDIO_INVALID',
  /** 413: over VOICE_MAX_UTTERANCE_BYTES. */
  audioTooLarge: 'VOICE_AUDIO_TOO_LARGE',
  /** 413: longer than VOICE_MAX_UTTERANCE_SECONDS. */
  audioTooLong: 'VOICE_AUDIO_TOO_LONG',
  /** 415: the utterance was not sent as audio/wav. */
  contentType: 'VOICE_CONTENT_TYPE',
  /** 429: utterances per minute or minutes per day used up. */
  rateLimited: 'VOICE_RATE_LIMITED',
  dailyLimit: 'VOICE_DAILY_LIMIT',
  /** 422 (like AI_MODEL_REQUIRED): no STT_BASE_URL on this server; use browser recognition or Vapi. */
  sttOff: 'VOICE_STT_OFF',
  /** 502: the speech server refused the connection or did not answer in time. */
  sttUnreachable: 'VOICE_STT_UNREACHABLE',
  /** 503: the speech server answered 429 or 5xx. */
  sttBusy: 'VOICE_STT_BUSY',
  /** 502: the speech server answered, but not with a transcript (bad key, unknown model...). */
  sttFailed: 'VOICE_STT_FAILED',
  /** 422: the speech server refused this audio (4xx) or heard no words in it. */
  noSpeech: 'VOICE_NO_SPEECH',
  /** 404: no TTS_BASE_URL on this server; the browser speaks with speechSynthesis. */
  ttsOff: 'VOICE_TTS_OFF',
  /** 502: the TTS server is unreachable or failed. */
  ttsFailed: 'VOICE_TTS_FAILED',
} as const;
export type VoiceErrorCode = (typeof VOICE_ERROR_CODES)[keyof typeof VOICE_ERROR_CODES];

export const voiceTurnSchema = z.object({
  id: z.string(),
  speaker: z.enum(VOICE_SPEAKERS),
  text: z.string(),
  /** Milliseconds since the call started (the transcript's mm:ss). */
  offsetMs: z.number().int(),
  durationMs: z.number().int().nullable(),
  createdAt: z.string(),
});
export type VoiceTurn = z.infer<typeof voiceTurnSchema>;

export const voiceNotesSchema = z.object({
  summary: z.string(),
  decisions: z.array(z.string()),
  actionItems: z.array(z.string()),
});
export type VoiceNotes = z.infer<typeof voiceNotesSchema>;

export const EMPTY_VOICE_NOTES: VoiceNotes = { summary: '', decisions: [], actionItems: [] };

export const voiceCallSchema = z.object({
  id: z.string(),
  status: z.enum(VOICE_CALL_STATUSES),
  mode: z.enum(VOICE_MODES),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  /** The note Save created (status saved). */
  noteId: z.string().nullable(),
});
export type VoiceCall = z.infer<typeof voiceCallSchema>;

export const voiceCallSummarySchema = voiceCallSchema.extend({
  /** The transcript's first VOICE_PREVIEW_LENGTH characters (docs/product.md §9). */
  preview: z.string(),
  turnCount: z.number().int(),
});
export type VoiceCallSummary = z.infer<typeof voiceCallSummarySchema>;

/** GET /api/voice/options: what this server offers, so the card picks a mode. */
export const voiceOptionsSchema = z.object({
  /** STT_BASE_URL is set: utterances go to POST /api/voice/calls/:id/utterances. */
  sttServer: z.boolean(),
  /** TTS_BASE_URL is set: answers can be spoken through POST /api/voice/speech. */
  ttsServer: z.boolean(),
  vapi: z.object({ publicKey: z.string(), assistantId: z.string() }).nullable(),
  limits: z.object({
    maxUtteranceBytes: z.number().int(),
    maxUtteranceSeconds: z.number(),
    utterancesPerMinute: z.number().int(),
    minutesPerDay: z.number(),
  }),
});
export type VoiceOptions = z.infer<typeof voiceOptionsSchema>;

/** POST /api/voice/calls */
export const createVoiceCallBodySchema = z.strictObject({ mode: z.enum(VOICE_MODES) });
export type CreateVoiceCallBody = z.infer<typeof createVoiceCallBodySchema>;

/** POST /api/voice/calls, POST /api/voice/calls/:id/end */
export const voiceCallResponseSchema = z.object({ call: voiceCallSchema });

/**
 * GET /api/voice/calls: newest first, the last VOICE_HISTORY_LIMIT; `discarded`: the calls discarded
 * in the last 30 days (restorable), newest discard first.
 */
export const voiceCallListSchema = z.object({
  calls: z.array(voiceCallSummarySchema),
  discarded: z.array(voiceCallSummarySchema),
});
export type VoiceCallList = z.infer<typeof voiceCallListSchema>;

/** GET /api/voice/calls/:id */
export const voiceCallDetailSchema = z.object({
  call: voiceCallSchema,
  turns: z.array(voiceTurnSchema),
  notes: voiceNotesSchema,
});
export type VoiceCallDetail = z.infer<typeof voiceCallDetailSchema>;

export const voiceCallParamsSchema = z.strictObject({ id: z.string().min(1).max(64) });

const offsetMsSchema = z.coerce
  .number({ message: VOICE_MESSAGES.offsetInvalid })
  .int({ message: VOICE_MESSAGES.offsetInvalid })
  .min(0, { message: VOICE_MESSAGES.offsetInvalid })
  .max(MAX_VOICE_OFFSET_MS, { message: VOICE_MESSAGES.offsetInvalid });

/** POST /api/voice/calls/:id/utterances?offsetMs=N (body: raw audio/wav). */
export const voiceUtteranceQuerySchema = z.strictObject({ offsetMs: offsetMsSchema.default(0) });

/** POST /api/voice/calls/:id/turns: a transcript the browser (SpeechRecognition) or Vapi produced. */
export const addVoiceTurnBodySchema = z.strictObject({
  speaker: z.enum(VOICE_SPEAKERS),
  text: z
    .string({ message: VOICE_MESSAGES.turnTextRequired })
    .overwrite((text) => stripUnsafeLine(text))
    .trim()
    .min(1, { message: VOICE_MESSAGES.turnTextRequired })
    .max(MAX_VOICE_TURN_TEXT_LENGTH, { message: VOICE_MESSAGES.turnTextTooLong }),
  offsetMs: offsetMsSchema,
});
export type AddVoiceTurnBody = z.infer<typeof addVoiceTurnBodySchema>;

/** 201 of the utterance and turn routes. */
export const voiceTurnResultSchema = z.object({
  turn: voiceTurnSchema,
  /** The refreshed notes when this turn refreshed them (every few user turns), else null. */
  notes: voiceNotesSchema.nullable(),
  /** The assistant's short answer when the turn addressed it with a question (also stored as a turn). */
  answer: voiceTurnSchema.nullable(),
});
export type VoiceTurnResult = z.infer<typeof voiceTurnResultSchema>;

/** POST /api/voice/calls/:id/save: a normal note; projectId null files it in 'Inbox'. */
export const saveVoiceCallBodySchema = z.strictObject({
  title: noteTitleSchema,
  projectId: z.string().min(1).max(64).nullable(),
});
export type SaveVoiceCallBody = z.infer<typeof saveVoiceCallBodySchema>;

export const saveVoiceCallResponseSchema = z.object({ note: noteSchema, call: voiceCallSchema });
export type SaveVoiceCallResponse = z.infer<typeof saveVoiceCallResponseSchema>;

/** POST /api/voice/speech: answered with the TTS server's audio bytes (audio/mpeg unless it says otherwise). */
export const voiceSpeechBodySchema = z.strictObject({
  text: z
    .string({ message: VOICE_MESSAGES.speechTextRequired })
    .trim()
    .min(1, { message: VOICE_MESSAGES.speechTextRequired })
    .max(MAX_VOICE_SPEECH_TEXT_LENGTH, { message: VOICE_MESSAGES.speechTextTooLong }),
});
export type VoiceSpeechBody = z.infer<typeof voiceSpeechBodySchema>;

/** Events on /api/events for the call owner's other tabs. */
export const voiceTurnEventSchema = z.object({
  type: z.literal('voice.turn'),
  callId: z.string(),
  turn: voiceTurnSchema,
});
export const voiceNotesEventSchema = z.object({
  type: z.literal('voice.notes'),
  callId: z.string(),
  notes: voiceNotesSchema,
});
export const voiceEventSchema = z.discriminatedUnion('type', [voiceTurnEventSchema, voiceNotesEventSchema]);
export type VoiceEvent = z.infer<typeof voiceEventSchema>;
export const VOICE_EVENT_TYPES = ['voice.turn', 'voice.notes'] as const;

/** Everything /api/events sends besides 'ready': the change events and the voice events. */
export type RealtimeEvent = ChangeEvent | VoiceEvent;
