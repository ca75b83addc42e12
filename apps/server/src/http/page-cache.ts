import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { currentUser } from './session';

/**
 * A list page as sent: its JSON bytes, whose they are, and until when a time-dependent field in it
 * (a share code's expiry) still holds.
 */
interface Page {
  userId: string;
  body: Buffer;
  expiresAt: number;
  /** The body brotli- or gzip-compressed, made on the first hit that asks for it. */
  packed: Partial<Record<Encoding, Buffer>>;
  bytes: number;
}

type Encoding = 'br' | 'gzip';

/** As http/compression.ts: bodies from 1 KB, brotli at quality 4. */
const COMPRESS_FROM_BYTES = 1024;
const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

/** A page being built: an invalidation while it runs keeps it out of the cache. */
interface Flight {
  void: boolean;
}

const JSON_TYPE = 'application/json; charset=utf-8';
/**
 * The longest a page is kept even without an event: the bound on how stale a page can be after a
 * write no event announces (the admin CLI is another process; a Redis publish that failed reached
 * only its own instance).
 */
export const PAGE_MAX_AGE_MS = 60_000;

/**
 * The list pages a client fetches on every navigation (decision 067), per user, as the bytes sent:
 * a hit skips the database, the mapping and the serialisation. Any change event for a user drops
 * their pages (`forgetUsers`), and a page being built when that happens is not kept, so a page from
 * before a change is never stored after it. Bounded by bytes, least recently used out first; while
 * `usable()` says no (the event bus cannot deliver), nothing is served from it or kept.
 */
export class PageCache {
  private readonly pages = new Map<string, Page>();
  private readonly keysOf = new Map<string, Set<string>>();
  private readonly flights = new Map<string, Set<Flight>>();
  private bytes = 0;
  hits = 0;
  misses = 0;
  /** Pages pushed out by the byte budget (not those an event or their age dropped). */
  evictions = 0;

  constructor(
    readonly maxBytes: number,
    private readonly usable: () => boolean = () => true,
  ) {}

  get size(): { pages: number; bytes: number } {
    return { pages: this.pages.size, bytes: this.bytes };
  }

  /** Drops these users' pages and voids the pages being built for them. */
  forgetUsers(userIds: Iterable<string>): void {
    for (const userId of userIds) {
      const keys = this.keysOf.get(userId);
      if (keys) for (const key of [...keys]) this.remove(key);
      const flights = this.flights.get(userId);
      if (flights) for (const flight of flights) flight.void = true;
    }
  }

  /** Drops everything (events may have been missed). */
  forgetAll(): void {
    this.pages.clear();
    this.keysOf.clear();
    this.bytes = 0;
    for (const flights of this.flights.values()) for (const flight of flights) flight.void = true;
  }

  /**
   * Sends the cached page for this request's user, route and query, or builds it with `build`
   * (called only on a miss), serialises it with the route's response schema, sends and keeps it.
   * Call it only after the session was checked (a route's onRequest requireAuth).
   */
  async serve<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    build: () => Promise<T>,
    expiresAt: (page: T) => number | null = () => null,
  ): Promise<FastifyReply> {
    const userId = currentUser(request).id;
    const enabled = this.maxBytes > 0 && this.usable();
    const key = enabled ? pageKey(userId, request) : '';
    const cached = enabled ? this.lookup(key) : undefined;
    if (cached) {
      this.hits += 1;
      reply.header('content-type', JSON_TYPE);
      const encoding = cached.body.length >= COMPRESS_FROM_BYTES ? acceptedEncoding(request) : null;
      if (!encoding) return reply.send(cached.body);
      // Compressed once and kept: the compression plugin would redo it on every hit.
      return reply
        .header('content-encoding', encoding)
        .header('vary', 'accept-encoding')
        .send(this.packedBody(cached, encoding));
    }
    this.misses += 1;
    const flight: Flight = { void: !enabled };
    this.track(userId, flight);
    try {
      const page = await build();
      const body = Buffer.from(reply.serialize(page) as string, 'utf8');
      if (!flight.void && this.usable()) {
        const until = Math.min(expiresAt(page) ?? Number.POSITIVE_INFINITY, Date.now() + PAGE_MAX_AGE_MS);
        this.store(key, { userId, body, expiresAt: until, packed: {}, bytes: body.length });
      }
      return reply.header('content-type', JSON_TYPE).send(body);
    } finally {
      this.untrack(userId, flight);
    }
  }

  private lookup(key: string): Page | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    if (page.expiresAt <= Date.now()) {
      this.remove(key);
      return undefined;
    }
    // Most recently used last: Map keeps insertion order, so the oldest is evicted first.
    this.pages.delete(key);
    this.pages.set(key, page);
    return page;
  }

  private packedBody(page: Page, encoding: Encoding): Buffer {
    const kept = page.packed[encoding];
    if (kept) return kept;
    const packed = encoding === 'br' ? zlib.brotliCompressSync(page.body, BROTLI) : zlib.gzipSync(page.body);
    page.packed[encoding] = packed;
    page.bytes += packed.length;
    this.bytes += packed.length;
    this.evict();
    return packed;
  }

  private store(key: string, page: Page): void {
    // One page larger than an eighth of the budget would push out many others for one user.
    if (page.body.length > this.maxBytes / 8) return;
    this.remove(key);
    this.pages.set(key, page);
    this.bytes += page.bytes;
    let keys = this.keysOf.get(page.userId);
    if (!keys) {
      keys = new Set();
      this.keysOf.set(page.userId, keys);
    }
    keys.add(key);
    this.evict();
  }

  private evict(): void {
    for (const oldest of this.pages.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(oldest);
      this.evictions += 1;
    }
  }

  private remove(key: string): void {
    const page = this.pages.get(key);
    if (!page) return;
    this.pages.delete(key);
    this.bytes -= page.bytes;
    const keys = this.keysOf.get(page.userId);
    keys?.delete(key);
    if (keys?.size === 0) this.keysOf.delete(page.userId);
  }

  private track(userId: string, flight: Flight): void {
    let flights = this.flights.get(userId);
    if (!flights) {
      flights = new Set();
      this.flights.set(userId, flights);
    }
    flights.add(flight);
  }

  private untrack(userId: string, flight: Flight): void {
    const flights = this.flights.get(userId);
    flights?.delete(flight);
    if (flights?.size === 0) this.flights.delete(userId);
  }
}

/**
 * The encoding @fastify/compress would choose for this request (brotli before gzip at equal
 * quality values, none for x-no-compression), or null for the plain body.
 */
function acceptedEncoding(request: FastifyRequest): Encoding | null {
  const header = request.headers['accept-encoding'];
  if (!header || request.headers['x-no-compression'] !== undefined) return null;
  let best: Encoding | null = null;
  let bestQ = 0;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const quality = q ? Number(q.slice(2)) : 1;
    if (!(quality > 0)) continue;
    for (const encoding of name === '*' ? (['br', 'gzip'] as const) : [name]) {
      if (
        (encoding === 'br' || encoding === 'gzip') &&
        (quality > bestQ || (quality === bestQ && encoding === 'br'))
      ) {
        best = encoding;
        bestQ = quality;
      }
    }
  }
  return best;
}

/**
 * User, route pattern and the validated query (defaults applied, keys sorted): two spellings of the
 * same request share a page, and nothing the client sends outside the schema reaches the key.
 */
function pageKey(userId: string, request: FastifyRequest): string {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const parts: string[] = [];
  for (const name of Object.keys(query).sort()) {
    const value = query[name];
    if (value !== undefined) parts.push(`${name}=${encodeURIComponent(String(value))}`);
  }
  return `${userId}\n${request.routeOptions.url ?? request.url}\n${parts.join('&')}`;
}

/** Makes `app.cachedPage` available to list routes (the modules do not hold the cache themselves). */
export function registerPageCache(app: FastifyInstance, cache: PageCache): void {
  app.decorate('cachedPage', (request, reply, build, expiresAt) =>
    cache.serve(request, reply, build, expiresAt),
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A list route's answer through the page cache (decision 067): the cached bytes, or `build()`'s
     * page serialised and kept. Only for a route behind requireAuth whose page changes only with the
     * change events of its user (or at `expiresAt`, ms).
     */
    cachedPage<T>(
      request: FastifyRequest,
      reply: FastifyReply,
      build: () => Promise<T>,
      expiresAt?: (page: T) => number | null,
    ): Promise<FastifyReply>;
  }
}
