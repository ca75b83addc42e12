/**
 * A one-line preview of plain text: whitespace collapsed, cut to `length` characters plus '…' when
 * longer (docs/product.md §9 uses 50, 60, 120, 150 and 1200), never splitting a surrogate pair.
 */
export function truncatePlainText(text: string, length: number): string {
  // Collapsing whitespace only ever shortens text, so a generous head is all the preview can use.
  const head = text.length > length * 3 + 64 ? text.slice(0, length * 3 + 64) : text;
  return cutLine(head.replace(/\s+/g, ' ').trim(), length);
}

/** Cuts text that is already one collapsed line (e.g. a stored excerpt) to `length` plus '…'. */
export function cutLine(line: string, length: number): string {
  if (line.length <= length) return line;
  const cut = /[\ud800-\udbff]$/.test(line.slice(0, length)) ? length - 1 : length;
  const head = line.slice(0, Math.max(0, cut)).trimEnd();
  return `${head.endsWith('…') ? head.slice(0, -1) : head}…`;
}

/** docs/product.md §9 relative time: under 1 hour 'Just now', under 24 'N hours ago', otherwise 'N days ago'. */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const hours = Math.floor((now - Date.parse(iso)) / 3_600_000);
  if (!(hours >= 1)) return 'Just now';
  if (hours < 24) return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}

/** C0 and C1 control characters (NUL included) and DEL, except tab, line feed and carriage return. */
const CONTROL_CHARS = /(?![\t\n\r])\p{Cc}/gu;
/** Tab, line feed and carriage return: whitespace in a description, a control character in a name. */
const LINE_CONTROLS = /[\t\n\r]/g;
/**
 * Bidi embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069): they reorder the text that
 * follows them, so a name could display as something else (`gpj.exe` shown as `exe.jpg`). The plain
 * marks U+200E/U+200F stay: they only nudge neutral characters and right-to-left text needs them.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/**
 * Strips what must never be stored in a user-given name, title or tag: control characters (a NUL is
 * refused by PostgreSQL) and bidi override/isolate characters. A single-line value turns tab and line
 * breaks into spaces; `multiline` keeps them (descriptions).
 */
export function stripUnsafeChars(text: string, options: { multiline?: boolean } = {}): string {
  const withoutControls = text.replace(CONTROL_CHARS, '').replace(BIDI_CONTROLS, '');
  return options.multiline ? withoutControls : withoutControls.replace(LINE_CONTROLS, ' ');
}

/** stripUnsafeChars for one-line values, in the shape zod's `.overwrite()` takes. */
export const stripUnsafeLine = (text: string): string => stripUnsafeChars(text);
/** stripUnsafeChars keeping line breaks and tabs (descriptions). */
export const stripUnsafeMultiline = (text: string): string => stripUnsafeChars(text, { multiline: true });
