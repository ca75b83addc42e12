import { FONT_SIZES, HIGHLIGHT_COLORS, SAFE_LINK_PROTOCOLS, TEXT_COLORS } from '@notewise/shared';

/**
 * Allow-lists for everything a note can style or link. Both the editor extensions and the Markdown
 * converter go through these, so stored content and rendered HTML only ever carry palette values.
 */

const textColorValues: ReadonlySet<string> = new Set(
  TEXT_COLORS.flatMap((color) => (color.value === null ? [] : [color.value])),
);
const highlightColorValues: ReadonlySet<string> = new Set(HIGHLIGHT_COLORS.map((color) => color.value));
const fontSizeValues: ReadonlySet<string> = new Set(FONT_SIZES);

/** Highlight colour used when none is given (e.g. the `==text==` input rule or a bare `<mark>`). */
export const DEFAULT_HIGHLIGHT_COLOR = HIGHLIGHT_COLORS[0].value;

/** `#RRGGBB` or `rgb(r, g, b)` (what browsers report for pasted HTML) as lower-case `#rrggbb`. */
function toHexColor(value: string): string | null {
  const trimmed = value.trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(trimmed)) return trimmed;
  const rgb = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/.exec(trimmed);
  if (!rgb) return null;
  return `#${rgb
    .slice(1)
    .map((channel) => Number(channel).toString(16).padStart(2, '0'))
    .join('')}`;
}

/** The palette value for a text colour, or null when it is not one of the 12 text colours. */
export function toPaletteTextColor(value: unknown): string | null {
  const hex = typeof value === 'string' ? toHexColor(value) : null;
  return hex !== null && textColorValues.has(hex) ? hex : null;
}

/** The palette value for a highlight colour, or null when it is not one of the 12 highlights. */
export function toPaletteHighlightColor(value: unknown): string | null {
  const hex = typeof value === 'string' ? toHexColor(value) : null;
  return hex !== null && highlightColorValues.has(hex) ? hex : null;
}

/** The font size when it is one of FONT_SIZES (e.g. '18px'), else null. */
export function toPaletteFontSize(value: unknown): string | null {
  const size = typeof value === 'string' ? value.trim().toLowerCase() : '';
  return fontSizeValues.has(size) ? size : null;
}

const safeProtocols: ReadonlySet<string> = new Set(SAFE_LINK_PROTOCOLS);

/**
 * Ignored when reading the scheme, so `java script:` or ` javascript:` count as `javascript:` (browsers
 * strip some of these; better not to depend on which). The class TipTap's own link check strips.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const IGNORABLE_URL_CHARACTERS = /[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u2029\u205f\u3000\ufeff]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/** The scheme a URL names (lower case), or null for a relative URL. Ignorable characters are skipped. */
function schemeOf(url: string): string | null {
  const stripped = url.replace(IGNORABLE_URL_CHARACTERS, '');
  return /^([a-z][a-z0-9+.-]*):/i.exec(stripped)?.[1]?.toLowerCase() ?? null;
}

/**
 * True when a link target may be stored and rendered: a relative URL (`/path`, `page.html`, `#part`,
 * `?q=1`, `//host/path`, even empty) or one naming a scheme in SAFE_LINK_PROTOCOLS (http, https,
 * mailto). Everything else is refused: `javascript:`, `data:`, `vbscript:`, `file:` and unknown
 * schemes, in any case or split by whitespace, and any URL containing control characters (browsers
 * silently drop tabs and newlines, so they only serve to hide a scheme).
 */
export function isSafeLinkHref(href: unknown): boolean {
  if (typeof href !== 'string' || CONTROL_CHARACTER.test(href)) return false;
  const scheme = schemeOf(href);
  return scheme === null || safeProtocols.has(scheme);
}

/**
 * True when an image source may be stored and rendered: `https:` or a relative path (our own
 * uploads are `/api/images/...`). Not `http:` (mixed content), `data:` (unbounded, unscanned bytes),
 * `javascript:` or anything else, and never empty.
 */
export function isSafeImageSrc(src: unknown): boolean {
  if (typeof src !== 'string' || src.trim() === '' || CONTROL_CHARACTER.test(src)) return false;
  const scheme = schemeOf(src);
  return scheme === null || scheme === 'https';
}

/**
 * A code block's language as stored: the first word (no whitespace or control characters), or null.
 * It ends up in a `class` attribute and after a Markdown fence, so nothing else may be in it.
 */
export function toCodeLanguage(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const word = value.replace(new RegExp(CONTROL_CHARACTER.source, 'g'), '').trim().split(/\s+/)[0];
  return word ? word : null;
}

/** Table cells: colspan/rowspan are whole numbers from 1 to this (a crafted huge span must not explode a table). */
export const MAX_TABLE_SPAN = 1000;

/** A colspan/rowspan as a whole number from 1 to MAX_TABLE_SPAN (1 for anything else). */
export function toTableSpan(value: unknown): number {
  const span = typeof value === 'number' ? value : Number.parseInt(String(value), 10);
  return Number.isInteger(span) && span >= 1 && span <= MAX_TABLE_SPAN ? span : 1;
}

/** Column widths in pixels (whole, 0 to 100000, at most MAX_TABLE_SPAN of them) or null. */
export function toColumnWidths(value: unknown): number[] | null {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_TABLE_SPAN) return null;
  return value.every((width) => Number.isInteger(width) && width >= 0 && width <= 100_000) ? value : null;
}

/** A table cell's alignment: left, right, center or null. */
export function toCellAlignment(value: unknown): 'left' | 'right' | 'center' | null {
  return value === 'left' || value === 'right' || value === 'center' ? value : null;
}
