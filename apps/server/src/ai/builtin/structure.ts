import { balanceInlineMarkup, splitSentences, words } from './text';

type Item =
  | { type: 'prose'; text: string; lines: number }
  | { type: 'list'; line: string }
  | { type: 'heading'; text: string }
  | { type: 'verbatim'; lines: string[] }
  | { type: 'break' };

const FENCE = /^[ \t]{0,3}(`{3,}|~{3,})/;
const BULLET = /^([ \t]*)(?:[-*+–]|•)[ \t]*(?=\S)/;
const NUMBERED = /^([ \t]*)(\d{1,9})[.)][ \t]+(?=\S)/;
const HEADING = /^[ \t]{0,3}#{1,6}[ \t]+\S/;
const SENTENCE_PUNCTUATION = /[.!?…;,。！？]$/;

/** A list line with Markdown's markers: '-' for bullets (•, *, +, –), 'N.' for numbers. */
function normalizeListLine(line: string): string | undefined {
  const numbered = NUMBERED.exec(line);
  if (numbered) return `${numbered[1]}${numbered[2]}. ${line.slice(numbered[0].length)}`;
  const bullet = BULLET.exec(line);
  // '**bold** line' and '*emphasis*' start with a star but are not bullets.
  if (bullet && !/^[ \t]*\*\S/.test(line)) return `${bullet[1]}- ${line.slice(bullet[0].length)}`;
  return undefined;
}

function lexLines(input: string): Item[] {
  const items: Item[] = [];
  let fence: string | undefined;
  let code: string[] = [];
  let prose: { text: string; lines: number } | undefined;

  const flushProse = () => {
    if (prose) items.push({ type: 'prose', ...prose });
    prose = undefined;
  };

  for (const raw of input.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.replace(/[ \t]+$/, '');
    if (fence !== undefined) {
      code.push(raw);
      const closing = FENCE.exec(line);
      if (closing?.[1] && closing[1][0] === fence[0] && closing[1].length >= fence.length) {
        items.push({ type: 'verbatim', lines: code });
        fence = undefined;
        code = [];
      }
      continue;
    }
    const opening = FENCE.exec(line);
    if (opening?.[1]) {
      flushProse();
      fence = opening[1];
      code = [raw];
      continue;
    }
    if (line.trim() === '') {
      flushProse();
      items.push({ type: 'break' });
      continue;
    }
    if (HEADING.test(line)) {
      flushProse();
      items.push({ type: 'heading', text: line.trim() });
      continue;
    }
    const listLine = normalizeListLine(line);
    if (listLine !== undefined) {
      flushProse();
      items.push({ type: 'list', line: listLine });
      continue;
    }
    if (
      /^[ \t]{0,3}>/.test(line) ||
      /^[ \t]*\|.*\|$/.test(line) ||
      /^[ \t]{0,3}([-*_])([ \t]*\1){2,}$/.test(line)
    ) {
      flushProse();
      const last = items.at(-1);
      if (last?.type === 'verbatim' && !FENCE.test(last.lines[0] ?? '')) last.lines.push(line);
      else items.push({ type: 'verbatim', lines: [line] });
      continue;
    }
    // A line that continues a list item (indented) stays with the list.
    if (/^[ \t]{2,}\S/.test(raw) && items.at(-1)?.type === 'list' && !prose) {
      items.push({ type: 'list', line });
      continue;
    }
    const text = line.trim();
    // Hard-wrapped prose (the line before has no sentence end) joins into one paragraph.
    if (prose && !/[.!?…:;。！？]$/.test(prose.text) && !isShortLine(prose.text) && !isShortLine(text)) {
      prose.text += ` ${text}`;
      prose.lines += 1;
    } else {
      flushProse();
      prose = { text, lines: 1 };
    }
  }
  if (fence !== undefined) items.push({ type: 'verbatim', lines: code });
  flushProse();
  return items;
}

/** Short, unpunctuated: a title, a label or an item typed without a dash. */
function isShortLine(text: string): boolean {
  return words(text).length <= 8 && text.length <= 80 && !SENTENCE_PUNCTUATION.test(text);
}

function startsLikeTitle(text: string): boolean {
  const first = /\p{L}|\p{N}/u.exec(text)?.[0];
  if (!first) return false;
  // Capitalised, a digit, or a script without letter case.
  return first !== first.toLowerCase() || first === first.toUpperCase();
}

function isTitleLike(text: string): boolean {
  if (!isShortLine(text) || !startsLikeTitle(text)) return false;
  if (text.endsWith(':')) return words(text).length <= 4;
  return true;
}

/** Paragraphs of more than 4 sentences become paragraphs of 2-3 sentences (never one alone). */
function splitParagraph(text: string): string[] {
  const sentences = splitSentences(text);
  if (sentences.length <= 4) return [text];
  const sizes: number[] = [];
  let left = sentences.length;
  while (left > 0) {
    if (left === 4) {
      sizes.push(2, 2);
      left = 0;
    } else {
      const size = Math.min(3, left);
      sizes.push(size);
      left -= size;
    }
  }
  const groups: string[] = [];
  let index = 0;
  for (const size of sizes) {
    groups.push(sentences.slice(index, index + size).join(' '));
    index += size;
  }
  // Never cut through formatting that spans sentences.
  return groups.every((group) => balanceInlineMarkup(group) === group) ? groups : [text];
}

/**
 * Heuristic structure: list lines (-, *, •, 1., 1)) become Markdown lists, short title-like lines
 * followed by more text become '## ' headings (the very first one '# ' when the note has no title
 * yet), runs of short unpunctuated lines become a list, and long paragraphs are split. Existing
 * headings, code, quotes and tables are kept as they are.
 */
export function structureText(input: string): string {
  const items = lexLines(input);
  const content = items.filter((item) => item.type !== 'break');
  const hasTitle = content.some((item) => item.type === 'heading' && /^#[ \t]/.test(item.text));
  const blocks: string[][] = [];
  let list: string[] | undefined;
  let listOrdered = false;
  const endList = () => {
    if (list) blocks.push(list);
    list = undefined;
  };

  for (let i = 0; i < content.length; i += 1) {
    const item = content[i];
    if (!item) continue;
    if (item.type === 'list') {
      // A bullet list right after a numbered one (or the reverse) is a new list, a blank line apart.
      const ordered = /^\d/.test(item.line);
      const topLevel = !/^[ \t]/.test(item.line);
      if (list && topLevel && ordered !== listOrdered) endList();
      if (!list) listOrdered = ordered;
      list ??= [];
      list.push(item.line);
      continue;
    }
    endList();
    if (item.type === 'heading') {
      blocks.push([item.text]);
      continue;
    }
    if (item.type === 'verbatim') {
      blocks.push(item.lines);
      continue;
    }
    if (item.type !== 'prose') continue;

    // A run of three or more short unpunctuated lines typed one under another is a list.
    const run: string[] = [];
    for (let j = i; j < content.length; j += 1) {
      const next = content[j];
      if (next?.type !== 'prose' || next.lines !== 1 || !isShortLine(next.text) || next.text.endsWith(':'))
        break;
      run.push(next.text);
    }
    if (
      run.length >= 3 &&
      items.indexOf(content[i + run.length - 1] as Item) - items.indexOf(item) === run.length - 1
    ) {
      blocks.push(run.map((text) => `- ${text}`));
      i += run.length - 1;
      continue;
    }

    const next = content[i + 1];
    const followedByText =
      next !== undefined && (next.type === 'prose' || next.type === 'list' || next.type === 'verbatim');
    if (item.lines === 1 && followedByText && isTitleLike(item.text)) {
      const title = item.text.replace(/:$/, '').trim();
      const isFirst = i === 0;
      blocks.push([`${isFirst && !hasTitle ? '#' : '##'} ${title}`]);
      continue;
    }
    for (const paragraph of splitParagraph(item.text)) blocks.push([paragraph]);
  }
  endList();
  return blocks.map((lines) => lines.join('\n')).join('\n\n');
}
