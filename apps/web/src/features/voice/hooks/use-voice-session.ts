import {
  VOICE_CARD_MESSAGES,
  type VoiceCall,
  type VoiceCallDetail,
  type VoiceNotes,
  type VoiceTurn,
  type VoiceTurnResult,
} from '@notewise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { discardVoiceCall } from '../api/discard-voice-call';
import { endVoiceCall } from '../api/end-voice-call';
import { fetchVoiceCall } from '../api/get-voice-call';
import { voiceKeys } from '../api/query-keys';
import { startVoiceCall } from '../api/start-voice-call';
import { rememberLiveCall } from '../lib/live-call-memory';
import { Microphone } from '../lib/microphone';
import { toast } from '../lib/notify';
import type { CaptureMode } from '../lib/pick-mode';
import { speakAnswer, stopSpeaking } from '../lib/speaker';
import { UtteranceRecorder } from '../lib/utterance-detector';
import { voiceErrorText } from '../lib/voice-errors';
import { newSession, type Session } from '../lib/voice-session-state';
import { useListening } from './use-listening';
import { useLiveTranscript } from './use-live-transcript';
import { useTurnQueue } from './use-turn-queue';

/** offline -> connecting -> live -> ending -> offline (docs/product.md §4); any error goes straight to offline. */
export type VoicePhase = 'offline' | 'connecting' | 'live' | 'ending';

export interface VoiceSessionOptions {
  mode: CaptureMode | null;
  /** The server speaks answers (TTS_BASE_URL); otherwise the browser's speechSynthesis does. */
  ttsServer: boolean;
  /** The call ended: the Save Call Notes dialog takes over. */
  onEnded: (detail: VoiceCallDetail) => void;
}

/**
 * One voice call in this tab, from start to end or failure. Where the turns come from is
 * useListening's, posting them in order useTurnQueue's, the transcript and notes useLiveTranscript's;
 * this hook owns the call itself (phase, the call row, Mic On/Off, spoken answers) and the server
 * calls that open and close it.
 */
export function useVoiceSession({ mode, ttsServer, onEnded }: VoiceSessionOptions) {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<VoicePhase>('offline');
  const [call, setCall] = useState<VoiceCall | null>(null);
  const [micOn, setMicOn] = useState(true);
  const [aiSpeaking, setAiSpeaking] = useState(false);
  const session = useRef<Session | null>(null);
  const latest = useRef({ ttsServer, onEnded });
  latest.current = { ttsServer, onEnded };

  const transcript = useLiveTranscript();
  // The queue reports to handlers declared below; it reads them when a turn settles, not now.
  const queue = useTurnQueue(
    (current, result) => applyResult(current, result),
    (current, error) => fail(current, error),
  );
  const listening = useListening(queue.enqueue);
  const { clear: clearTranscript } = transcript;
  const { clearTranscribing } = queue;
  const { quiet, pause, resume } = listening;

  const refreshHistory = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: voiceKeys.calls() }),
    [queryClient],
  );

  /** Stops the microphone, recognition and speech; the call on the server is left as it is. */
  const teardown = useCallback(
    (current: Session) => {
      current.stopped = true;
      current.abort.abort();
      current.microphone?.close();
      current.recognition?.stop();
      current.recorder?.discard();
      stopSpeaking();
      quiet();
      setAiSpeaking(false);
    },
    [quiet],
  );

  const reset = useCallback(() => {
    session.current = null;
    setCall(null);
    clearTranscript();
    setMicOn(true);
    clearTranscribing();
  }, [clearTranscript, clearTranscribing]);

  /** Any error: back to offline with a toast that says what failed and what to do. */
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

  const applyResult = useCallback(
    (current: Session, result: VoiceTurnResult) => {
      if (session.current !== current) return;
      current.heard += 1;
      transcript.add(result.answer ? [result.turn, result.answer] : [result.turn], result.notes);
      const answer = result.answer;
      if (!answer || current.stopped) return;
      // 'AI is speaking': the mic level is ignored meanwhile, so the answer is not taken for speech.
      current.aiSpeaking = true;
      setAiSpeaking(true);
      pause(current);
      void speakAnswer(answer.text, latest.current.ttsServer, current.abort.signal).finally(() => {
        current.aiSpeaking = false;
        setAiSpeaking(false);
        resume(current);
      });
    },
    [pause, resume, transcript.add],
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
          onLevel: (level, now) => listening.onLevel(current, level, now),
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
        if (mode === 'browser') listening.startRecognition(current, (error) => fail(current, error));
        setCall(created);
        setPhase('live');
        refreshHistory();
      } catch (error) {
        if (!current.microphone) void context.close().catch(() => undefined);
        fail(current, error);
        session.current = null;
      }
    },
    [fail, listening.onLevel, listening.startRecognition, mode, refreshHistory],
  );

  const toggleMic = useCallback(() => {
    const current = session.current;
    if (!current || current.stopped) return;
    const next = !current.micOn;
    current.micOn = next;
    current.microphone?.setEnabled(next);
    if (next) resume(current);
    else listening.mute(current);
    setMicOn(next);
  }, [listening.mute, resume]);

  const end = useCallback(async () => {
    const current = session.current;
    if (!current || current.stopped || !current.callId) return;
    const callId = current.callId;
    setPhase('ending');
    if (current.recorder?.isRecording) listening.flushUtterance(current, 0);
    current.microphone?.close();
    current.recognition?.stop();
    stopSpeaking();
    listening.flatBars();
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
      turns: transcript.turns,
      notes: transcript.notes,
    };
    reset();
    latest.current.onEnded(detail ?? fallback);
  }, [
    call,
    listening.flatBars,
    listening.flushUtterance,
    refreshHistory,
    reset,
    teardown,
    transcript.notes,
    transcript.turns,
  ]);

  /** Turns and notes another tab's call (or this one's own echo) pushed over /api/events. */
  const applyEvent = useCallback(
    (callId: string, update: { turn?: VoiceTurn; notes?: VoiceNotes }) => {
      if (session.current?.callId !== callId) return;
      transcript.add(update.turn ? [update.turn] : [], update.notes);
    },
    [transcript.add],
  );

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
    turns: transcript.turns,
    notes: transcript.notes,
    micOn,
    aiSpeaking,
    userSpeaking: listening.userSpeaking,
    bars: listening.bars,
    transcribing: queue.transcribing,
    interim: listening.interim,
    start,
    end,
    toggleMic,
    applyEvent,
  };
}
