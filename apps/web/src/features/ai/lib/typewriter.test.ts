import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CATCH_UP_MS, charsToReveal, createTypewriter, MS_PER_CHAR } from './typewriter';

describe('charsToReveal', () => {
  it('types at 20 ms per character when close behind', () => {
    expect(charsToReveal(10, MS_PER_CHAR * 3)).toBe(3);
    expect(charsToReveal(2, MS_PER_CHAR * 3)).toBe(2);
    expect(charsToReveal(0, 100)).toBe(0);
  });

  it('catches up faster when far behind', () => {
    expect(charsToReveal(10_000, 100)).toBe(10_000 * (100 / CATCH_UP_MS));
    expect(charsToReveal(10_000, 5_000)).toBe(10_000);
  });
});

describe('createTypewriter', () => {
  let clock = 0;
  beforeEach(() => {
    vi.useFakeTimers();
    clock = 0;
  });
  afterEach(() => vi.useRealTimers());
  const now = () => clock;
  const advance = async (ms: number) => {
    for (let passed = 0; passed < ms; passed += 10) {
      clock += 10;
      await vi.advanceTimersByTimeAsync(10);
    }
  };

  it('reveals streamed text gradually, then resolves finish() with everything shown', async () => {
    const frames: string[] = [];
    const writer = createTypewriter((text) => frames.push(text), { now });
    writer.push('Hello ');
    expect(writer.started).toBe(true);
    expect(frames).toEqual(['H']);
    writer.push('world');
    await advance(100);
    const shownAfter100 = frames.at(-1)?.length ?? 0;
    expect(shownAfter100).toBeGreaterThanOrEqual(5);
    expect(shownAfter100).toBeLessThan(11);
    let finished = false;
    void writer.finish('Hello world').then(() => {
      finished = true;
    });
    await advance(400);
    expect(finished).toBe(true);
    expect(frames.at(-1)).toBe('Hello world');
    expect(frames.every((frame, index) => index === 0 || frame.length > frames[index - 1]!.length)).toBe(
      true,
    );
  });

  it('shows a long result within a few seconds', async () => {
    const frames: string[] = [];
    const writer = createTypewriter((text) => frames.push(text), { now });
    const long = 'word '.repeat(4_000);
    writer.push(long);
    let finished = false;
    void writer.finish(long).then(() => {
      finished = true;
    });
    await advance(8_000);
    expect(finished).toBe(true);
    expect(frames.at(-1)).toBe(long);
  });

  it('without pacing shows what arrived at once, and stops on cancel', async () => {
    const frames: string[] = [];
    const writer = createTypewriter((text) => frames.push(text), { now, paced: false });
    writer.push('All of it');
    expect(frames).toEqual(['All of it']);
    writer.cancel();
    writer.push(' and more');
    await advance(100);
    expect(frames).toEqual(['All of it']);
  });

  it('never splits a surrogate pair', async () => {
    const frames: string[] = [];
    const writer = createTypewriter((text) => frames.push(text), { now });
    writer.push('😀😀😀😀');
    await advance(200);
    for (const frame of frames) expect(frame.length % 2).toBe(0);
  });
});
