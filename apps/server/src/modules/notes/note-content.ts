import { markdownToPlainText, sanitizeMarkdown } from '@notewise/editor';
import { cutLine, PREVIEW_LENGTHS, truncatePlainText } from '@notewise/shared';

/**
 * Every write goes through here: allow-listed Markdown in, plus what reads need — the plain text
 * search ranks and the card excerpt lists show (computed once here, not on every list request).
 */
export interface PreparedContent {
  content: string;
  plainText: string;
  excerpt: string;
}

export function prepareContent(content: string): PreparedContent {
  const clean = sanitizeMarkdown(content);
  const plainText = markdownToPlainText(clean);
  return { content: clean, plainText, excerpt: truncatePlainText(plainText, PREVIEW_LENGTHS.card) };
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

/** The list preview is cut from the stored excerpt (already one line, at most the card length). */
export function previewsOf(excerpt: string) {
  return { preview: cutLine(excerpt, PREVIEW_LENGTHS.list), excerpt };
}
