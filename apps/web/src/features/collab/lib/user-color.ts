/**
 * Caret and presence colours. Each is a mid-tone that carries white label text at WCAG AA (>= 4.5:1)
 * and stands out at >= 3:1 against both themes' editor surfaces, so one value works in light and dark.
 * Plain #rrggbb: TipTap's CollaborationCaret drops any other form.
 */
export const COLLAB_COLORS = [
  '#1d70d6', // blue
  '#d12f2f', // red
  '#15803d', // green
  '#7c4ddb', // purple
  '#c2410c', // orange
  '#c0358a', // pink
  '#0f7f8a', // teal
  '#a16207', // amber
] as const;

export type CollabColor = (typeof COLLAB_COLORS)[number];

/** FNV-1a over the UTF-16 code units: stable across sessions and browsers. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

/** The same colour for a user everywhere and every time (their id picks it). */
export function collabColorFor(userId: string): CollabColor {
  return COLLAB_COLORS[hash(userId) % COLLAB_COLORS.length] ?? COLLAB_COLORS[0];
}

/** A colour someone else announced, if it is one of ours; anything else is not used. */
export function isCollabColor(value: unknown): value is CollabColor {
  return typeof value === 'string' && (COLLAB_COLORS as readonly string[]).includes(value);
}
