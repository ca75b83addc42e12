import { balanceInlineMarkup, contentWords, parseBlocks, splitSentences, stripLineMarker } from './text';

/** Notes with more sentences than this get their summary as a bullet list. */
export const BULLET_SUMMARY_THRESHOLD = 8;

/** The note's sentences in order: paragraphs, list items and quotes (headings, code and tables are not prose). */
export function noteSentences(markdown: string): string[] {
  const sentences: string[] = [];
  for (const block of parseBlocks(markdown)) {
    if (block.kind === 'paragraph') {
      sentences.push(...splitSentences(block.lines.map((line) => line.trim()).join(' ')));
    } else if (block.kind === 'list' || block.kind === 'quote') {
      // Each item (or quote) is its own unit; indented continuation lines join their item.
      const items: string[] = [];
      for (const line of block.lines) {
        const isContinuation = block.kind === 'list' && !/^[ \t]*(?:[-*+•–]|\d{1,9}[.)])[ \t]+/.test(line);
        const text = stripLineMarker(line);
        if (isContinuation && items.length > 0) items[items.length - 1] += ` ${text}`;
        else items.push(text);
      }
      for (const item of items) if (item) sentences.push(...splitSentences(item));
    }
  }
  return sentences.map(balanceInlineMarkup).filter((sentence) => /[\p{L}\p{N}]/u.test(sentence));
}

/**
 * Extractive summary: sentences scored by how frequent their meaningful words are in the whole
 * note (stop words ignored) with a bonus for coming early, the best third kept (at least one) in
 * their original order. Long notes (more than 8 sentences) get a Markdown bullet list.
 */
export function summarizeText(markdown: string): string {
  const sentences = noteSentences(markdown);
  if (sentences.length === 0) return markdown.trim();
  if (sentences.length === 1) return sentences[0] ?? '';

  const sentenceWords = sentences.map((sentence) => contentWords(sentence));
  const frequency = new Map<string, number>();
  for (const list of sentenceWords) {
    for (const word of list) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  }
  const maxFrequency = Math.max(1, ...frequency.values());

  const count = sentences.length;
  const scored = sentences.map((sentence, index) => {
    const list = sentenceWords[index] ?? [];
    const weight = list.reduce((sum, word) => sum + (frequency.get(word) ?? 0) / maxFrequency, 0);
    // Very short sentences are rarely the gist; long ones should not win on length alone.
    const density = weight / Math.max(5, list.length);
    const position = 1 + (index === 0 ? 0.4 : 0) + 0.2 * (1 - index / count);
    return { sentence, index, score: density * position };
  });

  const keep = Math.max(1, Math.round(count / 3));
  const chosen = [...scored]
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, keep)
    .sort((a, b) => a.index - b.index)
    .map((entry) => entry.sentence);

  return count > BULLET_SUMMARY_THRESHOLD
    ? chosen.map((sentence) => `- ${sentence}`).join('\n')
    : chosen.join(' ');
}
