import {
  VOICE_LEVEL_INTERVAL_MS,
  VOICE_SAMPLE_RATE,
  VOICE_SPEECH_END_MS,
  VOICE_SPEECH_THRESHOLD,
  VOICE_VOLUME_SCALE,
  VOICE_WAVEFORM_BARS,
} from '@notewise/shared';

/** docs/product.md §9, Voice: a level above this starts an utterance. */
export const SPEECH_THRESHOLD = VOICE_SPEECH_THRESHOLD;
/** docs/product.md §4 and §9: the user has stopped talking this long after the level drops. */
export const SPEECH_END_MS = VOICE_SPEECH_END_MS;
/**
 * An utterance is cut (and sent) at a pause this long, well before SPEECH_END_MS, so the transcript
 * follows within a second of each sentence: a pause between sentences (espeak-ng and brisk speakers
 * leave about 300 ms), longer than the gaps between words (under 100 ms).
 */
export const UTTERANCE_PAUSE_MS = 300;
/** docs/product.md §9: the level at which a waveform bar is full height. */
export const VOLUME_SCALE = VOICE_VOLUME_SCALE;
/** docs/product.md §9: how often the microphone level is sampled. */
export const LEVEL_INTERVAL_MS = VOICE_LEVEL_INTERVAL_MS;
/** docs/product.md §9: bars in the waveform. */
export const WAVEFORM_BARS = VOICE_WAVEFORM_BARS;
/** What the speech server is sent: 16 kHz mono PCM16 WAV (what Whisper-style servers resample to anyway). */
export const UTTERANCE_SAMPLE_RATE = VOICE_SAMPLE_RATE;
/** Audio kept from before the level crossed the threshold, so the first syllable is not clipped. */
export const PRE_ROLL_MS = 300;
/** Of the silence that ends an utterance, only this much is sent. */
export const SILENCE_TAIL_MS = 300;
/** An utterance shorter than this (a click, a cough) is dropped rather than sent. */
export const MIN_UTTERANCE_MS = 250;
/**
 * Continuous speech is cut at the first dip in the level after this long (between two words), so a
 * monologue shows up every few seconds rather than as one block at the end.
 */
export const SOFT_MAX_UTTERANCE_MS = 8_000;
/** ...and here whatever the level, well under the server's 30 s duration cap. */
export const MAX_UTTERANCE_MS = 10_000;
