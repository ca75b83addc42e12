import { describe, expect, it } from 'vitest';
import { getInitials, pluralize } from './format';

describe('getInitials', () => {
  it('takes the first and last word, falling back to the email', () => {
    expect(getInitials('Ada Lovelace')).toBe('AL');
    expect(getInitials('ada king lovelace')).toBe('AL');
    expect(getInitials('Ada')).toBe('A');
    expect(getInitials('  ', 'zed@example.com')).toBe('Z');
    expect(getInitials(null)).toBe('?');
  });
});

describe('pluralize', () => {
  it('uses the singular for one', () => {
    expect(pluralize(1, 'day')).toBe('1 day');
    expect(pluralize(21, 'day')).toBe('21 days');
  });
});
