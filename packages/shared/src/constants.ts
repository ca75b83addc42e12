export const PRODUCT_NAME = 'Notewise';

export const PLANS = ['FREE', 'PRO', 'UNLIMITED'] as const;
export type Plan = (typeof PLANS)[number];

/** docs/product.md §9: the PRO trial granted at sign-up lasts about 31 days. */
export const TRIAL_DURATION_MS = 26784e5;
export const DAY_MS = 86_400_000;

/** The original said 6; 8 is a deliberate change (docs/decisions/009-account-security.md). */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;
export const MAX_DISPLAY_NAME_LENGTH = 80;
/** A password-reset link works once, for this long (the admin CLI's link and the emailed one). */
export const PASSWORD_RESET_TTL_SECONDS = 3_600;

/** docs/product.md §9 timings the web relies on. */
export const AUTH_INIT_TIMEOUT_MS = 4_000;
export const LOADING_TIMEOUT_MS = 10_000;
export const PAGE_RESTORE_DELAY_MS = 100;
export const PAGE_TRANSITION_MS = 400;
export const MOBILE_BREAKPOINT_PX = 768;

export const PROJECT_COLORS = [
  'blue',
  'red',
  'yellow',
  'green',
  'orange',
  'pink',
  'purple',
  'brown',
] as const;
export type ProjectColor = (typeof PROJECT_COLORS)[number];

/** Links in notes may only use these protocols. */
export const SAFE_LINK_PROTOCOLS = ['http', 'https', 'mailto'] as const;

export const UNTITLED_NOTE_TITLE = 'Untitled Note';
export const MAX_PROJECT_NAME_LENGTH = 100;
export const MAX_PROJECT_DESCRIPTION_LENGTH = 500;
export const MAX_NOTE_TITLE_LENGTH = 300;
/** 1 MB of Markdown is far beyond any hand-written note; it bounds sanitizing and indexing work. */
export const MAX_NOTE_CONTENT_LENGTH = 1_000_000;
export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 40;

/** docs/product.md §9 preview lengths. */
export const PREVIEW_LENGTHS = {
  captureSearch: 120,
  list: 150,
  sharedList: 60,
  card: 1200,
  movePicker: 50,
} as const;

export const SEARCH_RESULT_LIMIT = 10;

/** Every list is cursor-paginated (docs/decisions/015-cursor-pagination.md); a page holds 50 items unless asked, never more than 200. */
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;
/** Cursors are short (a sort key); anything longer is not one of ours. */
export const MAX_CURSOR_LENGTH = 512;
export const HIGHLIGHT_DURATION_MS = 3_000;

export const AI_ACTIONS = ['summarize', 'grammar', 'translate', 'structure'] as const;
export type AiAction = (typeof AI_ACTIONS)[number];
/** Longest note text an AI action accepts. */
export const MAX_AI_INPUT_LENGTH = 50_000;

export const DRAFT_KINDS = ['note_input', 'note_edit'] as const;
export type DraftKind = (typeof DRAFT_KINDS)[number];
/** docs/product.md §4: drafts save after 1 s without typing. */
export const DRAFT_DEBOUNCE_MS = 1_000;
/** docs/product.md §4: a restored draft is cleared from the server 1 s after it is shown. */
export const DRAFT_CLEAR_AFTER_RESTORE_MS = 1_000;
/**
 * Decision 103: the composer's draft is kept per browser tab (a slot). Slots per user and kind: a new
 * slot past this is refused (409), so closed tabs never pile up rows; a reload gathers closed tabs' slots.
 */
export const MAX_DRAFT_SLOTS = 20;

/** Formats one note can be exported to (GET /api/notes/:id/export?format=). */
export const NOTE_EXPORT_FORMATS = ['md', 'txt', 'pdf', 'docx'] as const;
export type NoteExportFormat = (typeof NOTE_EXPORT_FORMATS)[number];

/** The `code` of every server error body (`{ error: { code, message } }`, errors.ts). */
export const ERROR_CODES = {
  validation: 'VALIDATION_ERROR',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  accessRequired: 'ACCESS_REQUIRED',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  rateLimited: 'RATE_LIMITED',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  badOrigin: 'BAD_ORIGIN',
  unavailable: 'SERVICE_UNAVAILABLE',
  /** Uploaded files cannot be stored or read (S3 or the uploads folder), the rest works. */
  storageUnavailable: 'STORAGE_UNAVAILABLE',
  /** The disk under the database or the uploads is full (507): nothing new can be saved. */
  diskFull: 'INSUFFICIENT_STORAGE',
  paymentsNotConfigured: 'PAYMENTS_NOT_CONFIGURED',
  paymentFailed: 'PAYMENT_PROVIDER_ERROR',
  internal: 'INTERNAL_ERROR',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
