/** A line that starts a Markdown block (list item, heading, quote, task), so it must stay on its own line. */
const BLOCK_START = /^\s{0,3}(?:[-*+]\s|\d{1,9}[.)]\s|#{1,6}\s|>)/;

/**
 * Text typed in a plain textarea -> note Markdown that keeps its line breaks. In Markdown a single
 * newline is a space, so a line followed by more text of the same paragraph ends with a hard break
 * (a backslash). Blank lines (paragraphs) and lines that start a block (lists, headings, quotes)
 * are left alone, so Markdown the user typed still works.
 */
export function plainTextToMarkdown(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  return lines
    .map((line, index) => {
      const next = lines[index + 1];
      if (next === undefined || next.trim() === '' || line.trim() === '') return line;
      if (BLOCK_START.test(next) || /^\s{0,3}#{1,6}\s/.test(line)) return line;
      if (/\\$/.test(line)) return line;
      return `${line.replace(/\s+$/, '')}\\`;
    })
    .join('\n');
}
