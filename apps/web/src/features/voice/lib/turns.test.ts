import type { VoiceTurn } from '@notewise/shared';
import { describe, expect, it } from 'vitest';
import { defaultCallTitle, mergeTurns } from './turns';

const turn = (id: string, offsetMs: number, text = id): VoiceTurn => ({
  id,
  speaker: 'user',
  text,
  offsetMs,
  durationMs: null,
  createdAt: '2026-11-24T03:00:00.000Z',
});

describe('transcript merging', () => {
  it('keeps each turn once, in the order it was said', () => {
    const merged = mergeTurns(
      [turn('b', 5000), turn('a', 1000)],
      [turn('c', 3000), turn('b', 5000, 'B again')],
    );
    expect(merged.map((item) => item.id)).toEqual(['a', 'c', 'b']);
    expect(merged.at(-1)?.text).toBe('B again');
  });

  it('returns the same list when nothing arrives', () => {
    const current = [turn('a', 0)];
    expect(mergeTurns(current, [])).toBe(current);
  });
});

describe('default call title', () => {
  it('names the call by when it started, and survives a bad date', () => {
    expect(defaultCallTitle('2026-11-24T14:05:00.000Z', 'en-GB')).toMatch(/^Call notes, 24 Nov 2026/);
    expect(defaultCallTitle('nonsense')).toBe('Call notes');
  });
});
