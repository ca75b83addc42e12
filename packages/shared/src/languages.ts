// Apart from constants.ts (which loads with the web's first route): only the lazy AI toolbar and the
// server use them.

/** docs/product.md §9: the Capture composer's (and the editor's) translation languages. */
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

/** docs/product.md §9: Quick View's translation languages. */
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
