/**
 * What a request is told when a part of the server it needs is down (decision 046). docs/product.md
 * §8 has no text for these; each names the failing part, so a user can tell the administrator and
 * the administrator knows where to look. Server-only: the web shows the message it receives.
 */
export const OUTAGE_MESSAGES = {
  databaseUnavailable: 'The server cannot reach its database right now. Please try again in a moment.',
  storageUnavailable: 'File storage is unavailable right now. Please try again in a moment.',
  diskFull: "The server's disk is full, so this could not be saved. Please tell your administrator.",
} as const;
