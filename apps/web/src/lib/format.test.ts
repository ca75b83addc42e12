import { describe, expect, it } from 'vitest';
import { formatDate, getInitials, pluralize } from './format';

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

describe('formatDate', () => {
  it('formats each instant as Intl does, whether or not its day was formatted before (decision 089)', () => {
    const intl = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
    const instants = [
      '2025-03-04T00:00:00',
      '2025-03-04T23:59:59',
      '2025-03-05T00:00:01',
      '2024-12-31T23:30:00',
      '2025-01-01T00:30:00',
      '2025-03-04T12:00:00Z',
    ];
    for (const instant of [...instants, ...instants])
      expect(formatDate(instant)).toBe(intl.format(new Date(instant)));
    expect(formatDate(Date.parse('2025-03-04T10:00:00'))).toBe(intl.format(new Date('2025-03-04T10:00:00')));
    expect(formatDate('not a date')).toBe('');
  });
});
