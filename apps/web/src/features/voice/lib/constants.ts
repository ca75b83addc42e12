/** SPEC 9, Voice: a level above this starts an utterance. */
export const SPEECH_THRESHOLD = 0.01;
/** SPEC 9: an utterance ends this long after the level drops below the threshold. */
export const SPEECH_END_MS = 1_000;
/** SPEC 9: the level at which a waveform bar is full height. */
export const VOLUME_SCALE = 0.15;
/** SPEC 9: how often the microphone level is sampled. */
export const LEVEL_INTERVAL_MS = 100;
/** SPEC 9: bars in the waveform. */
export const WAVEFORM_BARS = 12;
/** What the speech server is sent: 16 kHz mono PCM16 WAV (what Whisper-style servers resample to anyway). */
export const UTTERANCE_SAMPLE_RATE = 16_000;
/** Audio kept from before the level crossed the threshold, so the first syllable is not clipped. */
export const PRE_ROLL_MS = 300;
/** Of the 1 s of silence that ends an utterance, only this much is sent. */
export const SILENCE_TAIL_MS = 300;
/** An utterance shorter than this (a click, a cough) is dropped rather than sent. */
export const MIN_UTTERANCE_MS = 250;
/** A monologue is cut here even without a pause, to stay under the server's duration cap. */
export const MAX_UTTERANCE_MS = 25_000;
