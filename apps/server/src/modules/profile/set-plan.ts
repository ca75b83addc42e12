import { DAY_MS, type Plan, trialExpiry } from '@notewise/shared';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/time';
import type { Database } from '../../db/types';

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
  const result = await db
    .updateTable('users')
    .set({ plan, plan_expires_at: planExpiry(plan, options.days), updated_at: nowIso() })
    .where(
      'userId' in target ? 'id' : 'email',
      '=',
      'userId' in target ? target.userId : target.email.trim().toLowerCase(),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
