import { hasAccess, isExpiredPro, type Plan } from '@notewise/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { accessRequired, unauthorized } from './errors';
import { sessionRepo } from './session.repo';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  image: string | null;
  createdAt: Date;
  plan: Plan;
  planExpiresAt: Date | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

export function toHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, String(value));
  }
  return headers;
}

/** The expiry sweep of docs/product.md §4 (check_and_update_expired_trials): an expired PRO trial is stored as FREE from now on. */
export async function expireTrialIfDue(db: Kysely<Database>, user: SessionUser): Promise<SessionUser> {
  if (!isExpiredPro(user.plan, user.planExpiresAt)) return user;
  await sessionRepo.expireTrial(db, user.id);
  return { ...user, plan: 'FREE' };
}

const SESSION_CACHE_TTL_MS = 5_000;
const SESSION_CACHE_MAX = 10_000;

/** A resolved session: its user, until when it is used without a look, and the stored session it is. */
interface CachedSession {
  user: SessionUser;
  fresh: number;
  /** The session's token (better-auth's row), and when better-auth would next refresh its expiry. */
  token?: string | undefined;
  refreshDue?: number | undefined;
}

/**
 * A few seconds of memory for resolved sessions, keyed by the Cookie header: most requests then skip
 * the session query and signature check. Sign-out, password, plan and profile changes forget the
 * user at once here and, through the event bus (`announceTo`), on every other instance. Past those
 * seconds an entry is not trusted but kept, so the resolver can re-check its session with one query
 * (`stale`) instead of better-auth's whole resolution (decision 084).
 */
export class SessionCache {
  private readonly entries = new Map<string, CachedSession>();
  private announce: (userId: string) => void = () => {};

  constructor(private readonly ttlMs = SESSION_CACHE_TTL_MS) {}

  /** Where `forgetUser` tells the other instances (app.ts: the event bus). */
  announceTo(announce: (userId: string) => void) {
    this.announce = announce;
  }

  get(key: string): SessionUser | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.fresh < Date.now()) return undefined;
    return entry.user;
  }

  /** An entry past its few seconds (never a fresh one): what to re-check, or undefined. */
  stale(key: string): CachedSession | undefined {
    const entry = this.entries.get(key);
    return entry && entry.fresh < Date.now() ? entry : undefined;
  }

  set(key: string, user: SessionUser, session?: { token: string; refreshDue: number }) {
    if (this.entries.size >= SESSION_CACHE_MAX && !this.entries.has(key)) this.entries.clear();
    const known = this.entries.get(key);
    this.entries.set(key, {
      user,
      fresh: Date.now() + this.ttlMs,
      token: session?.token ?? known?.token,
      refreshDue: session?.refreshDue ?? known?.refreshDue,
    });
  }

  forgetKey(key: string | undefined) {
    if (key) this.entries.delete(key);
  }

  forgetUser(userId: string) {
    this.dropUser(userId);
    this.announce(userId);
  }

  /** Every cached session (the database was written by another process: the admin CLI). */
  clear() {
    this.entries.clear();
  }

  /** This instance only: what another instance's `forgetUser` does here. */
  dropUser(userId: string) {
    for (const [key, entry] of this.entries) if (entry.user.id === userId) this.entries.delete(key);
  }
}

/**
 * What session resolution needs of the auth module (better-auth, built in modules/auth): a cookie's
 * session and its user. Declared here so http/ does not reach up into a module.
 */
export interface SessionSource {
  api: {
    getSession(input: { headers: Headers }): Promise<{
      session?: { token: string; expiresAt: Date | string };
      user: { id: string; email: string; name: string; image?: string | null | undefined; createdAt: Date };
    } | null>;
  };
}

/**
 * better-auth's session lifetime (modules/auth/auth.ts `session.expiresIn` and `updateAge`, seconds):
 * a session whose expiry is due to move on is resolved by better-auth, which moves it.
 */
export interface SessionLifetime {
  expiresInSeconds: number;
  updateAgeSeconds: number;
}

/** A user as stored (our row, or better-auth's view of it), whatever form its dates come in. */
interface StoredUser {
  id: string;
  email: string;
  name: string;
  image?: string | null | undefined;
  createdAt: Date | string;
  plan?: string | null | undefined;
  planExpiresAt?: Date | string | null | undefined;
}

function sessionUserOf(u: StoredUser): SessionUser {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    image: u.image ?? null,
    createdAt: new Date(u.createdAt),
    plan: (u.plan as Plan | null | undefined) ?? 'FREE',
    planExpiresAt: u.planExpiresAt ? new Date(u.planExpiresAt) : null,
  };
}

/** When better-auth would refresh a session expiring at `expiresAt` (its getSession's rule). */
function refreshDueOf(expiresAt: Date | string, lifetime: SessionLifetime): number {
  return new Date(expiresAt).getTime() - (lifetime.expiresInSeconds - lifetime.updateAgeSeconds) * 1000;
}

/**
 * Resolves the user of a Cookie header (HTTP requests and socket handshakes alike). A cookie resolved
 * by better-auth (signature, session, user) within the last few seconds is taken from the cache; one
 * resolved earlier is re-checked with one query: its session row still there, not expired, not due
 * for better-auth's refresh, and its user as stored now. Anything else goes to better-auth again.
 */
export function createSessionResolver(
  auth: SessionSource,
  db: Kysely<Database>,
  cache: SessionCache,
  lifetime?: SessionLifetime,
) {
  const recheck = async (cookie: string): Promise<SessionUser | undefined> => {
    const entry = lifetime ? cache.stale(cookie) : undefined;
    if (!entry?.token || entry.refreshDue === undefined || entry.refreshDue <= Date.now()) return undefined;
    const row = await sessionRepo.standingOf(db, entry.token);
    if (!row || row.user_id !== entry.user.id) return undefined;
    const expiresAt = new Date(row.expires_at);
    const refreshDue = refreshDueOf(expiresAt, lifetime as SessionLifetime);
    if (expiresAt.getTime() <= Date.now() || refreshDue <= Date.now()) return undefined;
    const user = await expireTrialIfDue(
      db,
      sessionUserOf({
        id: row.user_id,
        email: row.email,
        name: row.name,
        image: row.image,
        createdAt: row.created_at,
        plan: row.plan,
        planExpiresAt: row.plan_expires_at,
      }),
    );
    cache.set(cookie, user, { token: entry.token, refreshDue });
    return user;
  };

  return async (cookie: string | undefined): Promise<SessionUser | null> => {
    if (!cookie) return null;
    const cached = cache.get(cookie);
    if (cached) {
      const current = await expireTrialIfDue(db, cached);
      if (current !== cached) cache.set(cookie, current);
      return current;
    }
    const rechecked = await recheck(cookie);
    if (rechecked) return rechecked;
    const session = await auth.api.getSession({ headers: new Headers({ cookie }) });
    if (!session) {
      cache.forgetKey(cookie);
      return null;
    }
    const user = await expireTrialIfDue(db, sessionUserOf(session.user as StoredUser));
    const stored = session.session;
    cache.set(
      cookie,
      user,
      stored && lifetime
        ? { token: stored.token, refreshDue: refreshDueOf(stored.expiresAt, lifetime) }
        : undefined,
    );
    return user;
  };
}

export type SessionResolver = ReturnType<typeof createSessionResolver>;

export function registerSession(app: FastifyInstance, resolve: SessionResolver) {
  app.decorateRequest('user', null);

  const loadUser = async (request: FastifyRequest): Promise<SessionUser | null> => {
    if (request.user) return request.user;
    request.user = await resolve(request.headers.cookie);
    return request.user;
  };

  const requireAuth: onRequestAsyncHookHandler = async (request) => {
    if (!(await loadUser(request))) throw unauthorized();
  };

  const requireAccess: onRequestAsyncHookHandler = async (request) => {
    const user = await loadUser(request);
    if (!user) throw unauthorized();
    if (!hasAccess(user.plan, user.planExpiresAt)) throw accessRequired();
  };

  app.decorate('loadSessionUser', loadUser);
  app.decorate('requireAuth', requireAuth);
  app.decorate('requireAccess', requireAccess);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The signed-in user of a request (cookie session), or null; for sockets and optional auth. */
    loadSessionUser(request: FastifyRequest): Promise<SessionUser | null>;
    /** onRequest hook: 401 unless signed in; sets request.user. */
    requireAuth: onRequestAsyncHookHandler;
    /** onRequest hook: 401 unless signed in, 403 unless PRO in trial or UNLIMITED (docs/product.md §4 and §6). */
    requireAccess: onRequestAsyncHookHandler;
  }
}

/** The signed-in user of a route guarded by requireAuth or requireAccess. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export type { FastifyReply };

/** A stored session as open sockets re-check it: whose it is, until when, and that user's plan now. */
export interface SessionStanding {
  userId: string;
  expiresAt: Date;
  plan: Plan;
  planExpiresAt: Date | null;
}

/**
 * The sessions of these tokens, read straight from the database (not the cache: a sign-out on
 * another instance or by the admin CLI must show). Tokens without a session are absent.
 */
export async function sessionsByToken(
  db: Kysely<Database>,
  tokens: string[],
): Promise<Map<string, SessionStanding>> {
  const rows = await sessionRepo.byTokens(db, tokens);
  return new Map(
    rows.map((row) => [
      row.token,
      {
        userId: row.user_id,
        expiresAt: new Date(row.expires_at),
        plan: row.plan as Plan,
        planExpiresAt: row.plan_expires_at ? new Date(row.plan_expires_at) : null,
      },
    ]),
  );
}
