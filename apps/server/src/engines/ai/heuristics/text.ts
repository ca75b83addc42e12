/**
 * Small, dependency-free text helpers of the built-in engine: Markdown blocks, sentences, words.
 * They work on the note's Markdown source so what they keep keeps its inline formatting.
 */
import { LIST_MARKER } from '@notewise/editor/line-start';

/** Common English function words: they say little about what a note is about. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  `a about above after again against all also am an and any are aren't as at be because been before being
  below between both but by can can't cannot could couldn't did didn't do does doesn't doing don't down
  during each either else ever every few for from further get gets got had hadn't has hasn't have haven't
  having he he'd he'll he's her here here's hers herself him himself his how how's however i i'd i'll i'm
  i've if in into is isn't it it's its itself just let's like made make many may me might more most much
  must mustn't my myself need no nor not now of off often on once one only or other ought our ours
  ourselves out over own per quite rather really same say says shall shan't she she'd she'll she's should
  shouldn't since so some still such than that that's the their theirs them themselves then there there's
  these they they'd they'll they're they've this those though through thus to too under until up upon us
  very via was wasn't we we'd we'll we're we've were weren't what what's when when's where where's whether
  which while who who's whom whose why why's will with within without won't would wouldn't yet you you'd
  you'll you're you've your yours yourself yourselves`
    .split(/\s+/)
    .filter(Boolean),
);

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’]*/gu;

/** Lower-cased words of a text (letters and digits, inner apostrophes kept). */
export function words(text: string): string[] {
  return (text.toLowerCase().match(WORD) ?? []).map((word) => word.replace(/’/g, "'"));
}

/** A light stemmer so 'meetings' matches 'meeting' and 'planned' matches 'plan'. */
export function stem(word: string): string {
  let w = word.replace(/'s$/, '');
  if (w.length > 5 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  else if (w.length > 4 && w.endsWith('es') && /(?:ch|sh|ss|x|z)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  // 'planned' -> 'plann' -> 'plan'
  if (w.length > 3 && /([b-df-hj-np-tv-z])\1$/.test(w)) w = w.slice(0, -1);
  return w;
}

/** The words of a text that carry meaning: no stop words, no one-letter words, stemmed. */
export function contentWords(text: string): string[] {
  return words(text)
    .filter((word) => word.length > 1 && !STOP_WORDS.has(word) && !/^\d+$/.test(word))
    .map(stem);
}

/** Splits text into chunks of one word each, with the whitespace that follows it; joined they give `text` back. */
export function wordChunks(text: string): string[] {
  return text.match(/\s+|\S+\s*/g) ?? [];
}

const ABBREVIATIONS = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'sr',
  'jr',
  'st',
  'vs',
  'e.g',
  'i.e',
  'eg',
  'ie',
  'approx',
  'fig',
  'no',
  'nr',
  'inc',
  'ltd',
  'co',
  'corp',
  'dept',
  'est',
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
  'mon',
  'tue',
  'wed',
  'thu',
  'fri',
  'sat',
  'sun',
]);

/** Whether text ending in '.' ends with an abbreviation or an initial ('Dr.', 'e.g.', 'J.'), not a sentence. */
export function endsWithAbbreviation(before: string): boolean {
  const match = /([\p{L}.]+)$/u.exec(before);
  if (!match?.[1]) return false;
  const word = match[1].replace(/^\.+/, '');
  if (/^\p{Lu}$/u.test(word)) return true; // an initial: "J. Smith"
  if (/\p{L}\.\p{L}/u.test(word)) return true; // "e.g", "U.S"
  return ABBREVIATIONS.has(word.toLowerCase());
}

/** Sentence ends: '.', '!', '?', '…' (then closing quotes, brackets, emphasis or HTML closing tags) before a space; CJK stops anywhere. */
const SENTENCE_END = /[.!?…]+["'”’)\]*_~]*(?:<\/[a-zA-Z]+>)*(?=\s|$)|[。！？]+["'”’)\]」』]*/gu;

/** The sentences of one paragraph, trimmed, in order; abbreviations and initials do not end a sentence. */
export function splitSentences(paragraph: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (const match of paragraph.matchAll(SENTENCE_END)) {
    if (match[0].startsWith('.') && endsWithAbbreviation(paragraph.slice(start, match.index))) continue;
    const end = match.index + match[0].length;
    const sentence = paragraph.slice(start, end).trim();
    if (sentence) sentences.push(sentence);
    start = end;
  }
  const rest = paragraph.slice(start).trim();
  if (rest) sentences.push(rest);
  return sentences;
}

export type BlockKind = 'blank' | 'code' | 'heading' | 'list' | 'quote' | 'table' | 'rule' | 'paragraph';

export interface Block {
  kind: BlockKind;
  /** The block's source lines, without their line breaks. */
  lines: string[];
}

const FENCE = /^[ \t]{0,3}(`{3,}|~{3,})/;
// Markdown's list markers, and the bullets (•, –) of text pasted from word processors.
export const LIST_ITEM = new RegExp(String.raw`^([ \t]*)(?:${LIST_MARKER}|[•–])[ \t]+`);
const HEADING = /^[ \t]{0,3}#{1,6}(?:[ \t]|$)/;
const RULE = /^[ \t]{0,3}(?:(?:-[ \t]*){3,}|(?:\*[ \t]*){3,}|(?:_[ \t]*){3,})$/;

function kindOf(line: string): BlockKind {
  if (line.trim() === '') return 'blank';
  if (HEADING.test(line)) return 'heading';
  if (RULE.test(line)) return 'rule';
  if (LIST_ITEM.test(line)) return 'list';
  if (/^[ \t]{0,3}>/.test(line)) return 'quote';
  if (/^[ \t]*\|.*\|[ \t]*$/.test(line)) return 'table';
  return 'paragraph';
}

/**
 * Line-based Markdown blocks: fenced code (kept whole, blank lines included), headings and rules
 * (one line each), and runs of list, quote, table or paragraph lines. A list keeps its indented
 * continuation lines. Joining every block's lines with '\n' gives the input back.
 */
export function parseBlocks(markdown: string): Block[] {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let current: Block | undefined;
  let fence: string | undefined;

  const push = (kind: BlockKind, line: string) => {
    if (current && current.kind === kind && kind !== 'heading' && kind !== 'rule' && kind !== 'code') {
      current.lines.push(line);
      return;
    }
    current = { kind, lines: [line] };
    blocks.push(current);
  };

  for (const line of lines) {
    if (fence !== undefined) {
      current?.lines.push(line);
      const closing = FENCE.exec(line);
      if (
        closing?.[1] &&
        closing[1][0] === fence[0] &&
        closing[1].length >= fence.length &&
        !line.trim().slice(closing[1].length).trim()
      ) {
        fence = undefined;
        current = undefined;
      }
      continue;
    }
    const opening = FENCE.exec(line);
    if (opening?.[1]) {
      fence = opening[1];
      current = { kind: 'code', lines: [line] };
      blocks.push(current);
      continue;
    }
    let kind = kindOf(line);
    // An indented line right after a list item continues that item.
    if (kind === 'paragraph' && current?.kind === 'list' && /^[ \t]{2,}\S/.test(line)) kind = 'list';
    push(kind, line);
  }
  return blocks;
}

/** The text of a list item or quote line without its marker (and without a task checkbox). */
export function stripLineMarker(line: string): string {
  return line
    .replace(/^[ \t]*(?:>[ \t]?)+/, '')
    .replace(LIST_ITEM, '')
    .replace(/^\[[ xX]\][ \t]+/, '')
    .trim();
}

const HTML_TAG = /<\/?([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>/g;

/**
 * Inline markup a sentence cut out of a paragraph may have lost a half of ('**' opened in the
 * sentence before, a `<u>` closed in the next one). Unbalanced markers are dropped so a kept
 * sentence never opens formatting it does not close.
 */
export function balanceInlineMarkup(sentence: string): string {
  let text = sentence;
  const opened = new Map<string, number>();
  for (const match of text.matchAll(HTML_TAG)) {
    const name = (match[1] ?? '').toLowerCase();
    const delta = match[0].startsWith('</') ? -1 : 1;
    const count = (opened.get(name) ?? 0) + delta;
    opened.set(name, count);
    if (count < 0) opened.set(name, Number.NEGATIVE_INFINITY);
  }
  for (const [name, count] of opened) {
    if (count !== 0) text = text.replace(new RegExp(`</?${name}\\b[^>]*>`, 'gi'), '');
  }
  for (const marker of ['**', '__', '~~', '`']) {
    const parts = text.split(marker);
    if (parts.length % 2 === 0) text = parts.join('');
  }
  const stars = text.match(/(?<![*\\])\*(?!\*)/g)?.length ?? 0;
  if (stars % 2 === 1) text = text.replace(/(?<![*\\])\*(?!\*)/g, '');
  return text;
}
