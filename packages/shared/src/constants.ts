export const PRODUCT_NAME = 'Notewise';

export const PLANS = ['FREE', 'PRO', 'UNLIMITED'] as const;
export type Plan = (typeof PLANS)[number];

/** SPEC 9: the PRO trial granted at sign-up lasts about 31 days. */
export const TRIAL_DURATION_MS = 26784e5;
export const DAY_MS = 86_400_000;

/** SPEC 5 says 6; 8 is a deliberate change (docs/decisions/009-account-security.md). */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;
export const MAX_DISPLAY_NAME_LENGTH = 80;
/** A password-reset link works once, for this long (the admin CLI's link and the emailed one). */
export const PASSWORD_RESET_TTL_SECONDS = 3_600;

/** SPEC 9 timings the web relies on. */
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

/** SPEC 3 editor palettes. Stored content may only use these values (ARCHITECTURE 6). */
export const TEXT_COLORS = [
  { name: 'Default', value: null },
  { name: 'Red', value: '#ef4444' },
  { name: 'Orange', value: '#f97316' },
  { name: 'Yellow', value: '#eab308' },
  { name: 'Green', value: '#22c55e' },
  { name: 'Blue', value: '#3b82f6' },
  { name: 'Purple', value: '#a855f7' },
  { name: 'Pink', value: '#ec4899' },
  { name: 'Gray', value: '#6b7280' },
  { name: 'Brown', value: '#92400e' },
  { name: 'Cyan', value: '#06b6d4' },
  { name: 'Lime', value: '#84cc16' },
] as const;

export const HIGHLIGHT_COLORS = [
  { name: 'Yellow', value: '#fef08a' },
  { name: 'Green', value: '#bbf7d0' },
  { name: 'Blue', value: '#bfdbfe' },
  { name: 'Pink', value: '#fbcfe8' },
  { name: 'Orange', value: '#fed7aa' },
  { name: 'Purple', value: '#e9d5ff' },
  { name: 'Red', value: '#fecaca' },
  { name: 'Cyan', value: '#a5f3fc' },
  { name: 'Lime', value: '#d9f99d' },
  { name: 'Peach', value: '#ffdab9' },
  { name: 'Lavender', value: '#e6e6fa' },
  { name: 'Mint', value: '#c7f9e3' },
] as const;

export const FONT_SIZES = ['14px', '16px', '18px', '20px', '24px'] as const;
export type FontSize = (typeof FONT_SIZES)[number];

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

/** SPEC 9 preview lengths. */
export const PREVIEW_LENGTHS = {
  captureSearch: 120,
  list: 150,
  sharedList: 60,
  card: 1200,
  movePicker: 50,
} as const;

export const SEARCH_RESULT_LIMIT = 10;

/** ARCHITECTURE: every list is cursor-paginated; a page holds 50 items unless asked, never more than 200. */
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;
/** Cursors are short (a sort key); anything longer is not one of ours. */
export const MAX_CURSOR_LENGTH = 512;
export const HIGHLIGHT_DURATION_MS = 3_000;

/** SPEC 3 project templates: names and colours in order. */
export const PROJECT_TEMPLATES = {
  student: {
    label: 'Student',
    projects: [
      { name: 'Math', color: 'red' },
      { name: 'History', color: 'blue' },
      { name: 'Geography', color: 'green' },
      { name: 'Science', color: 'purple' },
      { name: 'English', color: 'yellow' },
      { name: 'Art', color: 'pink' },
      { name: 'Music', color: 'orange' },
      { name: 'Philosophy', color: 'brown' },
    ],
  },
  'life-organizer': {
    label: 'Life Organizer',
    projects: [
      { name: 'Work', color: 'blue' },
      { name: 'Personal Development', color: 'green' },
      { name: 'Health & Fitness', color: 'red' },
      { name: 'Relationships', color: 'yellow' },
      { name: 'Ideas & Creativity', color: 'purple' },
      { name: 'Experiences', color: 'orange' },
    ],
  },
  'mind-mission': {
    label: 'Mind & Mission',
    projects: [
      { name: 'Vision & Goals', color: 'green' },
      { name: 'Learning Vault', color: 'blue' },
      { name: 'Mindset & Journal', color: 'purple' },
      { name: 'Health & Energy', color: 'red' },
      { name: 'Systems & Tools', color: 'orange' },
      { name: 'Relationships & Social', color: 'pink' },
      { name: 'Daily Flow & Routines', color: 'red' },
    ],
  },
} as const satisfies Record<
  string,
  { label: string; projects: readonly { name: string; color: ProjectColor }[] }
>;
export type ProjectTemplateId = keyof typeof PROJECT_TEMPLATES;
export const PROJECT_TEMPLATE_IDS = Object.keys(PROJECT_TEMPLATES) as ProjectTemplateId[];

/** SPEC 9: the Capture composer's (and the editor's) translation languages. */
export const COMPOSER_LANGUAGES = [
  'Arabic',
  'Bengali',
  'Chinese (Simplified)',
  'Chinese (Traditional)',
  'Dutch',
  'English',
  'French',
  'German',
  'Greek',
  'Hindi',
  'Indonesian',
  'Italian',
  'Japanese',
  'Korean',
  'Polish',
  'Portuguese',
  'Russian',
  'Spanish',
  'Swedish',
  'Thai',
  'Turkish',
  'Ukrainian',
  'Vietnamese',
] as const;

/** SPEC 9: Quick View's translation languages. */
export const QUICK_VIEW_LANGUAGES = [
  'Spanish',
  'French',
  'German',
  'Italian',
  'Portuguese',
  'Russian',
  'Chinese',
  'Japanese',
  'Korean',
  'Arabic',
  'Hindi',
  'Dutch',
] as const;

export const TRANSLATION_LANGUAGES: readonly string[] = [
  ...new Set([...COMPOSER_LANGUAGES, ...QUICK_VIEW_LANGUAGES]),
];

export const AI_ACTIONS = ['summarize', 'grammar', 'translate', 'structure'] as const;
export type AiAction = (typeof AI_ACTIONS)[number];
/** Longest note text an AI action accepts. */
export const MAX_AI_INPUT_LENGTH = 50_000;
