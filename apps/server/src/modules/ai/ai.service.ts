import { markdownToPlainText } from '@notewise/editor';
import {
  type AiAction,
  type AiStatus,
  INBOX_PROJECT_NAME,
  MAX_NOTE_TITLE_LENGTH,
  type Note,
  type Project,
  UNTITLED_NOTE_TITLE,
} from '@notewise/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/types';
import { createAiProvider } from '../../engines/ai/create-provider';
import { modelRequiredError } from '../../engines/ai/errors';
import type { AiProvider } from '../../engines/ai/types';
import type { ChangeNotifier } from '../../events/change-notifier';
import { notFound } from '../../http/errors';
import type { RateLimiter } from '../../rate-limit/rate-limiter';
import type { NotesRepo } from '../notes/notes.repo';
import type { NotesService } from '../notes/notes.service';
import { PROJECT_NOT_FOUND } from '../projects/policy';
import type { ProjectsRepo } from '../projects/projects.repo';
import { AiRateLimiter } from './ai-rate-limiter';
import { createUserWords } from './user-words';

export interface AiDeps {
  config: Config;
  db: Kysely<Database>;
  notes: NotesRepo;
  /** Creates the captured note (access, write, change event) as POST /api/notes does. */
  noteService: Pick<NotesService, 'create'>;
  projects: ProjectsRepo;
  /** The change event of the 'Inbox' project capture may create. */
  notify?: Pick<ChangeNotifier, 'project'> | undefined;
  /** The server's shared rate limiter (per-minute AI budget). */
  rateLimiter: RateLimiter;
  /** Another engine (tests use short retry delays); by default createAiProvider(config.ai). */
  provider?: AiProvider | undefined;
}

/** AI requests one user may have running at once (enhance streams and captures). */
export const MAX_CONCURRENT_AI_REQUESTS = 2;

export function createAiService(deps: AiDeps, logger?: FastifyBaseLogger) {
  const provider = deps.provider ?? createAiProvider(deps.config.ai, { logger });
  const limiter = new AiRateLimiter(deps.rateLimiter, deps.config.ai.rateLimit, MAX_CONCURRENT_AI_REQUESTS);
  const running = new Set<AbortController>();
  const userWords = createUserWords(deps.db);
  const inboxCreation = new Map<string, Promise<Project>>();
  /** The engine's title and the personal project it picked (undefined: none fits). */
  const propose = async (content: string, personal: readonly Project[], signal: AbortSignal | undefined) => {
    const proposal = await provider.capture(
      content,
      personal.map((p) => ({ id: p.id, name: p.name, description: p.description })),
      { signal },
    );
    const chosen = proposal.projectId ? personal.find((p) => p.id === proposal.projectId) : undefined;
    return { proposal, chosen };
  };

  /** The user's personal 'Inbox' project, created on first use (once, even for parallel captures). */
  const inbox = async (userId: string, personal: readonly Project[]): Promise<Project> => {
    const existing = personal.find((p) => p.name.trim().toLowerCase() === INBOX_PROJECT_NAME.toLowerCase());
    if (existing) return existing;
    const pending = inboxCreation.get(userId);
    if (pending) return pending;
    const creation = (async () => {
      const project = await deps.projects.create(userId, { name: INBOX_PROJECT_NAME, color: 'blue' });
      await deps.notify?.project({ type: 'project.created', projectId: project.id, actorId: userId });
      return project;
    })().finally(() => inboxCreation.delete(userId));
    inboxCreation.set(userId, creation);
    return creation;
  };

  return {
    provider,
    limiter,

    status(): AiStatus {
      return { provider: provider.kind, model: provider.model, actions: { ...provider.capabilities } };
    },

    /** Checked before any streaming: the built-in engine answers translate with 422 AI_MODEL_REQUIRED. */
    assertSupported(action: AiAction) {
      if (!provider.capabilities[action]) throw modelRequiredError();
    },

    generate(
      action: AiAction,
      content: string,
      language: string | null,
      signal: AbortSignal,
      userId?: string,
    ): AsyncIterable<string> {
      switch (action) {
        case 'summarize':
          return provider.summarize(content, { signal });
        case 'grammar':
          // The built-in engine never corrects a word the user writes in their other notes.
          if (provider.kind !== 'builtin' || !userId) return provider.grammar(content, { signal });
          return (async function* () {
            yield* provider.grammar(content, { signal, userWords: await userWords.of(userId) });
          })();
        case 'translate':
          return provider.translate(content, language ?? '', { signal });
        case 'structure':
          return provider.structure(content, { signal });
      }
    },

    /** The user's 'Inbox' project (created on first use): where a note goes when no project was picked. */
    inbox: async (userId: string) => inbox(userId, await deps.projects.list(userId, 'personal')),

    /**
     * docs/decisions/005-ai-providers.md: Add Note creates the note at once. The engine proposes a title and one of
     * the user's personal projects; without a fitting project the note goes to 'Inbox'.
     */
    /** The title and personal project capture would choose for this text (null: 'Inbox'). */
    async proposeCapture(
      userId: string,
      content: string,
      signal?: AbortSignal,
    ): Promise<{ title: string; project: { id: string; name: string } | null }> {
      const personal = await deps.projects.list(userId, 'personal');
      const { proposal, chosen } = await propose(content, personal, signal);
      const title = proposal.title.trim().slice(0, MAX_NOTE_TITLE_LENGTH) || UNTITLED_NOTE_TITLE;
      return { title, project: chosen ? { id: chosen.id, name: chosen.name } : null };
    },

    async capture(
      userId: string,
      content: string,
      signal?: AbortSignal,
      projectId?: string,
      userTitle?: string,
      clientId?: string,
    ): Promise<{ note: Note; project: Project }> {
      // A replayed offline capture (same browser id) gets the note the first request made.
      const replayed = clientId ? await deps.notes.findByClientId(userId, clientId) : undefined;
      if (replayed) {
        const project = await deps.projects.find(userId, replayed.projectId);
        if (project) return { note: replayed, project };
      }
      // A project the user picked (their own or a shared one they belong to) wins over the proposal.
      const picked = projectId ? await deps.projects.find(userId, projectId) : undefined;
      if (projectId && !picked) throw notFound(PROJECT_NOT_FOUND);
      const personal = await deps.projects.list(userId, 'personal');
      const { proposal, chosen } = await propose(content, personal, signal);
      const project = picked ?? chosen ?? (await inbox(userId, personal));
      const title =
        (userTitle ?? proposal.title).trim().slice(0, MAX_NOTE_TITLE_LENGTH) || UNTITLED_NOTE_TITLE;
      // A first line that became the title is not repeated as the body's first line;
      // a title the user wrote leaves the text exactly as it is.
      const body = userTitle ? content : withoutTitleLine(content, title);
      const note = await deps.noteService.create(userId, {
        projectId: project.id,
        title,
        content: body,
        clientId,
      });
      return { note, project: (await deps.projects.find(userId, project.id)) ?? project };
    },

    /** Registers a running request so shutdown can cancel it; returns the unregister function. */
    track(controller: AbortController) {
      running.add(controller);
      return () => running.delete(controller);
    },

    abortAll() {
      for (const controller of running) controller.abort();
    },
  };
}

export type AiService = ReturnType<typeof createAiService>;

/**
 * The text without its first line when that whole line is the title (a heading or a short first
 * line); unchanged when the title is only part of the line, or when nothing would remain.
 */
export function withoutTitleLine(markdown: string, title: string): string {
  const lines = markdown.split('\n');
  const first = lines.findIndex((line) => line.trim() !== '');
  if (first < 0) return markdown;
  // A hard break (trailing backslash) ends the line as the composer writes it.
  const line = markdownToPlainText((lines[first] ?? '').replace(/\\$/, ''))
    .trim()
    .replace(/[.。:;,]+$/, '')
    .trim();
  if (line !== title.trim()) return markdown;
  const rest = lines.slice(first + 1);
  while (rest.length > 0 && rest[0]?.trim() === '') rest.shift();
  return rest.some((item) => item.trim() !== '') ? rest.join('\n') : markdown;
}
