import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { DatabaseHandle } from './db';
import type { ChangeNotifier } from './events/change-notifier';
import type { SessionCache } from './http/session';
import { dataExportPurge } from './modules/account/data-export';
import { registerAiRoutes } from './modules/ai/ai.routes';
import { createBillingRepo } from './modules/billing/billing.repo';
import { registerBillingRoutes } from './modules/billing/billing.routes';
import { createBillingService } from './modules/billing/billing.service';
import { createDraftsRepo } from './modules/drafts/drafts.repo';
import { registerDraftRoutes } from './modules/drafts/drafts.routes';
import { registerExportImportRoutes } from './modules/export-import/export-import.routes';
import { importInterrupted } from './modules/export-import/import-jobs';
import { createJobs, type Jobs } from './modules/jobs/jobs.service';
import { startJobUpkeep } from './modules/jobs/jobs-upkeep';
import { registerNoteHistoryRoutes } from './modules/notes/history/note-history.routes';
import { createNoteVersionsRepo } from './modules/notes/history/note-versions.repo';
import { createNotesRepo } from './modules/notes/notes.repo';
import { registerNoteRoutes } from './modules/notes/notes.routes';
import { createNotesService } from './modules/notes/notes.service';
import { registerPinRoutes } from './modules/pins/pins.routes';
import { createMembership } from './modules/projects/membership.repo';
import { createProjectsRepo } from './modules/projects/projects.repo';
import { registerProjectRoutes } from './modules/projects/projects.routes';
import { createProjectsService } from './modules/projects/projects.service';
import { createJoinGuard } from './modules/projects/sharing/join-guard';
import { createSharingRepo } from './modules/projects/sharing/sharing.repo';
import { registerSharingRoutes } from './modules/projects/sharing/sharing.routes';
import { createSharingService } from './modules/projects/sharing/sharing.service';
import { createSearchRepo } from './modules/search/search.repo';
import { registerSearchRoutes } from './modules/search/search.routes';
import { createTrashRepo } from './modules/trash/trash.repo';
import { registerTrashRoutes } from './modules/trash/trash.routes';
import { createTrashService } from './modules/trash/trash.service';
import { createTrashDeletion } from './modules/trash/trash-purge';
import { DEFAULT_IMAGE_FETCH, type ImageFetchOptions } from './modules/uploads/image-fetcher';
import { registerUploadRoutes } from './modules/uploads/uploads.routes';
import { createUploads } from './modules/uploads/uploads.service';
import { registerVoiceRoutes } from './modules/voice/voice.routes';
import type { RateLimiter } from './rate-limit/rate-limiter';
import { restEditUpdate } from './realtime/collab';
import type { ObjectStorage } from './storage';

export interface ModuleDeps {
  config: Config;
  database: DatabaseHandle;
  notify: ChangeNotifier;
  rateLimiter: RateLimiter;
  sessions: SessionCache;
  storage: ObjectStorage;
  imageFetch?: Partial<ImageFetchOptions> | undefined;
  renderTimeoutMs?: number | undefined;
}

/**
 * The domain rooms of the house (src/modules): each module's repositories and services built once,
 * its routes registered. app.ts builds the floor below (HTTP, sessions, limits, storage, events) and
 * the sockets above; what it still needs of the modules (the demo account's content) is returned.
 */
export async function registerModules(app: FastifyInstance, deps: ModuleDeps) {
  const { config, database, notify, rateLimiter, sessions, storage } = deps;
  const codeLifetime = { codeLifetimeDays: config.shareCodeLifetimeDays };
  const projects = createProjectsRepo(database.db, { ...codeLifetime, dialect: database.dialect });
  const notes = createNotesRepo(database.db, { restEditUpdate }, undefined, database.dialect);
  const membership = createMembership(database.db);
  const shared = createSharingRepo(database.db, codeLifetime);
  const noteService = createNotesService({
    notes,
    membership,
    notify,
    versions: createNoteVersionsRepo(database.db),
  });
  const projectService = createProjectsService({
    projects,
    sharing: shared,
    membership,
    notify,
    notesMover: noteService,
    // The Inbox is found or made by the AI module's rule (capture's destination); read at call time.
    inbox: (userId) => ai.inbox(userId),
  });
  const sharing = createSharingService({
    sharing: shared,
    membership,
    joinGuard: createJoinGuard(rateLimiter, { ipv6Prefix: config.ipv6Prefix }),
    notify,
  });
  // Work that outlives its request (imports, data exports), decision 060.
  const jobs: Jobs = createJobs(database.db, {
    singleInstance: database.dialect === 'sqlite',
    interrupted: { import: importInterrupted },
    // An expired data export's zip is deleted with its job (decision 064).
    onPurge: { 'data-export': dataExportPurge(storage) },
  });
  const stopJobUpkeep = await startJobUpkeep(jobs, app.log);
  app.addHook('onClose', async () => stopJobUpkeep());
  const uploads = createUploads({
    db: database.db,
    storage,
    fetchOptions: { ...DEFAULT_IMAGE_FETCH, ...deps.imageFetch },
    log: app.log,
  });
  await registerUploadRoutes(app, { uploads, membership, sessions, rateLimiter });
  registerProjectRoutes(app, { projects, service: projectService });
  registerNoteRoutes(app, { notes, membership, service: noteService });
  registerNoteHistoryRoutes(app, { service: noteService });
  registerPinRoutes(app, { notes, service: noteService });
  registerExportImportRoutes(app, {
    db: database.db,
    notes,
    membership,
    noteService,
    projects: projectService,
    rateLimiter,
    uploads,
    jobs,
    storage,
    renderTimeoutMs: deps.renderTimeoutMs,
  });
  registerSearchRoutes(app, { search: createSearchRepo(database.db, database.dialect) });
  registerDraftRoutes(app, { drafts: createDraftsRepo(database.db) });
  const ai = registerAiRoutes(app, {
    config,
    db: database.db,
    notes,
    noteService,
    projects,
    notify,
    rateLimiter,
  });
  registerVoiceRoutes(app, {
    config,
    db: database.db,
    ai,
    notes,
    noteService,
    membership,
    notify,
    rateLimiter,
  });
  registerSharingRoutes(app, { projects, sharing });
  registerTrashRoutes(app, {
    service: createTrashService({
      repo: createTrashRepo(database.db, config.history.trashRetentionDays),
      deletion: createTrashDeletion(database.db, storage, app.log),
      notes,
      projects,
      notify,
      inbox: ai.inbox,
    }),
  });
  registerBillingRoutes(app, {
    config,
    rateLimiter,
    service: createBillingService({
      config,
      repo: createBillingRepo(database.db),
      forgetUser: (userId) => sessions.forgetUser(userId),
      log: app.log,
    }),
  });
  return { projects, notes, shared, jobs };
}
