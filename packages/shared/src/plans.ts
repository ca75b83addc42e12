import { DAY_MS, type Plan, TRIAL_DURATION_MS } from './constants';

/** The plan facts of docs/product.md §4, computed in one place for the server and the web. */
export interface PlanState {
  plan: Plan;
  planExpiresAt: string | null;
}

function expiryTime(expiresAt: string | Date | null | undefined): number | null {
  if (expiresAt == null) return null;
  const time = expiresAt instanceof Date ? expiresAt.getTime() : Date.parse(expiresAt);
  return Number.isNaN(time) ? null : time;
}

export function trialExpiry(now: number = Date.now()): Date {
  return new Date(now + TRIAL_DURATION_MS);
}

/** Trial active = PRO with an expiry in the future. */
export function isTrialActive(
  plan: Plan,
  expiresAt: string | Date | null,
  now: number = Date.now(),
): boolean {
  const expiry = expiryTime(expiresAt);
  return plan === 'PRO' && expiry !== null && expiry > now;
}

/** PRO past its expiry (or without one) counts as expired. */
export function isExpiredPro(plan: Plan, expiresAt: string | Date | null, now: number = Date.now()): boolean {
  return plan === 'PRO' && !isTrialActive(plan, expiresAt, now);
}

/** Access is granted to UNLIMITED, or to PRO whose expiry is in the future. */
export function hasAccess(plan: Plan, expiresAt: string | Date | null, now: number = Date.now()): boolean {
  return plan === 'UNLIMITED' || isTrialActive(plan, expiresAt, now);
}

/** Ceiling of the days until expiry, never below 0; 0 without an expiry. */
export function daysRemaining(expiresAt: string | Date | null, now: number = Date.now()): number {
  const expiry = expiryTime(expiresAt);
  if (expiry === null) return 0;
  return Math.max(0, Math.ceil((expiry - now) / DAY_MS));
}

/** The plan a stored record really has now: an expired PRO trial becomes FREE. */
export function effectivePlan(plan: Plan, expiresAt: string | Date | null, now: number = Date.now()): Plan {
  return isExpiredPro(plan, expiresAt, now) ? 'FREE' : plan;
}
