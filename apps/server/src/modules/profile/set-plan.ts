import { DAY_MS, type Plan, trialExpiry } from '@notewise/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { createProfileRepo } from './profile.repo';

/**
 * The expiry a plan is stored with: PRO is a trial (31 days unless `days` says otherwise), FREE and
 * UNLIMITED never expire.
 */
export function planExpiry(plan: Plan, days?: number, now = Date.now()): string | null {
  if (plan !== 'PRO') return null;
  return days === undefined ? trialExpiry(now).toISOString() : new Date(now + days * DAY_MS).toISOString();
}

export type PlanTarget = { userId: string } | { email: string };

/**
 * The one place a plan is granted: the admin CLI (`plan`, `set-plan`, `create-user --plan`) and a paid
 * Stripe order (modules/billing) both come here. Returns whether an account matched. Callers inside
 * the server must also forget the user's cached sessions (SessionCache.forgetUser).
 */
export async function setPlan(
  db: Kysely<Database>,
  target: PlanTarget,
  plan: Plan,
  options: { days?: number } = {},
): Promise<boolean> {
  const normalised = 'userId' in target ? target : { email: target.email.trim().toLowerCase() };
  return createProfileRepo(db).setPlan(normalised, plan, planExpiry(plan, options.days));
}
