import {
  type AddVoiceTurnBody,
  MAX_VOICE_TURN_TEXT_LENGTH,
  type Note,
  type SaveVoiceCallBody,
  VOICE_ERROR_CODES,
  VOICE_MESSAGES,
  type VoiceCall,
  type VoiceMode,
  type VoiceNotes,
  type VoiceOptions,
  type VoiceTurn,
  type VoiceTurnResult,
} from '@notewise/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { isAddressedQuestion } from '../../engines/ai/heuristics/voice';
import type { VoiceLine } from '../../engines/ai/types';
import { sttOffError, ttsOffError, VoiceError } from '../../engines/speech/errors';
import { createSpeechToText, type SpeechToText } from '../../engines/speech/speech-to-text';
import { synthesizeSpeech } from '../../engines/speech/text-to-speech';
import { checkWav } from '../../engines/speech/wav';
import type { ChangeNotifier } from '../../events/change-notifier';
import { badRequest, notFound } from '../../http/errors';
import type { RateLimiter, RateLimitRule } from '../../rate-limit/rate-limiter';
import type { AiService } from '../ai/ai.service';
import type { NotesRepo } from '../notes/notes.repo';
import type { NotesService } from '../notes/notes.service';
import type { Membership } from '../projects/membership.repo';
import { projectAccessOrThrow } from '../projects/policy';
import type { VoiceRepo } from './voice.repo';
import { callNoteMarkdown } from './voice-note';

/** The live notes are refreshed every this many user turns (and when the call ends). */
export const NOTES_EVERY_USER_TURNS = 3;
/** A live call with no turn for this long is ended when its owner starts a new one (a closed tab). */
export const IDLE_CALL_MS = 5 * 60_000;
/** A discarded call can be restored this long, like a note in Trash; then the hourly purge deletes it. */
export const DISCARD_RETENTION_DAYS = 30;

export interface VoiceDeps {
  config: Config;
  repo: VoiceRepo;
  ai: Pick<AiService, 'provider' | 'inbox'>;
  notes: NotesRepo;
  /** Creates the saved call's note (access, write, change event) as POST /api/notes does. */
  noteService: Pick<NotesService, 'create'>;
  membership: Membership;
  notify: ChangeNotifier;
  rateLimiter: RateLimiter;
  /** Another engine (tests); by default the one STT_BASE_URL configures. */
  stt?: SpeechToText | undefined;
}

/** Deletes the calls discarded more than DISCARD_RETENTION_DAYS before `now`; how many went. */
export function purgeDiscardedCalls(repo: Pick<VoiceRepo, 'purgeDiscarded'>, now = Date.now()) {
  return repo.purgeDiscarded(new Date(now - DISCARD_RETENTION_DAYS * 86_400_000));
}

const utcDay = (at = new Date()) => at.toISOString().slice(0, 10);

export function createVoiceService(deps: VoiceDeps, log?: FastifyBaseLogger) {
  const { config, repo } = deps;
  const limits = config.voice.limits;
  const stt = deps.stt ?? createSpeechToText(config.voice.stt);
  const perMinute: RateLimitRule = { name: 'voice', limit: limits.utterancesPerMinute, windowMs: 60_000 };
  // Spoken answers follow questions, so they get the same budget, counted apart.
  const speechPerMinute: RateLimitRule = { ...perMinute, name: 'voice-speech' };

  const callOf = async (userId: string, callId: string) => {
    const found = await repo.find(userId, callId);
    if (!found) throw notFound(VOICE_MESSAGES.callNotFound);
    return found;
  };
  const liveCallOf = async (userId: string, callId: string) => {
    const found = await callOf(userId, callId);
    if (found.call.status !== 'live') {
      throw new VoiceError(409, VOICE_ERROR_CODES.callNotLive, VOICE_MESSAGES.callNotLive);
    }
    return found;
  };

  const countTurn = async (userId: string, rule: RateLimitRule = perMinute) => {
    const decision = await deps.rateLimiter.consume(rule, userId);
    if (!decision.allowed) {
      throw new VoiceError(429, VOICE_ERROR_CODES.rateLimited, VOICE_MESSAGES.rateLimited);
    }
  };

  const lines = (turns: readonly VoiceTurn[]): VoiceLine[] =>
    turns.map((turn) => ({ speaker: turn.speaker, text: turn.text }));

  const publish = (userId: string, event: Parameters<ChangeNotifier['to']>[1]) =>
    deps.notify.to([userId], event);

  /** New notes from the whole transcript, stored and pushed to the owner's other tabs. */
  const refreshNotes = async (
    userId: string,
    callId: string,
    turns: readonly VoiceTurn[],
  ): Promise<VoiceNotes> => {
    const notes = await deps.ai.provider.voiceNotes(lines(turns));
    const userTurns = turns.filter((turn) => turn.speaker === 'user').length;
    await repo.setNotes(callId, notes, userTurns);
    publish(userId, { type: 'voice.notes', callId, notes });
    return notes;
  };

  /**
   * The one path every turn takes, transcribed or sent as text: stored, pushed to other tabs, then
   * for a user turn notes every few turns and an answer when asked.
   */
  const addTurn = async (
    userId: string,
    callId: string,
    input: Parameters<VoiceRepo['addTurn']>[1],
  ): Promise<VoiceTurnResult> => {
    const turn = await repo.addTurn(callId, input);
    publish(userId, { type: 'voice.turn', callId, turn });
    if (turn.speaker !== 'user') return { turn, notes: null, answer: null };
    const turns = await repo.turns(callId);
    const userTurns = turns.filter((item) => item.speaker === 'user').length;
    let notes: VoiceNotes | null = null;
    if (userTurns % NOTES_EVERY_USER_TURNS === 0) notes = await refreshNotes(userId, callId, turns);
    let answer: VoiceTurn | null = null;
    if (isAddressedQuestion(turn.text)) {
      const current = notes ?? (await deps.ai.provider.voiceNotes(lines(turns)));
      const text = await deps.ai.provider.voiceAnswer(turn.text, lines(turns), current);
      answer = await repo.addTurn(callId, {
        speaker: 'assistant',
        text,
        offsetMs: turn.offsetMs + (turn.durationMs ?? 0) + 1,
        durationMs: null,
      });
      publish(userId, { type: 'voice.turn', callId, turn: answer });
    }
    return { turn, notes, answer };
  };

  /** Live -> ended, with notes covering every turn. */
  const endCall = async (userId: string, callId: string): Promise<VoiceCall> => {
    const found = await callOf(userId, callId);
    if (found.call.status === 'live' && (await repo.end(userId, callId))) {
      const turns = await repo.turns(callId);
      const userTurns = turns.filter((turn) => turn.speaker === 'user').length;
      if (userTurns > found.notesTurnCount) await refreshNotes(userId, callId, turns);
    }
    return (await callOf(userId, callId)).call;
  };

  return {
    stt,

    options(): VoiceOptions {
      return {
        sttServer: stt !== undefined,
        ttsServer: config.voice.tts !== undefined,
        vapi: config.voice.vapi ?? null,
        limits: { ...limits },
      };
    },

    async start(userId: string, mode: VoiceMode): Promise<VoiceCall> {
      if (mode === 'server' && !stt) throw sttOffError();
      if (mode === 'vapi' && !config.voice.vapi) {
        throw badRequest('Vapi is not configured on this server (VAPI_PUBLIC_KEY and VAPI_ASSISTANT_ID).');
      }
      const live = await repo.liveCall(userId);
      if (live && Date.now() - Date.parse(live.lastActivityAt) > IDLE_CALL_MS) {
        // The tab that held it is gone: end it (its transcript stays, to be saved from the history);
        // one where nothing was said is deleted rather than left as an empty row.
        if ((await repo.turns(live.id)).length === 0) await repo.remove(userId, live.id);
        else await endCall(userId, live.id);
      }
      const created = await repo.create(userId, mode);
      if (created === 'active') {
        throw new VoiceError(409, VOICE_ERROR_CODES.callActive, VOICE_MESSAGES.callActive);
      }
      return created;
    },

    list: (userId: string) => repo.list(userId),

    discarded: (userId: string) => repo.list(userId, true),

    async detail(userId: string, callId: string) {
      const found = await callOf(userId, callId);
      return { call: found.call, turns: await repo.turns(callId), notes: found.notes };
    },

    /**
     * One utterance: checked (format, size, length, limits) before anything is sent or stored, then
     * transcribed; the transcript is stored as a user turn. The audio is never stored.
     */
    async utterance(userId: string, callId: string, wav: Buffer, offsetMs: number): Promise<VoiceTurnResult> {
      await liveCallOf(userId, callId);
      const checked = checkWav(wav);
      if (!checked.ok) {
        throw checked.reason === 'empty'
          ? new VoiceError(400, VOICE_ERROR_CODES.audioEmpty, VOICE_MESSAGES.audioEmpty)
          : new VoiceError(400, VOICE_ERROR_CODES.audioInvalid, VOICE_MESSAGES.audioInvalid);
      }
      const { durationMs } = checked.info;
      if (durationMs > limits.maxUtteranceSeconds * 1000) {
        throw new VoiceError(
          413,
          VOICE_ERROR_CODES.audioTooLong,
          VOICE_MESSAGES.audioTooLong(limits.maxUtteranceSeconds),
        );
      }
      if (!stt) throw sttOffError();
      const day = utcDay();
      if ((await repo.audioUsedMs(userId, day)) + durationMs > limits.minutesPerDay * 60_000) {
        throw new VoiceError(429, VOICE_ERROR_CODES.dailyLimit, VOICE_MESSAGES.dailyLimit);
      }
      await countTurn(userId);
      let text: string;
      try {
        text = (await stt.transcribe(wav)).text;
      } catch (error) {
        // The speech server heard the audio (no speech in it): the minutes were spent all the same.
        if (error instanceof VoiceError && error.code === (VOICE_ERROR_CODES.noSpeech as string)) {
          await repo.addAudioUsage(userId, day, durationMs);
        }
        if (!(error instanceof VoiceError)) log?.error({ err: error }, 'transcription failed');
        throw error;
      }
      await repo.addAudioUsage(userId, day, durationMs);
      return addTurn(userId, callId, {
        speaker: 'user',
        text: text.slice(0, MAX_VOICE_TURN_TEXT_LENGTH),
        offsetMs,
        durationMs,
      });
    },

    /** A turn the browser recognised (or Vapi sent) as text. */
    async textTurn(userId: string, callId: string, body: AddVoiceTurnBody): Promise<VoiceTurnResult> {
      await liveCallOf(userId, callId);
      if (body.speaker === 'user') await countTurn(userId);
      return addTurn(userId, callId, { ...body, durationMs: null });
    },

    end: endCall,

    /** Save Call Notes: a normal note in a project the user may add notes to ('Inbox' when none picked). */
    async save(
      userId: string,
      callId: string,
      body: SaveVoiceCallBody,
    ): Promise<{ note: Note; call: VoiceCall }> {
      const found = await callOf(userId, callId);
      if (found.call.status === 'saved') {
        throw new VoiceError(409, VOICE_ERROR_CODES.callSaved, VOICE_MESSAGES.callSaved);
      }
      let projectId: string;
      if (body.projectId) {
        projectId = (
          await projectAccessOrThrow(deps.membership, userId, body.projectId, { action: 'create' })
        ).projectId;
      } else {
        projectId = (await deps.ai.inbox(userId)).id;
      }
      await endCall(userId, callId);
      const { notes } = await callOf(userId, callId);
      const turns = await repo.turns(callId);
      const note = await deps.noteService.create(userId, {
        projectId,
        title: body.title,
        content: callNoteMarkdown(notes, turns),
      });
      if (!(await repo.markSaved(userId, callId, note.id))) {
        // A second Save ran at the same moment and won: this note is a duplicate.
        await deps.notes.delete(note.id);
        throw new VoiceError(409, VOICE_ERROR_CODES.callSaved, VOICE_MESSAGES.callSaved);
      }
      return { note, call: (await callOf(userId, callId)).call };
    },

    /**
     * Discard asks first in the web app and can be undone for DISCARD_RETENTION_DAYS: the call is
     * ended and marked. One where nothing was said is deleted at once (there is nothing to restore).
     */
    async discard(userId: string, callId: string) {
      const found = await callOf(userId, callId);
      if (found.call.status === 'live') await endCall(userId, callId);
      if ((await repo.turns(callId)).length === 0) {
        await repo.remove(userId, callId);
        return;
      }
      if (!(await repo.discard(userId, callId))) throw notFound(VOICE_MESSAGES.callNotFound);
    },

    async restore(userId: string, callId: string): Promise<VoiceCall> {
      if (!(await repo.restore(userId, callId))) throw notFound(VOICE_MESSAGES.callNotFound);
      return (await callOf(userId, callId)).call;
    },

    /** Calls discarded more than DISCARD_RETENTION_DAYS ago go for good. */
    purgeDiscarded: (now = Date.now()) => purgeDiscardedCalls(repo, now),

    async speech(userId: string, text: string, signal?: AbortSignal) {
      if (!config.voice.tts) throw ttsOffError();
      await countTurn(userId, speechPerMinute);
      return synthesizeSpeech(config.voice.tts, text, signal);
    },
  };
}

export type VoiceService = ReturnType<typeof createVoiceService>;
