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

/**
 * A few seconds of memory for resolved sessions, keyed by the Cookie header: most requests then skip
 * the session query and signature check. Sign-out, password, plan and profile changes forget the
 * user at once here and, through the event bus (`announceTo`), on every other instance.
 */
export class SessionCache {
  private readonly entries = new Map<string, { user: SessionUser; expires: number }>();
  private announce: (userId: string) => void = () => {};

  /** Where `forgetUser` tells the other instances (app.ts: the event bus). */
  announceTo(announce: (userId: string) => void) {
    this.announce = announce;
  }

  get(key: string): SessionUser | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires < Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.user;
  }

  set(key: string, user: SessionUser) {
    if (this.entries.size >= SESSION_CACHE_MAX) this.entries.clear();
    this.entries.set(key, { user, expires: Date.now() + SESSION_CACHE_TTL_MS });
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
      user: { id: string; email: string; name: string; image?: string | null | undefined; createdAt: Date };
    } | null>;
  };
}

/** Resolves the user of a Cookie header (HTTP requests and socket handshakes alike). */
export function createSessionResolver(auth: SessionSource, db: Kysely<Database>, cache: SessionCache) {
  return async (cookie: string | undefined): Promise<SessionUser | null> => {
    if (!cookie) return null;
    const cached = cache.get(cookie);
    if (cached) {
      const current = await expireTrialIfDue(db, cached);
      if (current !== cached) cache.set(cookie, current);
      return current;
    }
    const session = await auth.api.getSession({ headers: new Headers({ cookie }) });
    if (!session) return null;
    const u = session.user as typeof session.user & { plan?: string; planExpiresAt?: Date | string | null };
    const user = await expireTrialIfDue(db, {
      id: u.id,
      email: u.email,
      name: u.name,
      image: u.image ?? null,
      createdAt: new Date(u.createdAt),
      plan: (u.plan as Plan | undefined) ?? 'FREE',
      planExpiresAt: u.planExpiresAt ? new Date(u.planExpiresAt) : null,
    });
    cache.set(cookie, user);
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
