import multipart from '@fastify/multipart';
import {
  ERROR_CODES,
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  type ImportJob,
  type ImportResult,
  idParamsSchema,
  importAcceptedSchema,
  importFieldsSchema,
  importJobListSchema,
  importJobSchema,
  importResultSchema,
  JOB_MESSAGES,
} from '@notewise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError, badRequest, notFound } from '../../http/errors';
import { currentUser } from '../../http/session';
import type { Jobs } from '../jobs/jobs.service';
import type { Membership } from '../projects/membership.repo';
import { projectAccessOrThrow } from '../projects/policy';
import type { ExportProject } from './export-import.repo';
import { createImportJobs, runsInBackground } from './import-jobs';
import { createImportedNotes, type ImportNotesDeps, importNotices } from './import-notes';
import { createImporter, importTooLarge } from './importer';

/**
 * POST /api/import (multipart, its own plugin scope so no other route accepts uploads by accident):
 * a small upload is imported in the request and answered 200 with the summary; a large one
 * (runsInBackground) is answered 202 with a job whose progress and kept summary are read from
 * GET /api/import-jobs/:id (decision 060).
 */
export function registerImportRoutes(
  app: FastifyInstance,
  deps: Omit<ImportNotesDeps, 'listProjects' | 'membership'> & {
    membership: Membership;
    jobs: Jobs;
    listProjects: (userId: string) => Promise<ExportProject[]>;
  },
) {
  const { membership, jobs } = deps;
  const importer = createImporter();
  const importJobs = createImportJobs({
    jobs,
    importer,
    log: app.log,
    write: (userId, projectId, plan, layout, onNote) =>
      createImportedNotes(deps, userId, projectId, plan, layout, onNote),
  });
  app.addHook('onClose', async () => {
    importJobs.stopping();
    await importer.close();
    await importJobs.close();
  });

  const asImportJob = (job: unknown) => job as ImportJob;

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/import-jobs',
    { onRequest: app.requireAuth, schema: { response: { 200: importJobListSchema } } },
    async (request) => {
      const list = await jobs.listRecent(currentUser(request).id, { kind: 'import', limit: 10 });
      return { jobs: list.map(asImportJob) };
    },
  );

  // The owner's job only: anyone else's id is not found, like an id that never existed.
  r.get(
    '/api/import-jobs/:id',
    {
      onRequest: app.requireAuth,
      schema: { params: idParamsSchema, response: { 200: z.object({ job: importJobSchema }) } },
    },
    async (request) => {
      const job = await jobs.getForOwner(currentUser(request).id, request.params.id);
      if (job?.kind !== 'import') throw notFound(JOB_MESSAGES.notFound);
      return { job: asImportJob(job) };
    },
  );

  app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: IMPORT_LIMITS.maxUploadBytes,
        files: 1,
        fields: 5,
        parts: 6,
        fieldSize: 1024,
        headerPairs: 100,
      },
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/import',
      {
        // Imported notes are created notes: the same plan gate as POST /api/notes.
        onRequest: scope.requireAccess,
        schema: {
          querystring: importFieldsSchema,
          response: { 200: importResultSchema, 202: importAcceptedSchema },
        },
      },
      async (request, reply): Promise<ImportResult | { job: ImportJob }> => {
        const userId = currentUser(request).id;
        const access = await projectAccessOrThrow(membership, userId, request.query.projectId, {
          action: 'create',
        });
        if (!request.isMultipart()) throw new ApiError(415, ERROR_CODES.validation, IMPORT_MESSAGES.noFile);
        const file = await request.file();
        if (!file) throw badRequest(IMPORT_MESSAGES.noFile);
        let bytes: Buffer;
        try {
          bytes = await file.toBuffer();
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw importTooLarge();
          throw error;
        }
        if (importJobs.busy(userId))
          throw new ApiError(429, ERROR_CODES.rateLimited, IMPORT_MESSAGES.alreadyRunning);
        const { layout } = request.query;
        if (runsInBackground(file.filename, bytes)) {
          const job = await importJobs.start(userId, access.projectId, file.filename, bytes, layout);
          return reply.code(202).send({ job });
        }
        const plan = await importer.plan(userId, file.filename, bytes);
        const imported = await createImportedNotes(deps, userId, access.projectId, plan, layout);
        return { projectId: access.projectId, imported, skipped: plan.skipped, ...importNotices(plan) };
      },
    );
  });
}
