import { useCallback, useRef, useState } from 'react';
import { addVoiceTurn } from '../api/add-voice-turn';
import { postUtterance } from '../api/post-utterance';
import { BrowserRecognition } from '../lib/browser-recognition';
import { PRE_ROLL_MS, UTTERANCE_SAMPLE_RATE, WAVEFORM_BARS } from '../lib/constants';
import { detectSpeech, IDLE, pushLevel } from '../lib/utterance-detector';
import type { Session } from '../lib/voice-session-state';
import { utteranceToWav } from '../lib/wav';
import type { SendTurn } from './use-turn-queue';

const silentBars = () => Array<number>(WAVEFORM_BARS).fill(0);

/**
 * Where the user's turns come from: the microphone's level (the waveform bars) and, in server mode,
 * utterances cut at each pause and posted as 16 kHz mono WAV; in browser mode, the browser's own
 * recognition with its interim text. Both pause while an answer is spoken.
 */
export function useListening(enqueue: (current: Session, send: SendTurn) => void) {
  const [bars, setBars] = useState<number[]>(silentBars);
  const [userSpeaking, setUserSpeaking] = useState(false);
  const [interim, setInterim] = useState('');
  const post = useRef(enqueue);
  post.current = enqueue;

  /** Closes the open utterance and posts it. */
  const flushUtterance = useCallback((current: Session, silenceMs: number) => {
    const recorder = current.recorder;
    const callId = current.callId;
    if (!recorder || !callId) return;
    const samples = recorder.finish(silenceMs);
    setUserSpeaking(false);
    if (!samples) return;
    const offsetMs = Math.max(0, current.speechStartedAt - PRE_ROLL_MS - current.startedAt);
    const wav = utteranceToWav(samples, recorder.sampleRate, UTTERANCE_SAMPLE_RATE);
    post.current(current, () => postUtterance(callId, wav, offsetMs));
  }, []);

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

  /** Browser mode: each final result is the user's turn, timed from the call's start. */
  const startRecognition = useCallback((current: Session, onFatal: (error: unknown) => void) => {
    current.recognition = new BrowserRecognition({
      onFinal: (text, heardAt) => {
        const callId = current.callId;
        if (!callId || current.stopped) return;
        const offsetMs = Math.max(0, Math.round(heardAt - current.startedAt));
        post.current(current, () => addVoiceTurn(callId, { speaker: 'user', text, offsetMs }));
      },
      onInterim: setInterim,
      onFatal,
    });
    current.recognition.start();
  }, []);

  const pause = useCallback((current: Session) => {
    current.recorder?.discard();
    current.detector = IDLE;
    current.recognition?.stop();
    setUserSpeaking(false);
  }, []);

  const resume = useCallback((current: Session) => {
    if (current.stopped || !current.micOn || current.aiSpeaking) return;
    current.recognition?.start();
  }, []);

  /** Mic Off: what was said up to now is still sent, then nothing is heard. */
  const mute = useCallback(
    (current: Session) => {
      if (current.recorder?.isRecording) flushUtterance(current, 0);
      current.detector = IDLE;
      current.recognition?.stop();
    },
    [flushUtterance],
  );

  const flatBars = useCallback(() => setBars(silentBars()), []);

  /** The call stopped: flat bars, no one speaking, no interim text. */
  const quiet = useCallback(() => {
    setBars(silentBars());
    setUserSpeaking(false);
    setInterim('');
  }, []);

  return {
    bars,
    userSpeaking,
    interim,
    onLevel,
    flushUtterance,
    startRecognition,
    pause,
    resume,
    mute,
    flatBars,
    quiet,
  };
}
