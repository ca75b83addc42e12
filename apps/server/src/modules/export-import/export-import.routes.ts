import { markdownToTextFile } from '@notewise/editor';
import {
  idParamsSchema,
  MAX_NOTE_CONTENT_LENGTH,
  noteExportQuerySchema,
  zipExportQuerySchema,
} from '@notewise/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/types';
import { notFound } from '../../http/errors';
import { currentUser } from '../../http/session';
import type { RateLimiter } from '../../rate-limit/rate-limiter';
import type { ObjectStorage } from '../../storage';
import type { Jobs } from '../jobs/jobs.service';
import type { NotesRepo } from '../notes/notes.repo';
import type { NotesService } from '../notes/notes.service';
import type { Membership } from '../projects/membership.repo';
import { NOTE_NOT_FOUND, noteAccessOrThrow, projectAccessOrThrow } from '../projects/policy';
import type { ProjectsService } from '../projects/projects.service';
import type { Uploads } from '../uploads/uploads.service';
import { createExportGate } from './export-gate';
import { createExportRepo, type ExportProject } from './export-import.repo';
import { attachmentHeader, safeFileStem } from './file-names';
import { registerImportRoutes } from './import.routes';
import { noteMarkdownFile } from './note-markdown';
import { streamObsidianVault } from './obsidian-export';
import { createRenderPool, exportTooLong } from './render-pool';
import { streamMarkdownZip } from './zip-export';

/** Binary answers are documented in words (the API contract test wants every GET's 200 described). */
const ZIP_RESPONSE = z
  .unknown()
  .describe(
    'A .zip of Markdown files, one folder per project (format=obsidian: an Obsidian vault), streamed',
  );

const CONTENT_TYPES = {
  md: 'text/markdown; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  zip: 'application/zip',
} as const;

function download(reply: FastifyReply, fileName: string, type: keyof typeof CONTENT_TYPES) {
  return reply
    .header('content-type', CONTENT_TYPES[type])
    .header('content-disposition', attachmentHeader(fileName))
    .header('cache-control', 'private, no-store');
}

export function registerExportImportRoutes(
  app: FastifyInstance,
  deps: {
    db: Kysely<Database>;
    notes: NotesRepo;
    membership: Membership;
    noteService: Pick<NotesService, 'create'>;
    /** Makes the projects of an import's top-level folders. */
    projects: Pick<ProjectsService, 'create'>;
    rateLimiter: RateLimiter;
    /** Stores images found in imported Word documents. */
    uploads: Pick<Uploads, 'uploadNoteImage'>;
    /** Keeps large imports running in the background (decision 060). */
    jobs: Jobs;
    /** Where the pictures an Obsidian vault export copies into `attachments/` are read from. */
    storage: ObjectStorage;
    /** A PDF or Word render's time budget (tests shorten it); default RENDER_TIMEOUT_MS. */
    renderTimeoutMs?: number;
  },
) {
  const { notes, membership } = deps;
  const exportRepo = createExportRepo(deps.db);
  const renderPool = createRenderPool({ timeoutMs: deps.renderTimeoutMs });
  const exportGate = createExportGate(deps.rateLimiter);
  app.addHook('onClose', () => renderPool.close());
  const r = app.withTypeProvider<ZodTypeProvider>();
  const vault = (projects: ExportProject[]) =>
    streamObsidianVault({ db: deps.db, storage: deps.storage, exportRepo }, projects);

  // Authorized exactly like GET /api/notes/:id: not visible -> 404, visible -> every role may read.
  r.get(
    '/api/notes/:id/export',
    {
      onRequest: app.requireAuth,
      schema: {
        params: idParamsSchema,
        querystring: noteExportQuerySchema,
        response: { 200: z.unknown().describe('The note as a file (Content-Disposition: attachment)') },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const access = await noteAccessOrThrow(membership, userId, request.params.id, 'read');
      const note = await notes.find(userId, access.noteId);
      if (!note) throw notFound(NOTE_NOT_FOUND);
      const stem = safeFileStem(note.title);
      const format = request.query.format;
      if (format === 'md') {
        const [project] = await exportRepo.projects(userId, note.projectId);
        const body = noteMarkdownFile({
          ...note,
          projectName: project?.name ?? '',
          shared: project?.kind === 'shared',
        });
        return download(reply, `${stem}.md`, 'md').send(body);
      }
      if (format === 'txt') {
        const text = markdownToTextFile(note.content);
        return download(reply, `${stem}.txt`, 'txt').send(`${note.title}\n\n${text}${text ? '\n' : ''}`);
      }
      // Longer than a note may be saved (co-editing does not cut it): refused before taking the worker.
      if (note.content.length > MAX_NOTE_CONTENT_LENGTH) throw exportTooLong();
      const release = await exportGate.enter(userId, (seconds) =>
        reply.header('retry-after', String(seconds)),
      );
      try {
        const bytes = await renderPool.render(format, note.title, note.content);
        return download(reply, `${stem}.${format}`, format).send(bytes);
      } finally {
        release();
      }
    },
  );

  r.get(
    '/api/projects/:id/export',
    {
      onRequest: app.requireAuth,
      schema: { params: idParamsSchema, querystring: zipExportQuerySchema, response: { 200: ZIP_RESPONSE } },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const access = await projectAccessOrThrow(membership, userId, request.params.id, { action: 'read' });
      const projects = await exportRepo.projects(userId, access.projectId);
      const stem = safeFileStem(projects[0]?.name ?? 'Project', 'Project');
      if (request.query.format === 'obsidian')
        return download(reply, `${stem} (Obsidian).zip`, 'zip').send(await vault(projects));
      return download(reply, `${stem}.zip`, 'zip').send(streamMarkdownZip(exportRepo, projects));
    },
  );

  // Every project the caller is a member of (own and shared): nothing to authorize beyond that.
  r.get(
    '/api/export',
    {
      onRequest: app.requireAuth,
      schema: { querystring: zipExportQuerySchema, response: { 200: ZIP_RESPONSE } },
    },
    async (request, reply) => {
      const projects = await exportRepo.projects(currentUser(request).id);
      const date = new Date().toISOString().slice(0, 10);
      if (request.query.format === 'obsidian')
        return download(reply, `Notewise vault ${date}.zip`, 'zip').send(await vault(projects));
      return download(reply, `Notewise export ${date}.zip`, 'zip').send(
        streamMarkdownZip(exportRepo, projects),
      );
    },
  );

  registerImportRoutes(app, {
    ...deps,
    listProjects: (userId) => exportRepo.projects(userId),
  });
}
