import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { Auth } from './auth';

/** The shared demo account behind 'Use demo credentials'. Public by design: anyone may sign in. */
export const DEMO_ACCOUNT = {
  name: 'Demo User',
  email: 'demo@notewise.app',
  password: 'notewise-demo',
} as const;

/** Creates the demo account once (UNLIMITED, so it never expires) and fills it with sample content. */
export async function ensureDemoAccount(
  auth: Auth,
  db: Kysely<Database>,
  seedContent: (userId: string) => Promise<void>,
): Promise<string> {
  const existing = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', DEMO_ACCOUNT.email)
    .executeTakeFirst();
  if (existing) return existing.id;
  const created = await auth.api.signUpEmail({
    body: { name: DEMO_ACCOUNT.name, email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
  });
  const userId = created.user.id;
  await db
    .updateTable('users')
    .set({ plan: 'UNLIMITED', plan_expires_at: null })
    .where('id', '=', userId)
    .execute();
  await seedContent(userId);
  return userId;
}

export function registerDemoRoute(app: FastifyInstance, enabled: boolean) {
  app.get('/api/demo', async () =>
    enabled
      ? { available: true, email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password }
      : { available: false },
  );
}
