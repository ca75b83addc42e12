import { describe, expect, it } from 'vitest';
import { DAY_MS, TRIAL_DURATION_MS } from './constants';
import { daysRemaining, effectivePlan, hasAccess, isExpiredPro, isTrialActive, trialExpiry } from './plans';

const NOW = Date.parse('2026-11-22T12:00:00.000Z');
const future = new Date(NOW + 5 * DAY_MS);
const past = new Date(NOW - 1);

describe('plan rules (docs/product.md §4)', () => {
  it('a sign-up trial ends 31 days (26784e5 ms) later', () => {
    expect(TRIAL_DURATION_MS).toBe(2_678_400_000);
    expect(trialExpiry(NOW).getTime() - NOW).toBe(31 * DAY_MS);
    expect(daysRemaining(trialExpiry(NOW), NOW)).toBe(31);
  });

  it('grants access to UNLIMITED regardless of expiry', () => {
    expect(hasAccess('UNLIMITED', null, NOW)).toBe(true);
    expect(hasAccess('UNLIMITED', past, NOW)).toBe(true);
  });

  it('grants access to PRO only while the expiry is in the future', () => {
    expect(hasAccess('PRO', future, NOW)).toBe(true);
    expect(hasAccess('PRO', past, NOW)).toBe(false);
    expect(hasAccess('PRO', new Date(NOW), NOW)).toBe(false);
    expect(hasAccess('PRO', null, NOW)).toBe(false);
  });

  it('never grants access to FREE', () => {
    expect(hasAccess('FREE', future, NOW)).toBe(false);
    expect(hasAccess('FREE', null, NOW)).toBe(false);
  });

  it('trial active means PRO with a future expiry', () => {
    expect(isTrialActive('PRO', future.toISOString(), NOW)).toBe(true);
    expect(isTrialActive('PRO', past, NOW)).toBe(false);
    expect(isTrialActive('UNLIMITED', future, NOW)).toBe(false);
  });

  it('PRO past expiry counts as expired and is effectively FREE', () => {
    expect(isExpiredPro('PRO', past, NOW)).toBe(true);
    expect(isExpiredPro('PRO', future, NOW)).toBe(false);
    expect(isExpiredPro('UNLIMITED', past, NOW)).toBe(false);
    expect(effectivePlan('PRO', past, NOW)).toBe('FREE');
    expect(effectivePlan('PRO', future, NOW)).toBe('PRO');
    expect(effectivePlan('UNLIMITED', past, NOW)).toBe('UNLIMITED');
  });

  it('days remaining is the ceiling of days until expiry, never below 0', () => {
    expect(daysRemaining(new Date(NOW + 1), NOW)).toBe(1);
    expect(daysRemaining(new Date(NOW + DAY_MS), NOW)).toBe(1);
    expect(daysRemaining(new Date(NOW + DAY_MS + 1), NOW)).toBe(2);
    expect(daysRemaining(past, NOW)).toBe(0);
    expect(daysRemaining(new Date(NOW - 40 * DAY_MS), NOW)).toBe(0);
    expect(daysRemaining(null, NOW)).toBe(0);
    expect(daysRemaining('not a date', NOW)).toBe(0);
  });
});
