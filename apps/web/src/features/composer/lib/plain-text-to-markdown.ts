import { LIST_MARKER } from '@notewise/editor/line-start';

/** A line that starts a Markdown block (list item, heading, quote, task), so it must stay on its own line. */
const BLOCK_START = new RegExp(String.raw`^\s{0,3}(?:${LIST_MARKER}\s|#{1,6}\s|>)`);

/** A code fence (``` or ~~~, up to three spaces in): what is between two of them is code. */
const FENCE = /^\s{0,3}(`{3,}|~{3,})/;
/** A table row (`| a | b |`): a backslash at its end would become part of the last cell. */
const TABLE_ROW = /^\s{0,3}\|/;

/**
 * Text typed in a plain textarea -> note Markdown that keeps its line breaks. In Markdown a single
 * newline is a space, so a line followed by more text of the same paragraph ends with a hard break
 * (a backslash). Blank lines (paragraphs), lines that start a block (lists, headings, quotes, code
 * fences), table rows and everything inside a code fence are left alone, so Markdown the user typed
 * still works.
 */
export function plainTextToMarkdown(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let openFence: string | null = null;
  return lines
    .map((line, index) => {
      const fence = FENCE.exec(line)?.[1];
      if (openFence !== null) {
        // A closing fence: the same character, at least as long, nothing after it.
        if (fence && fence[0] === openFence[0] && fence.length >= openFence.length && line.trim() === fence) {
          openFence = null;
        }
        return line;
      }
      if (fence) {
        openFence = fence;
        return line;
      }
      const next = lines[index + 1];
      if (next === undefined || next.trim() === '' || line.trim() === '') return line;
      if (BLOCK_START.test(next) || FENCE.test(next) || /^\s{0,3}#{1,6}\s/.test(line)) return line;
      if (TABLE_ROW.test(line) || TABLE_ROW.test(next)) return line;
      if (/\\$/.test(line)) return line;
      return `${line.replace(/\s+$/, '')}\\`;
    })
    .join('\n');
}
