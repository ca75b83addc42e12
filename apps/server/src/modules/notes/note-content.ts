import { markdownToPlainText, sanitizeMarkdown } from '@notewise/editor';
import { PREVIEW_LENGTHS, truncatePlainText } from '@notewise/shared';

/** Every write goes through here: allow-listed Markdown in, plus the plain text search reads. */
export function prepareContent(content: string): { content: string; plainText: string } {
  const clean = sanitizeMarkdown(content);
  return { content: clean, plainText: markdownToPlainText(clean) };
}

export function normalizeTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim().replace(/\s+/g, ' ');
    const key = tag.toLowerCase();
    if (tag && !seen.has(key)) {
      seen.add(key);
      result.push(tag);
    }
  }
  return result;
}

export function previewsOf(plainText: string) {
  return {
    preview: truncatePlainText(plainText, PREVIEW_LENGTHS.list),
    excerpt: truncatePlainText(plainText, PREVIEW_LENGTHS.card),
  };
}
