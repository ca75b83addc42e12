import {
  LEVEL_INTERVAL_MS,
  MAX_UTTERANCE_MS,
  MIN_UTTERANCE_MS,
  PRE_ROLL_MS,
  SILENCE_TAIL_MS,
  SOFT_MAX_UTTERANCE_MS,
  SPEECH_THRESHOLD,
  UTTERANCE_PAUSE_MS,
  VOLUME_SCALE,
} from './constants';

/**
 * The level state machine (docs/product.md §4 and §9): a level above the threshold starts speech; the
 * utterance ends UTTERANCE_PAUSE_MS after the level last stayed below it (a short pause, so the
 * transcript follows within seconds). Continuous speech is cut at the first quiet sample after
 * SOFT_MAX_UTTERANCE_MS, and at MAX_UTTERANCE_MS in any case. Pure: time is passed in.
 */
export type DetectorState =
  | { speaking: false }
  | { speaking: true; startedAt: number; quietSince: number | null; loudest: number };

export type DetectorEvent =
  | { type: 'start'; at: number }
  /** `speechMs`: from the start to the moment the level last dropped (the trailing silence excluded). */
  | { type: 'end'; at: number; speechMs: number; reason: 'silence' | 'too-long' };

export const IDLE: DetectorState = { speaking: false };

/**
 * A pause is also a level below this share of the utterance's loudest sample (-20 dB): the browser's
 * automatic gain lifts the background between sentences above the absolute threshold, while the
 * sentences themselves stay far louder.
 */
export const PAUSE_RATIO = 0.1;

export function detectSpeech(
  state: DetectorState,
  level: number,
  now: number,
): { state: DetectorState; event: DetectorEvent | null } {
  if (!state.speaking) {
    return level > SPEECH_THRESHOLD
      ? {
          state: { speaking: true, startedAt: now, quietSince: null, loudest: level },
          event: { type: 'start', at: now },
        }
      : { state, event: null };
  }
  const loud = level > SPEECH_THRESHOLD && level >= state.loudest * PAUSE_RATIO;
  if (level > state.loudest) state = { ...state, loudest: level };
  const elapsed = now - state.startedAt;
  if (elapsed >= MAX_UTTERANCE_MS || (elapsed >= SOFT_MAX_UTTERANCE_MS && !loud)) {
    const speechMs = (state.quietSince ?? now) - state.startedAt;
    return { state: IDLE, event: { type: 'end', at: now, speechMs, reason: 'too-long' } };
  }
  if (loud) return { state: state.quietSince === null ? state : { ...state, quietSince: null }, event: null };
  const quietSince = state.quietSince ?? now;
  // The quiet began up to one sample interval before the first quiet sample: three quiet samples in a
  // row are a 300 ms pause.
  if (now - quietSince + LEVEL_INTERVAL_MS >= UTTERANCE_PAUSE_MS) {
    const speechMs = quietSince - state.startedAt;
    return { state: IDLE, event: { type: 'end', at: now, speechMs, reason: 'silence' } };
  }
  return { state: state.quietSince === null ? { ...state, quietSince } : state, event: null };
}

/** A level as a bar height in [0, 1] (docs/product.md §9 volume scale: a level of 0.15 fills the bar). */
export function barHeight(level: number): number {
  if (!Number.isFinite(level) || level <= 0) return 0;
  return Math.min(1, level / VOLUME_SCALE);
}

/** The waveform's bars: the newest level enters on the right, the oldest leaves on the left. */
export function pushLevel(bars: readonly number[], level: number): number[] {
  return [...bars.slice(1), barHeight(level)];
}

/**
 * Collects microphone samples for utterances: keeps a short pre-roll while nobody speaks, so the first
 * syllable (spoken before the next 100 ms level sample) is not lost; records everything while an
 * utterance is open; on finish, drops most of the trailing silence.
 */
export class UtteranceRecorder {
  private preRoll: Float32Array[] = [];
  private preRollSamples = 0;
  private chunks: Float32Array[] = [];
  private recording = false;

  constructor(readonly sampleRate: number) {}

  get isRecording(): boolean {
    return this.recording;
  }

  append(chunk: Float32Array): void {
    if (this.recording) {
      this.chunks.push(chunk);
      return;
    }
    this.preRoll.push(chunk);
    this.preRollSamples += chunk.length;
    const keep = Math.ceil((PRE_ROLL_MS / 1000) * this.sampleRate);
    while (this.preRoll.length > 1 && this.preRollSamples - (this.preRoll[0]?.length ?? 0) >= keep) {
      this.preRollSamples -= this.preRoll.shift()?.length ?? 0;
    }
  }

  begin(): void {
    if (this.recording) return;
    this.recording = true;
    this.chunks = this.preRoll;
    this.preRoll = [];
    this.preRollSamples = 0;
  }

  /**
   * Closes the utterance. `silenceMs` is how much trailing quiet was recorded (the detector's wait);
   * all but SILENCE_TAIL_MS of it is dropped. Returns null for a blip shorter than MIN_UTTERANCE_MS.
   */
  finish(silenceMs: number): Float32Array | null {
    if (!this.recording) return null;
    this.recording = false;
    const chunks = this.chunks;
    this.chunks = [];
    const total = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
    const drop = Math.max(0, Math.round(((silenceMs - SILENCE_TAIL_MS) / 1000) * this.sampleRate));
    const length = Math.max(0, total - drop);
    if (length < (MIN_UTTERANCE_MS / 1000) * this.sampleRate) return null;
    const samples = new Float32Array(length);
    let offset = 0;
    for (const chunk of chunks) {
      if (offset >= length) break;
      const part = chunk.subarray(0, Math.min(chunk.length, length - offset));
      samples.set(part, offset);
      offset += part.length;
    }
    return samples;
  }

  /** Forgets the open utterance (the AI started speaking, or the call ended). */
  discard(): void {
    this.recording = false;
    this.chunks = [];
    this.preRoll = [];
    this.preRollSamples = 0;
  }
}
