import {
  daysRemaining,
  hasAccess,
  isTrialActive,
  lastPageResponseSchema,
  lastPageSchema,
  type Me,
  meSchema,
  tutorialStateBodySchema,
  tutorialStateSchema,
  updateMeBodySchema,
} from '@notewise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { toIsoOrNull } from '../../db/time';
import type { Database } from '../../db/types';
import type { ChangeNotifier } from '../../events/change-notifier';
import { NO_CONTENT } from '../../http/api-docs';
import { currentUser, type SessionCache, type SessionUser } from '../../http/session';
import { createProfileRepo } from './profile.repo';

export function toMe(user: SessionUser, now = Date.now()): Me {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    image: user.image,
    createdAt: user.createdAt.toISOString(),
    plan: user.plan,
    planExpiresAt: user.planExpiresAt ? user.planExpiresAt.toISOString() : null,
    access: hasAccess(user.plan, user.planExpiresAt, now),
    trialActive: isTrialActive(user.plan, user.planExpiresAt, now),
    daysRemaining: user.plan === 'PRO' ? daysRemaining(user.planExpiresAt, now) : 0,
  };
}

export interface ProfileRoutesDeps {
  db: Kysely<Database>;
  sessions: SessionCache;
  notify: Pick<ChangeNotifier, 'to'>;
  /** The user and everyone sharing a project with them (projects/membership.repo.ts). */
  coMembers: (userId: string) => Promise<string[]>;
}

export function registerProfileRoutes(
  app: FastifyInstance,
  { db, sessions, notify, coMembers }: ProfileRoutesDeps,
) {
  const repo = createProfileRepo(db);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/me', { onRequest: app.requireAuth, schema: { response: { 200: meSchema } } }, async (request) =>
    toMe(currentUser(request)),
  );

  r.patch(
    '/api/me',
    { onRequest: app.requireAuth, schema: { body: updateMeBodySchema, response: { 200: meSchema } } },
    async (request) => {
      const user = currentUser(request);
      await repo.updateName(user.id, request.body.name);
      sessions.forgetUser(user.id);
      // The owner's name shows on their shared projects: every co-member's project views change.
      notify.to(await coMembers(user.id), { type: 'project.updated', actorId: user.id });
      return toMe({ ...user, name: request.body.name });
    },
  );

  r.get(
    '/api/me/last-page',
    { onRequest: app.requireAuth, schema: { response: { 200: lastPageResponseSchema } } },
    async (request) => {
      const row = await repo.getLastPage(currentUser(request).id);
      return { path: row?.last_path ?? null, title: row?.last_title ?? null };
    },
  );

  r.put(
    '/api/me/last-page',
    { onRequest: app.requireAuth, schema: { body: lastPageSchema, response: NO_CONTENT } },
    async (request, reply) => {
      await repo.saveLastPage(currentUser(request).id, request.body.path, request.body.title);
      return reply.status(204).send();
    },
  );

  // Tutorial completion on the account (decision 019): a second browser does not offer it again.
  r.get(
    '/api/me/tutorial',
    { onRequest: app.requireAuth, schema: { response: { 200: tutorialStateSchema } } },
    async (request) => {
      const completedAt = toIsoOrNull(await repo.getTutorialCompletedAt(currentUser(request).id));
      return { completed: completedAt !== null, completedAt };
    },
  );

  r.put(
    '/api/me/tutorial',
    {
      onRequest: app.requireAuth,
      schema: { body: tutorialStateBodySchema, response: { 200: tutorialStateSchema } },
    },
    async (request) => {
      const completedAt = await repo.setTutorialCompleted(currentUser(request).id, request.body.completed);
      return { completed: completedAt !== null, completedAt };
    },
  );
}
