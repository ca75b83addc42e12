import { describe, expect, it } from 'vitest';
import { lostEdits, maximumUsers, summarize } from '../bench/capacity/stats';

// The capacity bench's verdicts: a lost edit or a missed budget it failed to see would make its
// published figure a promise the server does not keep.
describe('capacity bench accounting', () => {
  it('counts an acknowledged edit as lost when the stored note lacks it, or the note is gone', () => {
    const stored = new Map([
      ['a', 'Plan\nfirst line u1s1k3xx'],
      ['b', 'u2s1 meeting\nproject budget'],
    ]);
    const lost = lostEdits(
      [
        { noteId: 'a', kind: 'autosave', text: 'u1s1k3' },
        { noteId: 'a', kind: 'autosave', text: 'u1s1k4' },
        { noteId: 'b', kind: 'co-edit', text: 'u2s1 meeting project budget' },
        { noteId: 'c', kind: 'co-edit', text: 'u3s1 anything' },
      ],
      stored,
    );
    expect(lost.map((edit) => [edit.noteId, edit.text, edit.stored])).toEqual([
      ['a', 'u1s1k4', 'Plan\nfirst line u1s1k3xx'],
      ['c', 'u3s1 anything', null],
    ]);
  });

  it('holds the last step before the first that misses the p99 budget or has an error', () => {
    const within = summarize([10, 20, 150]);
    const over = summarize([10, 20, 250]);
    expect(over.p99).toBe(250);
    const step = (users: number, errors: number, p99ok: boolean) => ({
      users,
      errors,
      actions: { list: within, autosave: p99ok ? within : over },
    });
    expect(maximumUsers([step(50, 0, true), step(100, 0, true), step(200, 0, false)], 200)).toBe(100);
    expect(maximumUsers([step(50, 0, true), step(100, 1, true), step(200, 0, true)], 200)).toBe(50);
    expect(maximumUsers([step(50, 0, false), step(100, 0, true)], 200)).toBe(0);
  });

  it('judges an action with a budget of its own by that budget, the rest by the common one', () => {
    const slowAi = { users: 100, errors: 0, actions: { list: summarize([10]), ai: summarize([10, 900]) } };
    const slowerAi = { users: 200, errors: 0, actions: { list: summarize([10]), ai: summarize([1200]) } };
    expect(maximumUsers([slowAi], 200)).toBe(0);
    expect(maximumUsers([slowAi, slowerAi], 200, { ai: 1000 })).toBe(100);
    const slowList = { users: 100, errors: 0, actions: { list: summarize([250]), ai: summarize([10]) } };
    expect(maximumUsers([slowList], 200, { ai: 1000 })).toBe(0);
  });
});
