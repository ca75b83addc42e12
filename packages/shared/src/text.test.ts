import { describe, expect, it } from 'vitest';
import { cutLine, relativeTime, stripUnsafeChars, truncatePlainText } from './text';

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

describe('relativeTime (docs/product.md §9)', () => {
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

describe('stripUnsafeChars', () => {
  it('drops NUL, other C0/C1 controls and DEL', () => {
    expect(stripUnsafeChars('a\u0000b\u0007c\u001bd\u007fe\u0085f\u009fg')).toBe('abcdefg');
  });
  it('drops bidi embeddings, overrides and isolates but keeps the plain marks', () => {
    expect(stripUnsafeChars('invoice\u202Egpj.exe')).toBe('invoicegpj.exe');
    expect(stripUnsafeChars('\u202A\u202B\u202C\u202D\u2066\u2067\u2068\u2069x')).toBe('x');
    expect(stripUnsafeChars('שלום\u200E 42\u200F')).toBe('שלום\u200E 42\u200F');
  });
  it('turns line breaks and tabs into spaces on one line, keeps them when multiline', () => {
    expect(stripUnsafeChars('a\tb\nc\r\nd')).toBe('a b c  d');
    expect(stripUnsafeChars('a\tb\nc\u0000', { multiline: true })).toBe('a\tb\nc');
  });
  it('leaves ordinary text, accents and emoji alone', () => {
    expect(stripUnsafeChars('Café ☕ 日本語 😀 – “quoted”')).toBe('Café ☕ 日本語 😀 – “quoted”');
  });
});
