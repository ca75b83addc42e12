import type { ColumnType, Generated } from 'kysely';

/**
 * Timestamps are ISO-8601 strings in SQLite and timestamptz (read back as Date) in PostgreSQL;
 * `toIso` in ./time.ts turns either into the ISO string the API returns.
 */
export type Timestamp = string | Date;
/** SQLite stores booleans as 0/1. */
export type Bool = boolean | number;

export interface UsersTable {
  id: string;
  name: string;
  email: string;
  email_verified: Bool;
  image: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  plan: string;
  plan_expires_at: Timestamp | null;
  /** Set by an administrator: the account cannot sign in. */
  disabled_at: Timestamp | null;
  /** Storage key of the profile picture (migration 016); users.image holds its URL. */
  avatar_key: string | null;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  token: string;
  expires_at: Timestamp;
  ip_address: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AccountsTable {
  id: string;
  user_id: string;
  account_id: string;
  provider_id: string;
  access_token: string | null;
  refresh_token: string | null;
  id_token: string | null;
  access_token_expires_at: Timestamp | null;
  refresh_token_expires_at: Timestamp | null;
  scope: string | null;
  password: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface VerificationsTable {
  id: string;
  identifier: string;
  value: string;
  expires_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RateLimitsTable {
  id: string;
  key: string;
  count: number;
  last_request: number | string;
}

/** The server's own rate-limit counters (migration 007); better-auth's `rate_limits` is unused. */
export interface RateLimitCountersTable {
  key: string;
  count: number;
  /** Milliseconds since the epoch. */
  expires_at: number;
}

export interface UserPrefsTable {
  user_id: string;
  last_path: string | null;
  last_title: string | null;
  /** Finished or skipped the tutorial (migration 014); null when never, or restarted. */
  tutorial_completed_at: Timestamp | null;
  updated_at: Timestamp;
}

export interface ProjectsTable {
  id: string;
  owner_id: string;
  name: string;
  description: string;
  color: string;
  kind: 'personal' | 'shared';
  share_code: string | null;
  /** When the share code was made; it stops working SHARE_CODE_LIFETIME_DAYS later (decision 041). */
  share_code_issued_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** In Trash since (migration 022, decision 050); null while live. */
  deleted_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  deleted_by: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ProjectMembersTable {
  project_id: string;
  user_id: string;
  role: 'owner' | 'member';
  color: string | null;
  joined_at: Timestamp;
}

export interface NotesTable {
  id: string;
  project_id: string;
  author_id: string | null;
  title: string;
  content: string;
  /** Derived from content: what search and previews read. */
  plain_text: string;
  /** One line of plain text, at most the card length (docs/product.md §9: 1200), for lists. */
  excerpt: string;
  /** JSON array of strings. */
  tags: string;
  version: number;
  ydoc: Uint8Array | null;
  /** The id the creating browser generated (offline queue, migration 019): replays find the same note. */
  client_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** In Trash since (migration 022, decision 050); null while live. Every read of live notes filters on it. */
  deleted_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  deleted_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** Trashed by its project's deletion (restored with the project), not on its own. */
  deleted_with_project: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
}

/** A note's past state (migration 022, decision 050): a whole copy, newest per note first. */
export interface NoteVersionsTable {
  id: string;
  note_id: string;
  title: string;
  content: string;
  /** NoteVersionReason (packages/shared history.schema.ts). */
  reason: string;
  /** JSON array of user ids: who made the change (several for a co-editing window). */
  author_ids: string;
  /** No later save is coalesced into a sealed version. */
  sealed: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
  /** Bytes of title + content: the per-account history budget sums these. */
  size: number;
  created_at: Timestamp;
  /** The last save coalesced into it. */
  updated_at: Timestamp;
}

/** The co-editing update log (migration 013): acknowledged updates not yet folded into notes.ydoc. */
export interface NoteUpdatesTable {
  id: Generated<number>;
  note_id: string;
  update: Uint8Array;
  created_at: Timestamp;
}

export interface PinsTable {
  user_id: string;
  note_id: string;
  pinned_at: Timestamp;
}

export interface DraftsTable {
  user_id: string;
  kind: 'note_input' | 'note_edit';
  /** Decision 103: the browser tab's slot; '' for the draft saved without one. */
  slot: Generated<string>;
  note_id: string | null;
  project_id: string | null;
  content: string;
  updated_at: Timestamp;
}

export interface JoinAttemptsTable {
  id: string;
  user_id: string;
  ip: string;
  success: Bool;
  created_at: Timestamp;
}

export interface ProjectBansTable {
  project_id: string;
  user_id: string;
  banned_by: string | null;
  banned_at: Timestamp;
}

/** A voice-assistant call (migration 015); its transcript is in voice_turns. */
export interface VoiceCallsTable {
  id: string;
  user_id: string;
  mode: 'server' | 'browser' | 'vapi';
  status: 'live' | 'ended' | 'saved';
  /** JSON of VoiceNotes. */
  notes: string;
  /** User turns the stored notes cover. */
  notes_turn_count: Generated<number>;
  note_id: string | null;
  started_at: Timestamp;
  ended_at: Timestamp | null;
  last_activity_at: Timestamp;
  /** Discarded since (migration 023, decision 057): restorable for 30 days, then purged. */
  discarded_at: Timestamp | null;
}

export interface VoiceTurnsTable {
  id: string;
  call_id: string;
  speaker: 'user' | 'assistant';
  text: string;
  offset_ms: number;
  duration_ms: number | null;
  created_at: Timestamp;
}

/** Transcribed audio per user and UTC day (VOICE_MINUTES_PER_DAY). */
export interface VoiceUsageTable {
  user_id: string;
  day: string;
  audio_ms: number;
}

/** Every word in notes (migration 011): typo tolerance looks misspelt words up here by trigram. */
export interface SearchTermsTable {
  term: string;
}

/** Purchases through Stripe Checkout (migration 017, decision 022). */
export interface OrdersTable {
  id: string;
  user_id: string | null;
  checkout_session_id: string;
  plan: string;
  /** open | pending | paid | failed | expired (ORDER_STATUSES). */
  status: string;
  /** Minor units; PostgreSQL's bigint comes back as a string. */
  amount_total: number | string | null;
  currency: string | null;
  payment_intent_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Stripe event ids already handled: a redelivery or a replay changes nothing. */
export interface BillingEventsTable {
  id: string;
  type: string;
  checkout_session_id: string | null;
  received_at: Timestamp;
}

/** A note image (migration 016), owned by its uploader. */
export interface ImagesTable {
  id: string;
  uploader_id: string;
  /** First 32 hex digits of the stored WebP's SHA-256: in the URL, so a cache never serves an old one. */
  hash: string;
  storage_key: string;
  width: number;
  height: number;
  size: number;
  created_at: Timestamp;
}

/** Which notes show which images: readers of a linked note may read the image. */
export interface NoteImagesTable {
  note_id: string;
  image_id: string;
  created_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  accounts: AccountsTable;
  verifications: VerificationsTable;
  rate_limits: RateLimitsTable;
  user_prefs: UserPrefsTable;
  projects: ProjectsTable;
  project_members: ProjectMembersTable;
  notes: NotesTable;
  pins: PinsTable;
  drafts: DraftsTable;
  join_attempts: JoinAttemptsTable;
  project_bans: ProjectBansTable;
  rate_limit_counters: RateLimitCountersTable;
  search_terms: SearchTermsTable;
  note_updates: NoteUpdatesTable;
  note_versions: NoteVersionsTable;
  voice_calls: VoiceCallsTable;
  voice_turns: VoiceTurnsTable;
  voice_usage: VoiceUsageTable;
  orders: OrdersTable;
  billing_events: BillingEventsTable;
  images: ImagesTable;
  note_images: NoteImagesTable;
  instance_heartbeats: InstanceHeartbeatsTable;
  backup_runs: BackupRunsTable;
  background_jobs: BackgroundJobsTable;
}

/** Migration 021 (decision 045); times in milliseconds since the epoch. */
export interface InstanceHeartbeatsTable {
  id: string;
  host: string;
  pid: number;
  started_at: number;
  beat_at: number;
}

export interface BackupRunsTable {
  slot: string;
  host: string;
  started_at: number;
  finished_at: number | null;
  ok: number | null;
  detail: string | null;
}

/** Work that outlives its request (migration 024, decision 060): imports, data exports. */
export interface BackgroundJobsTable {
  id: string;
  user_id: string;
  /** 'import' | 'data-export' (JOB_KINDS); open for more. */
  kind: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  progress_done: Generated<number>;
  progress_total: number | null;
  /** JSON text: the kind's result (an import summary; an export's storage key and size). */
  result: string | null;
  /** JSON text: { code, message }. */
  error: string | null;
  /** The server process running it (a random id per process). */
  runner: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  expires_at: Timestamp;
}

export type Dialect = 'sqlite' | 'postgres';
