export const PRODUCT_NAME = 'Notewise';

export const PLANS = ['FREE', 'PRO', 'UNLIMITED'] as const;
export type Plan = (typeof PLANS)[number];

/** SPEC 9: the PRO trial granted at sign-up lasts about 31 days. */
export const TRIAL_DURATION_MS = 26784e5;
export const DAY_MS = 86_400_000;

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;
export const MAX_DISPLAY_NAME_LENGTH = 80;

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
