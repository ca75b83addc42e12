import crypto from 'node:crypto';
import { demoAccountSchema } from '@notewise/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { Auth } from './auth';
import { authRepo } from './auth.repo';

/** The shared demo account behind 'Use demo credentials'. Public by design: anyone may sign in. */
export const DEMO_ACCOUNT = {
  name: 'Demo User',
  email: 'demo@notewise.app',
  password: 'notewise-demo',
} as const;

const findDemoUser = (db: Kysely<Database>) => authRepo.credentialByEmail(db, DEMO_ACCOUNT.email);

async function setDemoPassword(auth: Auth, db: Kysely<Database>, userId: string, password: string) {
  const hash = await (await auth.$context).password.hash(password);
  await authRepo.setPasswordHash(db, userId, hash);
}

/**
 * Creates the demo account once (UNLIMITED, so it never expires) and fills it with sample content; an
 * existing one gets the published password back (it may have been locked while the demo was off).
 */
export async function ensureDemoAccount(
  auth: Auth,
  db: Kysely<Database>,
  seedContent: (userId: string) => Promise<void>,
): Promise<string> {
  const existing = await findDemoUser(db);
  if (existing) {
    const ctx = await auth.$context;
    const usable =
      existing.password !== null &&
      (await ctx.password.verify({ hash: existing.password, password: DEMO_ACCOUNT.password }));
    if (!usable) await setDemoPassword(auth, db, existing.id, DEMO_ACCOUNT.password);
    return existing.id;
  }
  const created = await auth.api.signUpEmail({
    body: { name: DEMO_ACCOUNT.name, email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
  });
  const userId = created.user.id;
  await authRepo.setUnlimited(db, userId);
  await seedContent(userId);
  return userId;
}

/**
 * With the demo off, a demo account left from an earlier start must not keep opening with its
 * published password: it gets a random one and its sessions end. Its notes stay; an administrator can
 * reclaim it with a reset link. Returns whether anything was locked.
 */
export async function lockDemoAccount(auth: Auth, db: Kysely<Database>): Promise<boolean> {
  const existing = await findDemoUser(db);
  if (!existing?.password) return false;
  const ctx = await auth.$context;
  const published = await ctx.password.verify({ hash: existing.password, password: DEMO_ACCOUNT.password });
  if (!published) return false;
  await setDemoPassword(auth, db, existing.id, crypto.randomBytes(32).toString('base64url'));
  await authRepo.endSessions(db, existing.id);
  return true;
}

/** Turns the demo account on or off as configured, and says so (which account, why) in the log. */
export async function prepareDemoAccount(
  setting: { enabled: boolean; reason: string },
  auth: Auth,
  db: Kysely<Database>,
  seedContent: (userId: string) => Promise<void>,
  log: FastifyBaseLogger,
) {
  if (setting.enabled) {
    await ensureDemoAccount(auth, db, seedContent);
    log.info(
      { demoAccount: DEMO_ACCOUNT.email, reason: setting.reason },
      `demo account ${DEMO_ACCOUNT.email} is on (${setting.reason}): anyone who reaches this server can sign in to it with its published password`,
    );
    return;
  }
  const locked = await lockDemoAccount(auth, db);
  log.info(
    { demoAccount: null, reason: setting.reason },
    locked
      ? `demo account is off (${setting.reason}); the existing ${DEMO_ACCOUNT.email} no longer opens with its published password`
      : `demo account is off (${setting.reason})`,
  );
}

export function registerDemoRoutes(app: FastifyInstance, { enabled }: { enabled: boolean }) {
  app.get('/api/demo', { schema: { response: { 200: demoAccountSchema } } }, async () =>
    enabled
      ? { available: true, email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password }
      : { available: false },
  );
}
