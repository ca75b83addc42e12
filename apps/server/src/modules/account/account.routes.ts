import {
  ACCOUNT_MESSAGES,
  accountDeletedSchema,
  accountDeletionPlanSchema,
  DATA_EXPORT_MESSAGES,
  dataExportStateSchema,
  deleteAccountBodySchema,
  ERROR_CODES,
} from '@notewise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/types';
import type { ChangeNotifier } from '../../events/change-notifier';
import { ApiError, rateLimited } from '../../http/errors';
import { currentUser, type SessionCache } from '../../http/session';
import type { RateLimiter } from '../../rate-limit/rate-limiter';
import type { ObjectStorage } from '../../storage';
import { deleteUser, planUserDeletion } from '../admin/user-admin';
import { type Auth, SESSION_COOKIE_PREFIX } from '../auth/auth';
import { createExportRepo } from '../export-import/export-import.repo';
import { attachmentHeader } from '../export-import/file-names';
import type { Jobs } from '../jobs/jobs.service';
import { createAccountRepo } from './account.repo';
import { streamAccountData } from './account-data';
import { createDataExports, dataExportKey } from './data-export';

/** A whole-account zip reads every note and picture: a few an hour is plenty for a person. */
export const ACCOUNT_EXPORT_RATE_RULE = { name: 'account-export', limit: 5, windowMs: 15 * 60_000 };
/** Password attempts at deleting the account (a stolen session may not guess the password). */
export const ACCOUNT_DELETE_RATE_RULE = { name: 'account-delete', limit: 5, windowMs: 15 * 60_000 };

export interface AccountRoutesDeps {
  db: Kysely<Database>;
  auth: Auth;
  storage: ObjectStorage;
  sessions: SessionCache;
  rateLimiter: RateLimiter;
  jobs: Jobs;
  notify: Pick<ChangeNotifier, 'to'>;
  /** The user and everyone sharing a project with them (projects/membership.repo.ts). */
  coMembers: (userId: string) => Promise<string[]>;
}

/**
 * Settings > Account (decision 055): download all my data, and delete my account with the password
 * again, through the same `deleteUser` as `npm run admin -- delete-user`. Both act on the caller's
 * own account only (no id in the path): in the authorization matrix as unscoped.
 */
export function registerAccountRoutes(app: FastifyInstance, deps: AccountRoutesDeps) {
  const { db, auth, storage, sessions, rateLimiter, jobs, notify, coMembers } = deps;
  const exportRepo = createExportRepo(db);
  const exports = createDataExports({ db, storage, jobs, exportRepo, log: app.log });
  app.addHook('onClose', () => exports.settled());
  const r = app.withTypeProvider<ZodTypeProvider>();
  const idParams = z.object({ id: z.string().min(1).max(64) });
  const notFound = () => new ApiError(404, ERROR_CODES.notFound, DATA_EXPORT_MESSAGES.notFound);

  // Download all my data as a background job (decision 064): start (or get the running one), the
  // latest one for a reload to resume, one by id, and its zip. Another user's id reads as not found.
  r.post(
    '/api/me/data-exports',
    {
      onRequest: app.requireAuth,
      schema: { response: { 200: dataExportStateSchema, 202: dataExportStateSchema } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const running = await exports.latest(user.id);
      if (running && (running.status === 'running' || running.status === 'queued')) return { job: running };
      const decision = await rateLimiter.consume(ACCOUNT_EXPORT_RATE_RULE, user.id);
      if (!decision.allowed) throw rateLimited(reply, decision.retryAfterSeconds);
      const { job, started } = await exports.start(user);
      return reply.code(started ? 202 : 200).send({ job });
    },
  );

  r.get(
    '/api/me/data-exports/latest',
    { onRequest: app.requireAuth, schema: { response: { 200: dataExportStateSchema } } },
    async (request) => ({ job: await exports.latest(currentUser(request).id) }),
  );

  r.get(
    '/api/me/data-exports/:id',
    { onRequest: app.requireAuth, schema: { params: idParams, response: { 200: dataExportStateSchema } } },
    async (request) => {
      const job = await exports.get(currentUser(request).id, request.params.id);
      if (!job) throw notFound();
      return { job };
    },
  );

  r.get(
    '/api/me/data-exports/:id/download',
    {
      onRequest: app.requireAuth,
      schema: { params: idParams, response: { 200: z.unknown().describe('The prepared .zip') } },
    },
    async (request, reply) => {
      const job = await exports.get(currentUser(request).id, request.params.id);
      // Expired but not purged yet (the purge is hourly) counts as gone.
      if (!job || Date.parse(job.expiresAt) <= Date.now()) throw notFound();
      if (job.status !== 'done' || !job.result)
        throw new ApiError(409, ERROR_CODES.conflict, DATA_EXPORT_MESSAGES.notReady);
      const stored = await storage.get(dataExportKey(job.id));
      if (!stored) throw notFound();
      if (stored.size !== undefined) reply.header('content-length', stored.size);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', attachmentHeader(job.result.fileName))
        .header('cache-control', 'private, no-store')
        .send(stored.body);
    },
  );

  r.get(
    '/api/me/data',
    {
      onRequest: app.requireAuth,
      schema: { response: { 200: z.unknown().describe('A .zip of every note, picture and the profile') } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const decision = await rateLimiter.consume(ACCOUNT_EXPORT_RATE_RULE, user.id);
      if (!decision.allowed) throw rateLimited(reply, decision.retryAfterSeconds);
      const projects = await exportRepo.projects(user.id);
      const date = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', attachmentHeader(`Notewise data ${date}.zip`))
        .header('cache-control', 'private, no-store')
        .send(streamAccountData({ db, storage, exportRepo }, user, projects));
    },
  );

  r.get(
    '/api/me/deletion',
    { onRequest: app.requireAuth, schema: { response: { 200: accountDeletionPlanSchema } } },
    async (request) => planUserDeletion(db, currentUser(request).id),
  );

  r.post(
    '/api/me/delete',
    {
      onRequest: app.requireAuth,
      schema: { body: deleteAccountBodySchema, response: { 200: accountDeletedSchema } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const decision = await rateLimiter.consume(ACCOUNT_DELETE_RATE_RULE, user.id);
      if (!decision.allowed) throw rateLimited(reply, decision.retryAfterSeconds);
      const hash = await createAccountRepo(db).passwordHash(user.id);
      if (!hash) throw new ApiError(403, ERROR_CODES.forbidden, ACCOUNT_MESSAGES.noPassword);
      const ctx = await auth.$context;
      const matches = await ctx.password.verify({ hash, password: request.body.password });
      if (!matches) throw new ApiError(403, ERROR_CODES.forbidden, ACCOUNT_MESSAGES.wrongPassword);
      // Who shared a project with them, read before the memberships go.
      const audience = await coMembers(user.id);
      const deleted = await deleteUser(db, user.id, storage);
      // The rows are gone (sessions cascade); this instance's cache and this browser's cookie too.
      sessions.forgetUser(user.id);
      // Their shared projects lose a member or change owner: everyone who saw them refreshes.
      notify.to(audience, { type: 'member.left', actorId: user.id });
      const secure = request.protocol === 'https' ? '__Secure-' : '';
      reply.header(
        'set-cookie',
        `${secure}${SESSION_COOKIE_PREFIX}.session_token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
      );
      request.log.info(
        { userId: user.id, ...deleted, handedOver: deleted.handedOver.length },
        'account deleted by its owner',
      );
      return {
        deletedProjects: deleted.deletedProjects,
        handedOver: deleted.handedOver.map((project) => ({ name: project.name })),
        deletedFiles: deleted.deletedFiles,
      };
    },
  );
}
