import { describe, expect, it } from 'vitest';
import {
  LEVEL_INTERVAL_MS,
  MAX_UTTERANCE_MS,
  SOFT_MAX_UTTERANCE_MS,
  SPEECH_END_MS,
  UTTERANCE_PAUSE_MS,
  WAVEFORM_BARS,
} from './constants';
import {
  barHeight,
  type DetectorEvent,
  type DetectorState,
  detectSpeech,
  IDLE,
  pushLevel,
  UtteranceRecorder,
} from './utterance-detector';

/** Feeds one level per 100 ms tick and collects the events. */
function run(levels: number[], start: DetectorState = IDLE) {
  let state = start;
  const events: DetectorEvent[] = [];
  levels.forEach((level, tick) => {
    const step = detectSpeech(state, level, tick * LEVEL_INTERVAL_MS);
    state = step.state;
    if (step.event) events.push(step.event);
  });
  return { state, events };
}

const quiet = (ticks: number) => Array<number>(ticks).fill(0.002);
const loud = (ticks: number) => Array<number>(ticks).fill(0.05);

describe('speech detection', () => {
  it('starts above 0.01 and not at or below it', () => {
    expect(run([0.01, 0.005, 0]).events).toEqual([]);
    expect(run([0.0101]).events).toEqual([{ type: 'start', at: 0 }]);
  });

  it('ends at a 300 ms pause (three quiet samples), not at a shorter one', () => {
    expect(UTTERANCE_PAUSE_MS).toBeGreaterThanOrEqual(300);
    expect(UTTERANCE_PAUSE_MS).toBeLessThanOrEqual(500);
    const samples = UTTERANCE_PAUSE_MS / LEVEL_INTERVAL_MS;
    const almost = run([...loud(5), ...quiet(samples - 1)]);
    expect(almost.events.map((event) => event.type)).toEqual(['start']);
    expect(almost.state.speaking).toBe(true);

    const done = run([...loud(5), ...quiet(samples)]);
    expect(done.events).toEqual([
      { type: 'start', at: 0 },
      { type: 'end', at: 700, speechMs: 500, reason: 'silence' },
    ]);
    expect(done.state).toEqual(IDLE);
  });

  it('keeps one utterance across the short gaps between words', () => {
    const { events } = run([...loud(3), ...quiet(1), ...loud(3), ...quiet(2), ...loud(2), ...quiet(3)]);
    expect(events.map((event) => event.type)).toEqual(['start', 'end']);
    expect(events[1]).toMatchObject({ speechMs: 1100 });
  });

  it('hears a pause the microphone gain lifted above the threshold (a tenth of the speech level)', () => {
    const speech = Array<number>(10).fill(0.3);
    const lifted = Array<number>(3).fill(0.02);
    const { events } = run([...speech, ...lifted, ...speech, ...lifted]);
    expect(events.map((event) => event.type)).toEqual(['start', 'end', 'start', 'end']);
    // Quieter syllables within a sentence are not a pause.
    const { events: one } = run([...speech, 0.05, 0.05, 0.05, ...speech]);
    expect(one.map((event) => event.type)).toEqual(['start']);
  });

  it('cuts two sentences separated by a 300 ms pause into two utterances', () => {
    const { events } = run([...loud(15), ...quiet(3), ...loud(10), ...quiet(3)]);
    expect(events.map((event) => event.type)).toEqual(['start', 'end', 'start', 'end']);
  });

  it('cuts continuous speech at the first dip after 8 s, and at 10 s without one', () => {
    // Words of 700 ms with 100 ms gaps: never a pause, but a dip every 800 ms.
    const words = Array.from({ length: 40 }, () => [...loud(7), ...quiet(1)]).flat();
    const { events } = run(words);
    const ends = events.filter((event) => event.type === 'end');
    expect(ends.length).toBeGreaterThanOrEqual(3);
    for (const end of ends) {
      expect(end).toMatchObject({ reason: 'too-long' });
      if (end.type === 'end') expect(end.speechMs).toBeGreaterThanOrEqual(SOFT_MAX_UTTERANCE_MS - 100);
      if (end.type === 'end') expect(end.speechMs).toBeLessThanOrEqual(MAX_UTTERANCE_MS);
    }
    // The first piece of a 32 s monologue is sent within 10 s of its start.
    expect(ends[0]?.at).toBeLessThanOrEqual(MAX_UTTERANCE_MS);

    const { events: solid } = run(loud(MAX_UTTERANCE_MS / LEVEL_INTERVAL_MS + 5));
    expect(solid.map((event) => event.type)).toEqual(['start', 'end', 'start']);
    expect(solid[1]).toMatchObject({ reason: 'too-long', speechMs: MAX_UTTERANCE_MS });
  });
});

describe('waveform bars', () => {
  it('scales the level by 0.15 and caps at full height', () => {
    expect(barHeight(0)).toBe(0);
    expect(barHeight(0.075)).toBeCloseTo(0.5);
    expect(barHeight(0.6)).toBe(1);
    expect(barHeight(Number.NaN)).toBe(0);
  });

  it('shifts in the newest level and keeps 12 bars', () => {
    let bars = Array<number>(WAVEFORM_BARS).fill(0);
    bars = pushLevel(bars, 0.15);
    expect(bars).toHaveLength(WAVEFORM_BARS);
    expect(bars.at(-1)).toBe(1);
    expect(bars[0]).toBe(0);
  });
});

describe('utterance recorder', () => {
  const rate = 1000; // 1 sample per ms keeps the arithmetic readable
  const chunk = (ms: number, value: number) => new Float32Array(ms).fill(value);

  it('keeps a 300 ms pre-roll, records while open and trims the silence tail to 300 ms', () => {
    const recorder = new UtteranceRecorder(rate);
    for (let index = 0; index < 10; index += 1) recorder.append(chunk(100, 0.001));
    recorder.begin();
    recorder.append(chunk(500, 0.5));
    recorder.append(chunk(1000, 0.001));
    const samples = recorder.finish(SPEECH_END_MS);
    // 300 pre-roll + 500 speech + 300 of the 1000 ms of silence
    expect(samples?.length).toBe(1100);
    expect(samples?.[300]).toBe(0.5);
    expect(recorder.isRecording).toBe(false);
  });

  it('drops blips shorter than the minimum and forgets a discarded utterance', () => {
    const recorder = new UtteranceRecorder(rate);
    recorder.begin();
    recorder.append(chunk(100, 0.5));
    expect(recorder.finish(0)).toBeNull();
    recorder.begin();
    recorder.append(chunk(800, 0.5));
    recorder.discard();
    expect(recorder.finish(0)).toBeNull();
  });
});
