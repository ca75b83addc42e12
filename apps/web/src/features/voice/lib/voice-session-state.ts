import type { BrowserRecognition } from './browser-recognition';
import type { Microphone } from './microphone';
import type { CaptureMode } from './pick-mode';
import { type DetectorState, IDLE, type UtteranceRecorder } from './utterance-detector';

/** One call's mutable state in this tab (held in a ref by useVoiceSession). */
export interface Session {
  mode: CaptureMode;
  callId: string | null;
  /** performance.now() when the call went live: turn offsets count from here. */
  startedAt: number;
  microphone: Microphone | null;
  recognition: BrowserRecognition | null;
  recorder: UtteranceRecorder | null;
  detector: DetectorState;
  speechStartedAt: number;
  micOn: boolean;
  aiSpeaking: boolean;
  stopped: boolean;
  /** Turns stored for this call: a call that failed or ended with none is deleted, not listed. */
  heard: number;
  /** Utterances are posted one after another, so turns and notes arrive in the order spoken. */
  queue: Promise<void>;
  abort: AbortController;
}

export function newSession(mode: CaptureMode): Session {
  return {
    mode,
    callId: null,
    startedAt: performance.now(),
    microphone: null,
    recognition: null,
    recorder: null,
    detector: IDLE,
    speechStartedAt: 0,
    micOn: true,
    aiSpeaking: false,
    stopped: false,
    heard: 0,
    queue: Promise.resolve(),
    abort: new AbortController(),
  };
}
