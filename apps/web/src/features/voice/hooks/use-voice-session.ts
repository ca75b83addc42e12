import {
  EMPTY_VOICE_NOTES,
  VOICE_CARD_MESSAGES,
  type VoiceCall,
  type VoiceCallDetail,
  type VoiceNotes,
  type VoiceTurn,
  type VoiceTurnResult,
} from '@notewise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { addVoiceTurn } from '../api/add-voice-turn';
import { discardVoiceCall } from '../api/discard-voice-call';
import { endVoiceCall } from '../api/end-voice-call';
import { fetchVoiceCall } from '../api/get-voice-call';
import { postUtterance } from '../api/post-utterance';
import { voiceKeys } from '../api/query-keys';
import { startVoiceCall } from '../api/start-voice-call';
import { BrowserRecognition } from '../lib/browser-recognition';
import { PRE_ROLL_MS, UTTERANCE_SAMPLE_RATE, WAVEFORM_BARS } from '../lib/constants';
import { rememberLiveCall } from '../lib/live-call-memory';
import { Microphone } from '../lib/microphone';
import { toast } from '../lib/notify';
import type { CaptureMode } from '../lib/pick-mode';
import { speakAnswer, stopSpeaking } from '../lib/speaker';
import { mergeTurns } from '../lib/turns';
import { detectSpeech, IDLE, pushLevel, UtteranceRecorder } from '../lib/utterance-detector';
import { isRecoverable, voiceErrorText } from '../lib/voice-errors';
import { newSession, type Session } from '../lib/voice-session-state';
import { utteranceToWav } from '../lib/wav';

/** offline -> connecting -> live -> ending -> offline (docs/product.md §4); any error goes straight to offline. */
export type VoicePhase = 'offline' | 'connecting' | 'live' | 'ending';

export interface VoiceSessionOptions {
  mode: CaptureMode | null;
  /** The server speaks answers (TTS_BASE_URL); otherwise the browser's speechSynthesis does. */
  ttsServer: boolean;
  /** The call ended: the Save Call Notes dialog takes over. */
  onEnded: (detail: VoiceCallDetail) => void;
}

const silentBars = () => Array<number>(WAVEFORM_BARS).fill(0);

/**
 * One voice call in this tab: the microphone, cutting utterances (or the browser's recognition),
 * posting them, the growing transcript and live notes, spoken answers, and ending or failing.
 */
export function useVoiceSession({ mode, ttsServer, onEnded }: VoiceSessionOptions) {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<VoicePhase>('offline');
  const [call, setCall] = useState<VoiceCall | null>(null);
  const [turns, setTurns] = useState<VoiceTurn[]>([]);
  const [notes, setNotes] = useState<VoiceNotes>(EMPTY_VOICE_NOTES);
  const [micOn, setMicOn] = useState(true);
  const [aiSpeaking, setAiSpeaking] = useState(false);
  const [userSpeaking, setUserSpeaking] = useState(false);
  const [bars, setBars] = useState<number[]>(silentBars);
  const [transcribing, setTranscribing] = useState(0);
  const [interim, setInterim] = useState('');
  const session = useRef<Session | null>(null);
  const latest = useRef({ ttsServer, onEnded });
  latest.current = { ttsServer, onEnded };

  const refreshHistory = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: voiceKeys.calls() }),
    [queryClient],
  );

  /** Stops the microphone, recognition and speech; the call on the server is left as it is. */
  const teardown = useCallback((current: Session) => {
    current.stopped = true;
    current.abort.abort();
    current.microphone?.close();
    current.recognition?.stop();
    current.recorder?.discard();
    stopSpeaking();
    setBars(silentBars());
    setUserSpeaking(false);
    setAiSpeaking(false);
    setInterim('');
  }, []);

  const reset = useCallback(() => {
    session.current = null;
    setCall(null);
    setTurns([]);
    setNotes(EMPTY_VOICE_NOTES);
    setMicOn(true);
    setTranscribing(0);
  }, []);

  /** Any error: back to offline with a toast that says what failed and what to do (issue 10). */
  const fail = useCallback(
    (current: Session, error: unknown) => {
      if (session.current !== current || current.stopped) return;
      console.error('Voice call failed', error);
      teardown(current);
      const callId = current.callId;
      reset();
      setPhase('offline');
      const kept = callId !== null && current.heard > 0;
      toast.error(voiceErrorText(error), {
        description: kept ? 'What was said so far is kept under Recent calls.' : undefined,
      });
      if (callId && !kept) {
        // Nothing was said: no empty row under Recent calls.
        void discardVoiceCall(callId)
          .catch(() => undefined)
          .finally(refreshHistory);
        rememberLiveCall(null);
      } else if (callId) {
        // The transcript so far stays on the server, ended, for Save or Discard from Recent calls.
        void endVoiceCall(callId)
          .catch(() => undefined)
          .finally(refreshHistory);
        rememberLiveCall(null);
      }
    },
    [refreshHistory, reset, teardown],
  );

  const pauseListening = useCallback((current: Session) => {
    current.recorder?.discard();
    current.detector = IDLE;
    current.recognition?.stop();
    setUserSpeaking(false);
  }, []);

  const resumeListening = useCallback((current: Session) => {
    if (current.stopped || !current.micOn || current.aiSpeaking) return;
    current.recognition?.start();
  }, []);

  const applyResult = useCallback(
    (current: Session, result: VoiceTurnResult) => {
      if (session.current !== current) return;
      current.heard += 1;
      setTurns((previous) =>
        mergeTurns(previous, result.answer ? [result.turn, result.answer] : [result.turn]),
      );
      if (result.notes) setNotes(result.notes);
      const answer = result.answer;
      if (!answer || current.stopped) return;
      // 'AI is speaking': the mic level is ignored meanwhile, so the answer is not taken for speech.
      current.aiSpeaking = true;
      setAiSpeaking(true);
      pauseListening(current);
      void speakAnswer(answer.text, latest.current.ttsServer, current.abort.signal).finally(() => {
        current.aiSpeaking = false;
        setAiSpeaking(false);
        resumeListening(current);
      });
    },
    [pauseListening, resumeListening],
  );

  const enqueue = useCallback(
    (current: Session, send: () => Promise<VoiceTurnResult>) => {
      setTranscribing((count) => count + 1);
      current.queue = current.queue.then(async () => {
        try {
          applyResult(current, await send());
        } catch (error) {
          if (current.abort.signal.aborted && current.stopped) return;
          if (isRecoverable(error)) {
            // A cough or a too-long monologue: say so, keep listening.
            if (!(error instanceof Error && /no speech/i.test(error.message))) toast(voiceErrorText(error));
            return;
          }
          fail(current, error);
        } finally {
          setTranscribing((count) => Math.max(0, count - 1));
        }
      });
    },
    [applyResult, fail],
  );

  /** Closes the open utterance and posts it (as 16 kHz mono WAV). */
  const flushUtterance = useCallback(
    (current: Session, silenceMs: number) => {
      const recorder = current.recorder;
      const callId = current.callId;
      if (!recorder || !callId) return;
      const samples = recorder.finish(silenceMs);
      setUserSpeaking(false);
      if (!samples) return;
      const offsetMs = Math.max(0, current.speechStartedAt - PRE_ROLL_MS - current.startedAt);
      const wav = utteranceToWav(samples, recorder.sampleRate, UTTERANCE_SAMPLE_RATE);
      enqueue(current, () => postUtterance(callId, wav, offsetMs));
    },
    [enqueue],
  );

  const onLevel = useCallback(
    (current: Session, level: number, now: number) => {
      if (current.stopped) return;
      const ignoring = current.aiSpeaking || !current.micOn;
      setBars((previous) => pushLevel(previous, ignoring ? 0 : level));
      if (ignoring || current.mode !== 'server' || !current.callId) return;
      const step = detectSpeech(current.detector, level, now);
      current.detector = step.state;
      if (step.event?.type === 'start') {
        current.speechStartedAt = step.event.at;
        current.recorder?.begin();
        setUserSpeaking(true);
      } else if (step.event?.type === 'end') {
        flushUtterance(current, step.event.at - current.speechStartedAt - step.event.speechMs);
      }
    },
    [flushUtterance],
  );

  /** `before`: settles before the call is created (ending this tab's interrupted call first). */
  const start = useCallback(
    async (before?: Promise<unknown>) => {
      if (session.current || !mode) return;
      // Created inside the click, so the browser's autoplay policy lets it run.
      let context: AudioContext;
      try {
        context = new AudioContext();
      } catch (error) {
        console.error('No Web Audio', error);
        toast.error(voiceErrorText(new DOMException('Web Audio is not available', 'NotSupportedError')));
        return;
      }
      const current = newSession(mode);
      session.current = current;
      setPhase('connecting');
      try {
        // The microphone first: a refusal creates no call.
        current.microphone = await Microphone.open(context, {
          onLevel: (level, now) => onLevel(current, level, now),
          onSamples: (samples) => current.recorder?.append(samples),
        });
        if (mode === 'server') current.recorder = new UtteranceRecorder(current.microphone.sampleRate);
        await before?.catch(() => undefined);
        if (current.stopped) return;
        const created = await startVoiceCall(mode);
        if (current.stopped) {
          void endVoiceCall(created.id).catch(() => undefined);
          return;
        }
        current.callId = created.id;
        current.startedAt = performance.now();
        rememberLiveCall(created.id);
        if (mode === 'browser') {
          current.recognition = new BrowserRecognition({
            onFinal: (text, heardAt) => {
              const callId = current.callId;
              if (!callId || current.stopped) return;
              const offsetMs = Math.max(0, Math.round(heardAt - current.startedAt));
              enqueue(current, () => addVoiceTurn(callId, { speaker: 'user', text, offsetMs }));
            },
            onInterim: setInterim,
            onFatal: (error) => fail(current, error),
          });
          current.recognition.start();
        }
        setCall(created);
        setPhase('live');
        refreshHistory();
      } catch (error) {
        if (!current.microphone) void context.close().catch(() => undefined);
        fail(current, error);
        session.current = null;
      }
    },
    [enqueue, fail, mode, onLevel, refreshHistory],
  );

  const toggleMic = useCallback(() => {
    const current = session.current;
    if (!current || current.stopped) return;
    const next = !current.micOn;
    current.micOn = next;
    current.microphone?.setEnabled(next);
    if (next) resumeListening(current);
    else {
      // What was said up to Mic Off is still sent.
      if (current.recorder?.isRecording) flushUtterance(current, 0);
      current.detector = IDLE;
      current.recognition?.stop();
    }
    setMicOn(next);
  }, [flushUtterance, resumeListening]);

  const end = useCallback(async () => {
    const current = session.current;
    if (!current || current.stopped || !current.callId) return;
    const callId = current.callId;
    setPhase('ending');
    if (current.recorder?.isRecording) flushUtterance(current, 0);
    current.microphone?.close();
    current.recognition?.stop();
    stopSpeaking();
    setBars(silentBars());
    // Let the last utterances be transcribed before the call closes.
    await current.queue;
    if (session.current !== current) return;
    teardown(current);
    if (current.heard === 0) {
      // Nothing was said: the call is deleted rather than left as an empty row to save.
      await discardVoiceCall(callId).catch(() => undefined);
      rememberLiveCall(null);
      refreshHistory();
      setPhase('offline');
      reset();
      toast(VOICE_CARD_MESSAGES.nothingSaid);
      return;
    }
    let ended: VoiceCall | null = null;
    try {
      ended = await endVoiceCall(callId);
    } catch (error) {
      console.error('Ending the call failed', error);
      toast.error(VOICE_CARD_MESSAGES.endFailed, { description: voiceErrorText(error) });
    }
    let detail: VoiceCallDetail | null = null;
    try {
      detail = await fetchVoiceCall(callId);
    } catch (error) {
      console.error('Reading the ended call failed', error);
    }
    rememberLiveCall(null);
    refreshHistory();
    setPhase('offline');
    const fallback: VoiceCallDetail = {
      call: ended ?? { ...(call as VoiceCall), status: 'ended', endedAt: new Date().toISOString() },
      turns,
      notes,
    };
    reset();
    latest.current.onEnded(detail ?? fallback);
  }, [call, flushUtterance, notes, refreshHistory, reset, teardown, turns]);

  /** Turns and notes another tab's call (or this one's own echo) pushed over /api/events. */
  const applyEvent = useCallback((callId: string, update: { turn?: VoiceTurn; notes?: VoiceNotes }) => {
    if (session.current?.callId !== callId) return;
    if (update.turn) {
      const turn = update.turn;
      setTurns((previous) => mergeTurns(previous, [turn]));
    }
    if (update.notes) setNotes(update.notes);
  }, []);

  // Leaving the page mid-call: the microphone stops; the call stays on the server for Recent calls.
  useEffect(
    () => () => {
      const current = session.current;
      if (current) teardown(current);
    },
    [teardown],
  );

  return {
    phase,
    call,
    turns,
    notes,
    micOn,
    aiSpeaking,
    userSpeaking,
    bars,
    transcribing,
    interim,
    start,
    end,
    toggleMic,
    applyEvent,
  };
}
