import { draftParamsSchema, draftResponseSchema, saveDraftBodySchema } from '@notewise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { nowIso, toIso } from '../../db/time';
import type { Database } from '../../db/types';
import { NO_CONTENT } from '../../http/api-docs';
import { currentUser } from '../../http/session';

/** SPEC's current_input: what the user was typing, kept on the server so a reload restores it. */
export function registerDraftRoutes(app: FastifyInstance, db: Kysely<Database>) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/drafts/:kind',
    {
      onRequest: app.requireAuth,
      schema: { params: draftParamsSchema, response: { 200: draftResponseSchema } },
    },
    async (request) => {
      const row = await db
        .selectFrom('drafts')
        .selectAll()
        .where('user_id', '=', currentUser(request).id)
        .where('kind', '=', request.params.kind)
        .executeTakeFirst();
      if (!row) return { draft: null };
      return {
        draft: {
          kind: row.kind,
          content: row.content,
          noteId: row.note_id,
          projectId: row.project_id,
          updatedAt: toIso(row.updated_at),
        },
      };
    },
  );

  r.put(
    '/api/drafts/:kind',
    {
      onRequest: app.requireAuth,
      schema: { params: draftParamsSchema, body: saveDraftBodySchema, response: NO_CONTENT },
    },
    async (request, reply) => {
      const values = {
        content: request.body.content,
        note_id: request.body.noteId ?? null,
        project_id: request.body.projectId ?? null,
        updated_at: nowIso(),
      };
      await db
        .insertInto('drafts')
        .values({ user_id: currentUser(request).id, kind: request.params.kind, ...values })
        .onConflict((oc) => oc.columns(['user_id', 'kind']).doUpdateSet(values))
        .execute();
      return reply.status(204).send();
    },
  );

  r.delete(
    '/api/drafts/:kind',
    { onRequest: app.requireAuth, schema: { params: draftParamsSchema, response: NO_CONTENT } },
    async (request, reply) => {
      await db
        .deleteFrom('drafts')
        .where('user_id', '=', currentUser(request).id)
        .where('kind', '=', request.params.kind)
        .execute();
      return reply.status(204).send();
    },
  );
}
