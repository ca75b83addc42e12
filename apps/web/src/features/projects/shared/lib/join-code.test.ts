import { describe, expect, it } from 'vitest';
import { normalizeJoinCode } from './join-code';

describe('normalizeJoinCode', () => {
  it.each([
    ['12 34-56', '123456'],
    ['123-456', '123456'],
    ['abc123def456', '123456'],
    ['1234567890', '123456'],
    ['  42 ', '42'],
    ['code: ', ''],
  ])('%j -> %j', (input, expected) => {
    expect(normalizeJoinCode(input)).toBe(expected);
  });
});
