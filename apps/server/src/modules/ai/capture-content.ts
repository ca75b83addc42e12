import { markdownToPlainText } from '@notewise/editor';

/** A line compared with a title: plain text, one space between words, no final period or quotes. */
function comparable(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^["'“‘«]+|["'”’»]+$/g, '')
    .replace(/[.。:;,!?]+$/, '')
    .trim()
    .toLocaleLowerCase();
}

/**
 * The captured text without its first line when that line is just the note's title (issue 18.8:
 * "Team meeting" on its own line became the title and then repeated as the body's first line). Kept
 * as it is when the title is only part of the first line, or when nothing else would be left.
 */
export function bodyWithoutTitleLine(content: string, title: string): string {
  const lines = content.split('\n');
  const first = lines.findIndex((line) => line.trim() !== '');
  if (first < 0) return content;
  if (comparable(markdownToPlainText(lines[first] ?? '')) !== comparable(title)) return content;
  const rest = lines.slice(first + 1);
  while (rest.length > 0 && (rest[0] ?? '').trim() === '') rest.shift();
  return rest.join('\n').trim() === '' ? content : rest.join('\n');
}
