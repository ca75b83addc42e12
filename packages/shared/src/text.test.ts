import { describe, expect, it } from 'vitest';
import { cutLine, relativeTime, truncatePlainText } from './text';

describe('truncatePlainText', () => {
  it('collapses whitespace and keeps short text whole', () => {
    expect(truncatePlainText('  a\n\n b\tc ', 10)).toBe('a b c');
  });
  it('cuts long text at the length and adds an ellipsis', () => {
    expect(truncatePlainText('abcdefghij', 4)).toBe('abcd…');
    expect(truncatePlainText('ab  cdefgh', 3)).toBe('ab…');
  });
  it('keeps Markdown-looking characters as they are', () => {
    expect(truncatePlainText('1. a*b*c # x', 50)).toBe('1. a*b*c # x');
  });
  it('never splits an emoji', () => {
    expect(truncatePlainText('ab😀cd', 3)).toBe('ab…');
  });
});

describe('relativeTime (SPEC 9)', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it('says Just now under an hour', () => {
    expect(relativeTime('2026-11-22T11:01:00Z', now)).toBe('Just now');
    expect(relativeTime('2026-11-22T12:05:00Z', now)).toBe('Just now');
  });
  it('counts hours under a day, then days', () => {
    expect(relativeTime('2026-11-22T11:00:00Z', now)).toBe('1 hour ago');
    expect(relativeTime('2026-11-22T07:00:00Z', now)).toBe('5 hours ago');
    expect(relativeTime('2026-11-21T12:00:00Z', now)).toBe('1 day ago');
    expect(relativeTime('2026-11-19T11:00:00Z', now)).toBe('3 days ago');
  });
});

describe('cutLine', () => {
  it('cuts an already collapsed line without touching its spaces', () => {
    expect(cutLine('short', 10)).toBe('short');
    expect(cutLine('abc def ghi', 7)).toBe('abc def…');
    expect(cutLine('ab😀cd', 3)).toBe('ab…');
  });
  it('never doubles an ellipsis when cutting a cut excerpt', () => {
    expect(cutLine('abcdef…', 6)).toBe('abcdef…');
    expect(cutLine('abcde…xyz', 6)).toBe('abcde…');
  });
});
