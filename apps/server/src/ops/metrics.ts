import { Counter, Gauge, type Registry } from 'prom-client';

/**
 * What an operator pages on (decision 048), kept as plain in-process tallies: the code where an
 * event happens adds one whether or not /metrics is on (a Map update, no prom-client in the hot
 * path), and `registerOpsMetrics` copies them into the Registry on each scrape. Every label value
 * comes from a fixed set in the code (no ids, addresses or user input), so the series stay bounded.
 */
class Tally<L extends string> {
  readonly counts = new Map<string, number>();

  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly L[],
    /** Label sets exported as 0 from the start, so a rate() or an alert has a series to read. */
    initial: ReadonlyArray<Record<L, string>> = labelNames.length === 0 ? [{} as Record<L, string>] : [],
  ) {
    for (const labels of initial) this.counts.set(this.key(labels), 0);
  }

  private key(labels: Record<L, string>): string {
    return JSON.stringify(this.labelNames.map((name) => labels[name]));
  }

  inc(labels: Record<L, string>): void {
    const key = this.key(labels);
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  /** The count for these labels (tests). */
  value(labels: Record<L, string>): number {
    return this.counts.get(this.key(labels)) ?? 0;
  }

  register(registry: Registry): void {
    const tally = this;
    new Counter({
      name: this.name,
      help: this.help,
      labelNames: this.labelNames,
      registers: [registry],
      collect() {
        this.reset();
        for (const [key, count] of tally.counts) {
          const values = JSON.parse(key) as string[];
          const labels = Object.fromEntries(tally.labelNames.map((name, i) => [name, values[i] ?? '']));
          this.inc(labels as Record<L, string>, count);
        }
      },
    });
  }
}

export const COLLAB_REJECTIONS = ['schema', 'size', 'pending', 'rate'] as const;
export type CollabRejection = (typeof COLLAB_REJECTIONS)[number];

export const FAULT_KINDS = ['disk-full', 'storage-unavailable', 'database-unavailable'] as const;

/** Background work that fails without a request to answer: only a log line and this counter show it. */
export const BACKGROUND_JOBS = [
  'trial-expiry-sweep',
  'collab-fold-at-start',
  'backup',
  'instance-heartbeat',
  'export-render-crash',
  'export-render-timeout',
  'import-worker',
  'history-pruning',
  'trash-purge',
  'voice-purge',
  'jobs-purge',
] as const;
export type BackgroundJob = (typeof BACKGROUND_JOBS)[number];

const none = {} as Record<never, string>;

const tallies = {
  socketsRefused: new Tally(
    'notewise_sockets_refused_total',
    'WebSockets the server refused or closed, by close code and reason (4401 session, 4403 access, 1008 budget or too slow, 1013 too many, 1009 frame too large)',
    ['code', 'reason'],
  ),
  collabUpdatesApplied: new Tally(
    'notewise_collab_updates_applied_total',
    'Co-editing updates accepted, logged and handed to the document',
    [],
  ),
  collabUpdatesRejected: new Tally(
    'notewise_collab_updates_rejected_total',
    'Co-editing messages refused (their socket is closed), by reason: schema, size, pending (for a document not yet open), rate',
    ['reason'],
    COLLAB_REJECTIONS.map((reason) => ({ reason })),
  ),
  collabDocumentsStored: new Tally(
    'notewise_collab_documents_stored_total',
    'Co-edited documents written to the database (state and Markdown)',
    [],
  ),
  collabStoreFailures: new Tally(
    'notewise_collab_store_failures_total',
    'Co-edited documents that could not be stored (kept in memory and in the update log)',
    [],
  ),
  databaseConnectionsLost: new Tally(
    'notewise_db_connections_lost_total',
    'PostgreSQL pool connections that failed (database restart, failover, killed backend)',
    [],
  ),
  faults: new Tally(
    'notewise_faults_total',
    'Requests answered with a named fault (decision 046): disk-full 507, storage-unavailable 503, database-unavailable 503',
    ['fault'],
    FAULT_KINDS.map((fault) => ({ fault })),
  ),
  rateLimitRefusals: new Tally(
    'notewise_rate_limit_refusals_total',
    'Hits a rate limit refused, by rule name',
    ['rule'],
  ),
  jobFailures: new Tally(
    'notewise_job_failures_total',
    'Background job failures by job',
    ['job'],
    BACKGROUND_JOBS.map((job) => ({ job })),
  ),
};

/** The one-line increments the rest of the server calls. */
export const opsMetrics = {
  /** Returns the close reason, so a place that records it can count it in the same statement. */
  socketRefused<C extends { code: number; reason: string }>(close: C): C {
    tallies.socketsRefused.inc({ code: String(close.code), reason: close.reason });
    return close;
  },
  collabUpdateApplied: () => tallies.collabUpdatesApplied.inc(none),
  collabUpdateRejected: (reason: CollabRejection) => tallies.collabUpdatesRejected.inc({ reason }),
  collabDocumentStored: () => tallies.collabDocumentsStored.inc(none),
  collabStoreFailed: () => tallies.collabStoreFailures.inc(none),
  databaseConnectionLost: () => tallies.databaseConnectionsLost.inc(none),
  fault: (fault: (typeof FAULT_KINDS)[number]) => tallies.faults.inc({ fault }),
  rateLimitRefused: (rule: string) => tallies.rateLimitRefusals.inc({ rule }),
  jobFailed: (job: BackgroundJob) => tallies.jobFailures.inc({ job }),
  /** Read access for tests. */
  tallies,
};

/** What the gauges read at scrape time; each app (tests build several per process) brings its own. */
export interface OpsGaugeSources {
  /** The socket guard's open sockets. */
  sockets: { open: ReadonlySet<{ kind: 'events' | 'collab' }> };
  /** Hocuspocus' loaded documents. */
  documents: () => number;
  /** pg's Pool, or undefined for SQLite (one connection, never waited for). */
  pool:
    | { totalCount: number; idleCount: number; waitingCount: number; options: { max?: number } }
    | undefined;
  /** Set only when REDIS_URL is: whether the connections to Redis are up. */
  redisConnected?: (() => boolean) | undefined;
  /** The list page cache (decision 067): its counts since start and what it holds now. */
  pageCache?: {
    hits: number;
    misses: number;
    evictions: number;
    maxBytes: number;
    readonly size: { pages: number; bytes: number };
  };
}

/** The counters, into this Registry (called when /metrics exists). */
export function registerOpsCounters(registry: Registry): void {
  for (const tally of Object.values(tallies)) tally.register(registry);
}

/** The gauges read on scrape, from this app's own parts. */
export function registerOpsGauges(registry: Registry, sources: OpsGaugeSources): void {
  new Gauge({
    name: 'notewise_sockets_open',
    help: 'Open WebSockets by kind (events, collab)',
    labelNames: ['kind'],
    registers: [registry],
    collect() {
      const counts = { events: 0, collab: 0 };
      for (const socket of sources.sockets.open) counts[socket.kind] += 1;
      for (const [kind, count] of Object.entries(counts)) this.set({ kind }, count);
    },
  });
  new Gauge({
    name: 'notewise_collab_documents_open',
    help: 'Co-edited documents loaded on this instance',
    registers: [registry],
    collect() {
      this.set(sources.documents());
    },
  });
  const { pool } = sources;
  new Gauge({
    name: 'notewise_db_pool_clients',
    help: 'Database connections by state: total, idle, waiting (requests queued for one); SQLite: one connection',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, pool ? pool.totalCount : 1);
      this.set({ state: 'idle' }, pool ? pool.idleCount : 1);
      this.set({ state: 'waiting' }, pool ? pool.waitingCount : 0);
    },
  });
  new Gauge({
    name: 'notewise_db_pool_max_clients',
    help: 'The most database connections the pool opens',
    registers: [registry],
    collect() {
      this.set(pool ? (pool.options.max ?? 10) : 1);
    },
  });
  const { pageCache } = sources;
  if (pageCache) registerPageCacheMetrics(registry, pageCache);
  const { redisConnected } = sources;
  if (redisConnected) {
    new Gauge({
      name: 'notewise_redis_up',
      help: 'Whether the connections to Redis are up (1) or not (0); only when REDIS_URL is set',
      registers: [registry],
      collect() {
        this.set(redisConnected() ? 1 : 0);
      },
    });
  }
}

/** The page cache's counters (read from it on scrape: each app has its own) and its size. */
function registerPageCacheMetrics(registry: Registry, cache: NonNullable<OpsGaugeSources['pageCache']>) {
  const counters = [
    ['hits', 'List pages answered from the page cache'],
    ['misses', 'List pages built because the page cache had none (or is off)'],
    ['evictions', 'List pages pushed out of the page cache by its byte budget (PAGE_CACHE_MB)'],
  ] as const;
  for (const [field, help] of counters) {
    new Counter({
      name: `notewise_page_cache_${field}_total`,
      help,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(cache[field]);
      },
    });
  }
  new Gauge({
    name: 'notewise_page_cache_bytes',
    help: 'Bytes the page cache holds (pages and their compressed copies); max: PAGE_CACHE_MB',
    labelNames: ['kind'],
    registers: [registry],
    collect() {
      this.set({ kind: 'used' }, cache.size.bytes);
      this.set({ kind: 'max' }, cache.maxBytes);
    },
  });
  new Gauge({
    name: 'notewise_page_cache_pages',
    help: 'List pages the page cache holds',
    registers: [registry],
    collect() {
      this.set(cache.size.pages);
    },
  });
}
