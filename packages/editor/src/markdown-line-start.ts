// The Markdown a line may start with, written once for everything that reads Markdown line by line
// (the grammar checker keeps these markers out of its edits, the summary and structure engines
// and their scorers recognise list items, the composer keeps block lines on their own line).
// No imports: it is also the `@notewise/editor/line-start` entry, which the web's first route can
// load without the editor schema.

/** A bullet (`-`, `*`, `+`) or an ordered-list number (`1.` or `1)`, at most 9 digits as in CommonMark). */
export const LIST_MARKER = String.raw`(?:[-*+]|\d{1,9}[.)])`;

/** A task item's box after its list marker: `[ ]`, `[x]` or `[X]`. */
export const TASK_BOX = String.raw`\[[ xX]\]`;

/**
 * Indentation, any quote markers, then a heading marker or a list marker with its task box, each
 * with the spaces after it. Matches the empty string on a line with none of them.
 */
export const LINE_START = String.raw`[ \t]*(?:>[ \t]?)*(?:#{1,6}[ \t]+|${LIST_MARKER}[ \t]+(?:${TASK_BOX}[ \t]+)?)?`;

/** The markers at the start of one line: `MARKDOWN_LINE_START.exec(line)[0]`. */
export const MARKDOWN_LINE_START = new RegExp(`^${LINE_START}`);

/** A line that holds nothing but markers (`- [ ] `, `> `, `## `). */
export const MARKDOWN_MARKERS_ONLY = new RegExp(`^${LINE_START}$`);

/**
 * The markers at the start of every line of a text, for `matchAll` or `replace`. A new RegExp on
 * each call: a global one keeps its `lastIndex` between uses.
 */
export function markdownLineStarts(): RegExp {
  return new RegExp(`^${LINE_START}`, 'gm');
}
