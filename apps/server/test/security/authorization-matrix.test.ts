import { can, ERROR_CODES, type ProjectAction, type ProjectKind, type ProjectRole } from '@notewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, request, signUp, startTestApp, type TestApp } from '../helpers';

/**
 * The authorization matrix, generated from the server's own route table. Every route the
 * app registers must be classified below; a route that is not fails the test, so a new route cannot
 * ship without saying who may call it. Each project-scoped route is called by a stranger, a member
 * and the owner of a shared project, and by a stranger and the owner of a personal project, each on
 * fresh data; the expected status comes from the policy table (@notewise/shared project-policy):
 * not visible -> 404, visible but not allowed -> 403 with the error shape, allowed -> the success
 * status.
 */

type Actor = 'stranger' | 'member' | 'owner';
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface World {
  projectId: string;
  kind: ProjectKind;
  /** A note in the project, written by the owner. */
  noteId: string;
  memberId: string;
  /** A version of the note (its first text, before one edit). */
  versionId: string;
  /** Each actor's own personal project: where a move goes. */
  personalOf: Record<Actor, string>;
}

interface Scoped {
  /** What the URL's id (or the body's projectId) points at. */
  target: 'project' | 'note';
  /** Routes under /api/shared-projects answer 404 for a personal project whoever asks. */
  onlyKind?: ProjectKind;
  action: ProjectAction | ((role: ProjectRole) => ProjectAction);
  /** For moves: the permission needed at the destination too (the actor's own project). */
  alsoAtDestination?: ProjectAction;
  success: number;
  url?: (world: World) => string;
  body?: (world: World, actor: Actor) => unknown;
  /** Trash routes: the owner deletes the note or the project first (it is in Trash when called). */
  trashed?: 'note' | 'project';
}
interface Unscoped {
  /** Why this route has no project object to authorize (and where it is tested instead). */
  unscoped: string;
}

const deleteOrLeave = (role: ProjectRole): ProjectAction => (role === 'owner' ? 'deleteProject' : 'leave');

const EXPECTATIONS: Record<string, Scoped | Unscoped> = {
  // Projects (personal and shared alike).
  'GET /api/projects/:id': { target: 'project', action: 'read', success: 200 },
  'PATCH /api/projects/:id': {
    target: 'project',
    action: 'renameRecolour',
    success: 200,
    body: () => ({ name: 'Renamed', color: 'red' }),
  },
  'DELETE /api/projects/:id': { target: 'project', action: deleteOrLeave, success: 204 },

  // Shared projects.
  'GET /api/shared-projects/:id': { target: 'project', onlyKind: 'shared', action: 'read', success: 200 },
  'PATCH /api/shared-projects/:id': {
    target: 'project',
    onlyKind: 'shared',
    action: 'renameRecolour',
    success: 200,
    body: () => ({ description: 'Changed' }),
  },
  'DELETE /api/shared-projects/:id': {
    target: 'project',
    onlyKind: 'shared',
    action: deleteOrLeave,
    success: 204,
  },
  'POST /api/shared-projects/:id/code': {
    target: 'project',
    onlyKind: 'shared',
    action: 'manageCode',
    success: 200,
  },
  'DELETE /api/shared-projects/:id/code': {
    target: 'project',
    onlyKind: 'shared',
    action: 'manageCode',
    success: 200,
  },
  'GET /api/shared-projects/:id/members': {
    target: 'project',
    onlyKind: 'shared',
    action: 'read',
    success: 200,
  },
  'DELETE /api/shared-projects/:id/members/:userId': {
    target: 'project',
    onlyKind: 'shared',
    action: 'manageMembers',
    success: 204,
    url: (w) => `/api/shared-projects/${w.projectId}/members/${w.memberId}`,
  },

  // Notes: the id is a note's, or the project's in the body or query.
  'GET /api/notes/:id': { target: 'note', action: 'read', success: 200 },
  'PATCH /api/notes/:id': {
    target: 'note',
    action: 'editText',
    success: 200,
    body: () => ({ title: 'Edited title' }),
  },
  'DELETE /api/notes/:id': { target: 'note', action: 'delete', success: 204 },
  'POST /api/notes/:id/move': {
    target: 'note',
    action: 'moveOut',
    alsoAtDestination: 'moveIn',
    success: 200,
    body: (w, actor) => ({ projectId: w.personalOf[actor] }),
  },
  'GET /api/notes/:id/versions': { target: 'note', action: 'read', success: 200 },
  'GET /api/notes/:id/versions/:versionId': {
    target: 'note',
    action: 'read',
    success: 200,
    url: (w) => `/api/notes/${w.noteId}/versions/${w.versionId}`,
  },
  'POST /api/notes/:id/versions/:versionId/restore': {
    target: 'note',
    action: 'editText',
    success: 200,
    url: (w) => `/api/notes/${w.noteId}/versions/${w.versionId}/restore`,
  },
  'PUT /api/notes/:id/pin': { target: 'note', action: 'read', success: 204 },
  'DELETE /api/notes/:id/pin': { target: 'note', action: 'read', success: 204 },
  'GET /api/notes/:id/export': {
    target: 'note',
    action: 'read',
    success: 200,
    url: (w) => `/api/notes/${w.noteId}/export?format=md`,
  },
  'GET /api/projects/:id/export': { target: 'project', action: 'read', success: 200 },
  'GET /api/notes': {
    target: 'project',
    action: 'read',
    success: 200,
    url: (w) => `/api/notes?projectId=${w.projectId}`,
  },
  'GET /api/notes/counts': {
    target: 'project',
    action: 'read',
    success: 200,
    url: (w) => `/api/notes/counts?projectId=${w.projectId}`,
  },
  'POST /api/notes': {
    target: 'project',
    action: 'create',
    success: 201,
    body: (w) => ({ projectId: w.projectId, title: 'Added' }),
  },

  // Trash: authorized exactly like deleting (a note: its project's owner or author; a project: its owner).
  'POST /api/trash/notes/:id/restore': { target: 'note', action: 'delete', success: 200, trashed: 'note' },
  'DELETE /api/trash/notes/:id': { target: 'note', action: 'delete', success: 204, trashed: 'note' },
  'POST /api/trash/projects/:id/restore': {
    target: 'project',
    action: 'deleteProject',
    success: 200,
    trashed: 'project',
  },
  'DELETE /api/trash/projects/:id': {
    target: 'project',
    action: 'deleteProject',
    success: 204,
    trashed: 'project',
  },

  // No project object: lists of the caller's own things, their own account, or per-user records.
  'GET /api/projects': { unscoped: "the caller's own list (membership join; notes.test.ts)" },
  'POST /api/projects': { unscoped: 'creates a project the caller owns' },
  'POST /api/projects/from-template': { unscoped: 'creates projects the caller owns' },
  'GET /api/shared-projects': { unscoped: "the caller's own list (sharing.test.ts: strangers see none)" },
  'POST /api/shared-projects': { unscoped: 'creates a project the caller owns' },
  'POST /api/shared-projects/join': { unscoped: 'by code, not id (sharing.test.ts: bans, limits)' },
  'GET /api/pins': { unscoped: "the caller's own pins" },
  'GET /api/trash': {
    unscoped:
      "the caller's own Trash: owned projects, notes they may delete where still a member (trash.test.ts)",
  },
  'DELETE /api/trash': { unscoped: "empties the caller's own Trash: what GET lists (trash.test.ts)" },
  'GET /api/search': { unscoped: 'membership join (sharing.test.ts: a stranger finds nothing)' },
  'GET /api/drafts/:kind': { unscoped: 'per-user draft slot; :kind is not an object id (drafts.test.ts)' },
  'PUT /api/drafts/:kind': { unscoped: 'per-user draft slot (drafts.test.ts)' },
  'DELETE /api/drafts/:kind': { unscoped: 'per-user draft slot (drafts.test.ts)' },
  'PUT /api/drafts/:kind/slots/:slot': {
    unscoped: "per-user tab slot; :slot is the browser's opaque id, bound to the caller (drafts.test.ts)",
  },
  'DELETE /api/drafts/:kind/slots/:slot': {
    unscoped: "per-user tab slot; another user's id deletes nothing of theirs (drafts.test.ts)",
  },
  'GET /api/ai/status': { unscoped: 'server capability' },
  'POST /api/ai/enhance': { unscoped: 'text in, text out; no stored object' },
  'POST /api/ai/capture': { unscoped: "writes into the caller's own Inbox (ai-api.test.ts)" },
  'POST /api/ai/capture/proposal': { unscoped: "reads only the caller's own project names (ai-api.test.ts)" },
  'GET /api/voice/options': { unscoped: 'server capability; requireAccess (voice.test.ts: FREE refused)' },
  'POST /api/voice/calls': { unscoped: 'creates a call the caller owns (voice.test.ts: one live call each)' },
  'GET /api/voice/calls': { unscoped: "the caller's own calls (voice.test.ts)" },
  'GET /api/voice/calls/:id': {
    unscoped: "per-user call, not a project's: another user gets 404 (voice.test.ts)",
  },
  'POST /api/voice/calls/:id/utterances': {
    unscoped: 'per-user call: another user gets 404 (voice.test.ts)',
  },
  'POST /api/voice/calls/:id/turns': { unscoped: 'per-user call: another user gets 404 (voice.test.ts)' },
  'POST /api/voice/calls/:id/end': { unscoped: 'per-user call: another user gets 404 (voice.test.ts)' },
  'POST /api/voice/calls/:id/save': {
    unscoped:
      "per-user call (another user: 404); the body's project is checked with the notes 'create' policy: 404 unseen, 403 refused (voice.test.ts)",
  },
  'DELETE /api/voice/calls/:id': { unscoped: 'per-user call: another user gets 404 (voice.test.ts)' },
  'POST /api/voice/calls/:id/restore': {
    unscoped: 'per-user discarded call: another user gets 404 (voice.test.ts)',
  },
  'POST /api/voice/speech': {
    unscoped: 'text in, audio out; no stored object; requireAccess (voice.test.ts)',
  },
  'GET /api/export': { unscoped: 'every project the caller is a member of (export-import.test.ts)' },
  'POST /api/import': {
    unscoped:
      'multipart upload; the query projectId is checked for create (export-import.test.ts: stranger 404)',
  },
  'GET /api/me': { unscoped: 'own profile' },
  'PATCH /api/me': { unscoped: 'own profile' },
  'GET /api/me/last-page': { unscoped: 'own preference' },
  'PUT /api/me/last-page': { unscoped: 'own preference' },
  'POST /api/me/avatar': { unscoped: 'own profile picture (uploads.test.ts)' },
  'PUT /api/me/avatar': { unscoped: 'own profile picture, fetched from a URL (uploads.test.ts)' },
  'DELETE /api/me/avatar': { unscoped: 'own profile picture (uploads.test.ts)' },
  'GET /api/avatars/:file': {
    unscoped:
      "signed-in users see each other's current picture; an old or made-up name is 404 (uploads.test.ts)",
  },
  'POST /api/images': {
    unscoped: "the caller's own upload; with noteId, editText on that note is required (uploads.test.ts)",
  },
  'GET /api/images/:file': {
    unscoped: 'uploader, or a reader of a note linked to the image; others 404 (uploads.test.ts)',
  },
  'GET /api/me/tutorial': { unscoped: 'own preference' },
  'GET /api/me/data': { unscoped: "own account's data: projects it is a member of (account.test.ts)" },
  'GET /api/import-jobs': { unscoped: "the caller's own recent import jobs (import-jobs.test.ts)" },
  'GET /api/import-jobs/:id': {
    unscoped: 'per-user job, not a project: another user gets 404 (import-jobs.test.ts)',
  },
  'POST /api/me/data-exports': { unscoped: "starts the caller's own data export (data-export-jobs.test.ts)" },
  'GET /api/me/data-exports/latest': { unscoped: "the caller's own latest data export" },
  'GET /api/me/data-exports/:id': {
    unscoped: 'per-user job, not a project: another user gets 404 (data-export-jobs.test.ts)',
  },
  'GET /api/me/data-exports/:id/download': {
    unscoped: 'per-user job: another user gets 404 (data-export-jobs.test.ts)',
  },
  'GET /api/me/deletion': { unscoped: 'own account: what deleting it would do (account.test.ts)' },
  'POST /api/me/delete': { unscoped: 'own account, password re-entered (account.test.ts)' },
  'PUT /api/me/tutorial': { unscoped: 'own preference' },
  'GET /api/auth/*': { unscoped: 'better-auth (auth.test.ts)' },
  'POST /api/auth/*': { unscoped: 'better-auth (auth.test.ts)' },
  'GET /api/demo': { unscoped: 'public: whether the demo account exists' },
  'GET /api/auth-options': { unscoped: 'public: whether sign-up is open (admin.test.ts)' },
  'GET /api/health': { unscoped: 'public health check' },
  'GET /api/health/ready': { unscoped: 'public readiness check (health.test.ts)' },
  'GET /api/password-reset': {
    unscoped: 'public: whether Forgot password? can email a link (accounts.test.ts)',
  },
  'GET /api/billing/options': { unscoped: 'public: whether this server sells the plan (billing.test.ts)' },
  'POST /api/billing/checkout': {
    unscoped: 'requireAuth (FREE and trial users buy): a session for the caller only (billing.test.ts)',
  },
  'GET /api/billing/sessions/:id': {
    unscoped: "requireAuth; another user's session answers 404 like a made-up one (billing.test.ts)",
  },
  'POST /api/billing/webhook': {
    unscoped:
      "public: Stripe's signature is the authentication; Origin-exempt, rate-limited (billing.test.ts)",
  },
  'GET /api/events': { unscoped: 'WebSocket: authenticated on upgrade (realtime.test.ts)' },
  'GET /collab': { unscoped: 'WebSocket: authenticated per document (realtime.test.ts)' },
};

const METHODS = new Set<string>(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** The API routes as the app registered them (static files and docs are not the API). */
function apiRoutes(t: TestApp): string[] {
  const keys = t.routes
    .filter((route) => METHODS.has(route.method))
    .filter((route) => route.url.startsWith('/api/') || route.url === '/collab')
    .filter((route) => !route.url.startsWith('/api/docs'))
    .map((route) => `${route.method} ${route.url}`);
  return [...new Set(keys)].sort();
}

describe.each(dialects)('authorization matrix on %s', (dialect) => {
  let t: TestApp;
  const users = {} as Record<Actor, { cookie: string; id: string }>;

  beforeAll(async () => {
    t = await startTestApp(dialect, { DEMO_ACCOUNT: 'false' });
    for (const actor of ['stranger', 'member', 'owner'] as const) {
      const account = await signUp(t.app, { name: actor });
      users[actor] = { cookie: account.cookie, id: account.user.id };
    }
  });
  afterAll(async () => {
    await t?.close();
    await t?.testDb.destroy();
  });

  const call = (actor: Actor, method: Method, url: string, body?: unknown) =>
    request(t.app, method, url, { cookie: users[actor].cookie, ...(body !== undefined ? { body } : {}) });

  /** Fresh objects for one cell: every call may change or delete what it touches. */
  async function world(kind: ProjectKind): Promise<World> {
    const personalOf = {} as Record<Actor, string>;
    for (const actor of ['stranger', 'member', 'owner'] as const) {
      personalOf[actor] = (await call(actor, 'POST', '/api/projects', { name: `${actor} own` })).json().id;
    }
    let projectId: string;
    if (kind === 'shared') {
      const shared = (await call('owner', 'POST', '/api/shared-projects', { name: 'Team' })).json();
      projectId = shared.id;
      const joined = await call('member', 'POST', '/api/shared-projects/join', { code: shared.code });
      expect(joined.statusCode).toBe(200);
    } else {
      projectId = (await call('owner', 'POST', '/api/projects', { name: 'Private' })).json().id;
    }
    const noteId = (
      await call('owner', 'POST', '/api/notes', { projectId, title: 'Owner note', content: 'first' })
    ).json().id;
    const edited = await call('owner', 'PATCH', `/api/notes/${noteId}`, { content: 'second', version: 1 });
    expect(edited.statusCode).toBe(200);
    const versions = (await call('owner', 'GET', `/api/notes/${noteId}/versions`)).json().versions;
    const versionId = versions.at(-1).id;
    return { projectId, kind, noteId, memberId: users.member.id, versionId, personalOf };
  }

  function roleOf(actor: Actor, kind: ProjectKind): ProjectRole {
    if (actor === 'owner') return 'owner';
    return actor === 'member' && kind === 'shared' ? 'member' : 'none';
  }

  function expected(entry: Scoped, actor: Actor, kind: ProjectKind): number {
    const role = roleOf(actor, kind);
    if (role === 'none' || (entry.onlyKind && entry.onlyKind !== kind)) return 404;
    const action = typeof entry.action === 'function' ? entry.action(role) : entry.action;
    // Notes in the world are the owner's, so only the owner is their author.
    const allowed = can({ role, kind, isAuthor: actor === 'owner' }, action);
    const destinationAllowed =
      !entry.alsoAtDestination || can({ role: 'owner', kind: 'personal' }, entry.alsoAtDestination);
    return allowed && destinationAllowed ? entry.success : 403;
  }

  it('classifies every route the server registers', () => {
    const routes = apiRoutes(t);
    expect(routes.length).toBeGreaterThan(20);
    const unclassified = routes.filter((key) => !(key in EXPECTATIONS));
    expect(unclassified, 'add these routes to EXPECTATIONS').toEqual([]);
    // And nothing stale: every expectation names a real route.
    const stale = Object.keys(EXPECTATIONS).filter((key) => !routes.includes(key));
    expect(stale, 'these expectations name no route').toEqual([]);
  });

  const cells = Object.entries(EXPECTATIONS).flatMap(([key, entry]) =>
    'unscoped' in entry
      ? []
      : (
          [
            ['shared', 'stranger'],
            ['shared', 'member'],
            ['shared', 'owner'],
            ['personal', 'stranger'],
            ['personal', 'owner'],
          ] as const
        ).map(([kind, actor]) => [key, kind, actor] as const),
  );

  it.each(cells)('%s on a %s project as the %s', async (key, kind, actor) => {
    const entry = EXPECTATIONS[key] as Scoped;
    const [method, pattern] = key.split(' ') as [Method, string];
    const w = await world(kind);
    if (entry.trashed) {
      const url = entry.trashed === 'note' ? `/api/notes/${w.noteId}` : `/api/projects/${w.projectId}`;
      expect((await call('owner', 'DELETE', url)).statusCode).toBe(204);
    }
    const id = entry.target === 'note' ? w.noteId : w.projectId;
    const url = entry.url ? entry.url(w) : pattern.replace(':id', id);
    const response = await call(actor, method, url, entry.body?.(w, actor));
    const status = expected(entry, actor, kind);
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
    if (status >= 400) {
      const error = response.json().error;
      expect(error.code).toBe(status === 404 ? ERROR_CODES.notFound : ERROR_CODES.forbidden);
      expect(error.message).toEqual(expect.any(String));
    }
    // A refused call changed nothing the owner can see.
    if (status >= 400 && entry.trashed) {
      const trash = (await call('owner', 'GET', '/api/trash')).json().items;
      expect(trash).toContainEqual(
        expect.objectContaining({
          kind: entry.trashed,
          id: entry.trashed === 'note' ? w.noteId : w.projectId,
        }),
      );
    } else if (status >= 400 && method !== 'GET') {
      const note = await call('owner', 'GET', `/api/notes/${w.noteId}`);
      expect(note.statusCode).toBe(200);
      expect(note.json()).toMatchObject({ projectId: w.projectId, title: 'Owner note' });
      const project = (await call('owner', 'GET', `/api/projects/${w.projectId}`)).json();
      expect(project.name).toBe(kind === 'shared' ? 'Team' : 'Private');
    }
  });
});
