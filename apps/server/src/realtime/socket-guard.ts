import { hasAccess } from '@notewise/shared';
import type { FastifyBaseLogger, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { WebSocket } from 'ws';
import type { Database } from '../db/types';
import type { OriginPolicy } from '../http/public-origin';
import {
  type SessionResolver,
  type SessionStanding,
  type SessionUser,
  sessionsByToken,
} from '../http/session';
import { SESSION_COOKIE_PREFIX } from '../modules/auth/auth';
import { sharedNoteMembers } from '../modules/projects/membership.repo';
import { opsMetrics } from '../ops/metrics';
import { addressKey } from '../rate-limit/address-key';

/**
 * Limits of the two WebSockets (/api/events and /collab); decision 006 explains each number.
 * Tests may lower some of them (BuildOptions.socketLimits) to reach them quickly.
 */
export interface SocketLimits {
  /** Largest frame a client may send (ws closes with 1009 above it). */
  maxPayloadBytes: number;
  /** Sustained messages per second per connection, and the burst allowed on top. */
  messagesPerSecond: number;
  messageBurst: number;
  /** Sustained bytes per second per connection; the burst is two maximum frames. */
  bytesPerSecond: number;
  /** Open sockets (both kinds together) per account and per client address. */
  maxSocketsPerUser: number;
  maxSocketsPerIp: number;
  /** Bytes waiting to be written to one client; above it the client is too slow and is cut off. */
  maxBufferedBytes: number;
  /** Messages, and bytes, a co-editing socket may send for documents it is not yet admitted to. */
  maxPendingMessages: number;
  maxPendingBytes: number;
  /** How often open sockets' sessions, plans and memberships are checked again. */
  sweepIntervalMs: number;
  /** After a document-level refusal, how long a client gets to leave before its socket is closed. */
  revokeGraceMs: number;
}

export const DEFAULT_SOCKET_LIMITS: SocketLimits = {
  maxPayloadBytes: 2 * 1024 * 1024,
  messagesPerSecond: 100,
  messageBurst: 300,
  bytesPerSecond: 2 * 1024 * 1024,
  maxSocketsPerUser: 32,
  maxSocketsPerIp: 256,
  maxBufferedBytes: 8 * 1024 * 1024,
  maxPendingMessages: 64,
  maxPendingBytes: 2 * 1024 * 1024,
  sweepIntervalMs: 500,
  revokeGraceMs: 250,
};

export interface CloseReason {
  code: number;
  reason: string;
}

/** Close codes: 4401/4403 as Hocuspocus and our events client name them; the rest are RFC 6455's. */
export const CLOSE = {
  unauthorized: { code: 4401, reason: 'Unauthorized' },
  forbidden: { code: 4403, reason: 'Forbidden' },
  invalidUpdate: { code: 4422, reason: 'Invalid update' },
  tooManyMessages: { code: 1008, reason: 'Too many messages' },
  tooManySockets: { code: 1013, reason: 'Too many connections' },
  tooSlow: { code: 1008, reason: 'Too slow' },
  malformed: { code: 1003, reason: 'Malformed message' },
} as const satisfies Record<string, CloseReason>;

/** After our close frame, a client that does not answer is cut off this much later. */
const CLOSE_HANDSHAKE_MS = 1000;
const SWEEP_CHUNK = 500;

export type SocketKind = 'events' | 'collab';

/** One open, authenticated socket. The sweep keeps `user` current (plan changes). */
export interface GuardedSocket {
  readonly socket: WebSocket;
  readonly kind: SocketKind;
  /** The client address as the per-address cap counts it (an IPv6 address by its prefix). */
  readonly ip: string;
  readonly sessionToken: string;
  user: SessionUser;
  /** Set once the socket lost its session or access: nothing it asks for is allowed any more. */
  revoked: CloseReason | null;
  /** Collab only: the shared notes this socket has open (note id -> close that document here). */
  readonly documents: Map<string, (reason: CloseReason) => void>;
  /**
   * Collab only: notes the server closed here because someone may have lost access (removal, move);
   * the next sweep closes the socket if this user did, and it has nothing else open.
   */
  readonly recheck: Set<string>;
}

type Admission = { user: SessionUser; sessionToken: string } | { refuse: CloseReason };

/** The session token inside the signed better-auth cookie (`token.signature`, URL-encoded). */
export function sessionTokenFrom(cookieHeader: string | undefined): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    const name = part.slice(0, index).trim();
    if (
      name !== `${SESSION_COOKIE_PREFIX}.session_token` &&
      name !== `__Secure-${SESSION_COOKIE_PREFIX}.session_token`
    )
      continue;
    let value: string;
    try {
      value = decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      return null;
    }
    const dot = value.lastIndexOf('.');
    return dot > 0 ? value.slice(0, dot) : null;
  }
  return null;
}

/**
 * Closes with a code the client can read and cuts it off if it lingers. Whatever it still sends
 * meanwhile is parsed by ws and dropped (nothing listens, or the gate in front of Hocuspocus drops
 * it); not reading at all would also hold back the client's own close frame, so it would only see
 * the code when cut off.
 */
export function refuseSocket(socket: WebSocket, close: CloseReason) {
  if (socket.readyState === socket.CLOSED) return;
  if (socket.readyState === socket.OPEN) opsMetrics.socketRefused(close);
  if (socket.readyState === socket.OPEN) socket.close(close.code, close.reason);
  setTimeout(() => socket.terminate(), CLOSE_HANDSHAKE_MS).unref();
}

/** Token bucket: `burst` at once, `perSecond` sustained. */
export class MessageBudget {
  private tokens: number;
  private last: number;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    now = Date.now(),
  ) {
    this.tokens = burst;
    this.last = now;
  }

  take(amount = 1, now = Date.now()): boolean {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
    if (this.tokens < amount) return false;
    this.tokens -= amount;
    return true;
  }
}

export interface SocketGuardDeps {
  db: Kysely<Database>;
  resolveSession: SessionResolver;
  originPolicy: OriginPolicy;
  limits: SocketLimits;
  log: FastifyBaseLogger;
  /** RATE_LIMIT_IPV6_PREFIX: the per-address cap counts an IPv6 client by this prefix (addressKey). */
  ipv6Prefix?: number | undefined;
}

/**
 * Admission and policing of both WebSockets (decision 006):
 * - identity, Origin and access are settled on the upgrade request (a preValidation hook, before the
 *   upgrade is answered), so a refused client never gets a message read, queued or parsed;
 * - connection caps per account and per address, a message budget per connection;
 * - every `sweepIntervalMs` one batched query re-checks all open sockets' sessions and plans, and one
 *   the memberships behind open shared notes: sign-out (any instance, the admin CLI), account
 *   deletion, plan loss and removal from a project close the affected sockets within a second.
 *   The same sweep cuts off clients that do not read (bufferedAmount over the limit).
 */
export function createSocketGuard(deps: SocketGuardDeps) {
  const { db, limits, log } = deps;
  const admissions = new WeakMap<FastifyRequest, Admission>();
  const open = new Set<GuardedSocket>();
  const perUser = new Map<string, number>();
  const perIp = new Map<string, number>();

  const originAllowed = (request: FastifyRequest): boolean => {
    const origin = request.headers.origin;
    if (origin === undefined) return true;
    // The same policy as requests (PUBLIC_URL, forwarded host from a trusted proxy), not the raw Host.
    return deps.originPolicy.allows(request, origin, true);
  };

  /** Runs before the upgrade is answered: nothing from the client is read until this is settled. */
  const admit: preValidationAsyncHookHandler = async (request) => {
    if (!originAllowed(request)) {
      admissions.set(request, { refuse: CLOSE.unauthorized });
      return;
    }
    const sessionToken = sessionTokenFrom(request.headers.cookie);
    const user = sessionToken ? await deps.resolveSession(request.headers.cookie) : null;
    if (!user || !sessionToken) {
      admissions.set(request, { refuse: CLOSE.unauthorized });
      return;
    }
    // The resolver may answer from its few seconds of cache; a socket lives for hours, so it starts
    // from the stored session and plan: one signed out, disabled, deleted or downgraded elsewhere (the
    // admin CLI, another instance) cannot reopen in that window, not even until the next sweep.
    const standing = (await sessionsByToken(db, [sessionToken])).get(sessionToken);
    if (!standing || standing.userId !== user.id || standing.expiresAt.getTime() <= Date.now()) {
      admissions.set(request, { refuse: CLOSE.unauthorized });
      return;
    }
    admissions.set(request, {
      user: { ...user, plan: standing.plan, planExpiresAt: standing.planExpiresAt },
      sessionToken,
    });
  };

  const count = (map: Map<string, number>, key: string, delta: number) => {
    const next = (map.get(key) ?? 0) + delta;
    if (next <= 0) map.delete(key);
    else map.set(key, next);
  };

  /**
   * The upgraded socket: registered and policed, or refused (closed with a code, never read).
   * `onMessage` sees each message that passed the budget; return false to drop it.
   */
  const accept = (socket: WebSocket, request: FastifyRequest, kind: SocketKind): GuardedSocket | null => {
    const admission = admissions.get(request);
    admissions.delete(request);
    if (!admission || 'refuse' in admission) {
      refuseSocket(socket, admission?.refuse ?? CLOSE.unauthorized);
      return null;
    }
    const { user, sessionToken } = admission;
    // One client holds a whole IPv6 /64: counted per address, it could open 256 sockets per address.
    const ip = addressKey(request.ip, deps.ipv6Prefix);
    if (
      (perUser.get(user.id) ?? 0) >= limits.maxSocketsPerUser ||
      (perIp.get(ip) ?? 0) >= limits.maxSocketsPerIp
    ) {
      refuseSocket(socket, CLOSE.tooManySockets);
      return null;
    }
    const guarded: GuardedSocket = {
      socket,
      kind,
      ip,
      sessionToken,
      user,
      revoked: null,
      documents: new Map(),
      recheck: new Set(),
    };
    open.add(guarded);
    count(perUser, user.id, 1);
    count(perIp, ip, 1);
    socket.once('close', () => {
      if (!open.delete(guarded)) return;
      count(perUser, user.id, -1);
      count(perIp, ip, -1);
    });
    return guarded;
  };

  /** Lost its session or access: documents refused first (the client understands that), then the socket. */
  const revoke = (guarded: GuardedSocket, reason: CloseReason) => {
    if (guarded.revoked) return;
    guarded.revoked = reason;
    if (guarded.kind === 'events' || guarded.documents.size === 0) {
      refuseSocket(guarded.socket, reason);
      return;
    }
    for (const closeDocument of [...guarded.documents.values()]) closeDocument(reason);
    setTimeout(() => refuseSocket(guarded.socket, reason), limits.revokeGraceMs).unref();
  };

  /**
   * A co-editing socket with no document open after a refusal: the web client closes it itself on
   * the refusal (the grace leaves it that moment); any other client is closed with 4403.
   */
  const closeIfIdle = (guarded: GuardedSocket) => {
    if (guarded.documents.size > 0) return;
    setTimeout(() => {
      if (guarded.documents.size === 0) refuseSocket(guarded.socket, CLOSE.forbidden);
    }, limits.revokeGraceMs).unref();
  };

  /** Lost access to one note: that document is closed; a socket left with none is closed too. */
  const revokeDocument = (guarded: GuardedSocket, noteId: string) => {
    const closeDocument = guarded.documents.get(noteId);
    if (!closeDocument) return;
    closeDocument(CLOSE.forbidden);
    guarded.documents.delete(noteId);
    closeIfIdle(guarded);
  };

  const sweep = async () => {
    const sockets = [...open].filter((guarded) => !guarded.revoked);
    for (const guarded of sockets) {
      if (guarded.socket.bufferedAmount > limits.maxBufferedBytes) {
        log.warn({ userId: guarded.user.id, kind: guarded.kind }, 'socket client too slow; cut off');
        guarded.revoked = opsMetrics.socketRefused(CLOSE.tooSlow);
        guarded.socket.terminate();
      }
    }
    const live = sockets.filter((guarded) => !guarded.revoked);
    if (live.length === 0) return;

    // Sessions (sign-out anywhere, expiry, account deletion) and plans, in one query per 500 tokens.
    const tokens = [...new Set(live.map((guarded) => guarded.sessionToken))];
    const sessions = new Map<string, SessionStanding>();
    for (let i = 0; i < tokens.length; i += SWEEP_CHUNK) {
      for (const [token, session] of await sessionsByToken(db, tokens.slice(i, i + SWEEP_CHUNK))) {
        sessions.set(token, session);
      }
    }
    const now = Date.now();
    for (const guarded of live) {
      const session = sessions.get(guarded.sessionToken);
      if (!session || session.userId !== guarded.user.id || session.expiresAt.getTime() <= now) {
        revoke(guarded, CLOSE.unauthorized);
        continue;
      }
      guarded.user = { ...guarded.user, plan: session.plan, planExpiresAt: session.planExpiresAt };
      // Co-editing needs access (docs/product.md §6: shared projects need PRO or UNLIMITED); events do not.
      if (guarded.kind === 'collab' && !hasAccess(session.plan, session.planExpiresAt, now)) {
        revoke(guarded, CLOSE.forbidden);
      }
    }

    // Memberships behind every open shared note (removal, project deleted, note moved away).
    const editing = live.filter(
      (guarded) => !guarded.revoked && (guarded.documents.size > 0 || guarded.recheck.size > 0),
    );
    if (editing.length === 0) return;
    const noteIds = [
      ...new Set(editing.flatMap((guarded) => [...guarded.documents.keys(), ...guarded.recheck])),
    ];
    const userIds = [...new Set(editing.map((guarded) => guarded.user.id))];
    const allowed = new Set<string>();
    for (let i = 0; i < noteIds.length; i += SWEEP_CHUNK) {
      const pairs = await sharedNoteMembers(db, noteIds.slice(i, i + SWEEP_CHUNK), userIds);
      for (const { noteId, userId } of pairs) allowed.add(`${noteId}:${userId}`);
    }
    for (const guarded of editing) {
      for (const noteId of [...guarded.documents.keys()]) {
        if (!allowed.has(`${noteId}:${guarded.user.id}`)) revokeDocument(guarded, noteId);
      }
      for (const noteId of [...guarded.recheck]) {
        guarded.recheck.delete(noteId);
        if (!allowed.has(`${noteId}:${guarded.user.id}`)) closeIfIdle(guarded);
      }
    }
  };

  let sweeping = false;
  const timer = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    sweep()
      .catch((err: unknown) => log.error({ err }, 'socket sweep failed'))
      .finally(() => {
        sweeping = false;
      });
  }, limits.sweepIntervalMs);
  timer.unref();

  return {
    admit,
    accept,
    closeIfIdle,
    open: open as ReadonlySet<GuardedSocket>,
    /** Run one sweep now (tests, and after a change this instance knows about). */
    sweep,
    stop() {
      clearInterval(timer);
    },
  };
}

export type SocketGuard = ReturnType<typeof createSocketGuard>;

/** Counts messages and bytes against the budget; over it the socket is closed, the rest dropped. */
export function meterMessages(guarded: GuardedSocket, limits: SocketLimits): (data: unknown) => boolean {
  const messages = new MessageBudget(limits.messagesPerSecond, limits.messageBurst);
  const bytes = new MessageBudget(limits.bytesPerSecond, 2 * limits.maxPayloadBytes);
  return (data) => {
    if (guarded.revoked) return false;
    const size = data instanceof Uint8Array ? data.byteLength : 0;
    if (messages.take() && bytes.take(size)) return true;
    guarded.revoked = CLOSE.tooManyMessages;
    refuseSocket(guarded.socket, CLOSE.tooManyMessages);
    return false;
  };
}
