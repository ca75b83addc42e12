/**
 * The Markdown around the prose the grammar pass checks: what no fix may touch (tags, code, links,
 * line-start markers), what must survive a fix unchanged, and the note cut into paragraphs.
 */
import { markdownLineStarts } from '@notewise/editor/line-start';

/** Markup no fix may touch: an applied suggestion must not overlap any of these ranges. */
const PROTECTED = [
  /<\/?[A-Za-z][^>]*>/g, // inline HTML tags with their attributes
  /(`+)[^`]*?\1/g, // code spans
  /!?\[[^\]\n]*\]\([^)\n]*\)/g, // links and images: fixes may not cross the brackets...
  /<[a-z]+:[^>\s]*>/gi, // autolinks
  /\b(?:https?:\/\/|www\.)[^\s<>()]+/gi, // bare URLs
  /[\w.+-]+@[\w-]+\.[\w.-]+/g, // e-mail addresses
  markdownLineStarts(), // line-start markers
  /\*+|_{2,}|~~|\\./g, // emphasis markers and escapes
  /(?<=\w)_+|_+(?=\w)/g, // underscores (emphasis or snake_case)
  /[ \t]+$/gm, // trailing spaces (a Markdown hard break)
  /\|/g, // table pipes
  /&#?\w+;/g, // HTML entities
];

/** ...but the text inside a link's brackets may be fixed, so the brackets and the URL are what is protected. */
export function protectedRanges(text: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (const pattern of PROTECTED) {
    for (const match of text.matchAll(pattern)) {
      const start = match.index;
      const end = start + match[0].length;
      if (match[0].startsWith('[') || match[0].startsWith('![')) {
        const close = match[0].indexOf('](');
        ranges.push([start, start + (match[0].startsWith('!') ? 2 : 1)]);
        ranges.push([start + close, end]);
      } else if (end > start) {
        ranges.push([start, end]);
      }
    }
  }
  return ranges;
}

/** What must survive any fix unchanged: tags, code, link targets, line structure. */
export function markupSignature(text: string): string {
  const parts = [
    ...(text.match(/<\/?[A-Za-z][^>]*>/g) ?? []),
    ...(text.match(/(`+)[^`]*?\1/g) ?? []),
    ...(text.match(/\]\([^)\n]*\)/g) ?? []),
    ...(text.match(markdownLineStarts()) ?? []),
  ];
  return parts.join('\u0000');
}

const FENCE = /^[ \t]{0,3}(`{3,}|~{3,})/;
/** A very long paragraph is checked in pieces so the event loop is never blocked for long. */
const MAX_SEGMENT_LENGTH = 4000;

/**
 * The note cut into segments that are checked one at a time: paragraphs (runs of non-blank lines)
 * outside fenced code; code blocks and blank lines pass through untouched. Joined, the segments
 * give the input back.
 */
export function grammarSegments(markdown: string): Array<{ text: string; check: boolean }> {
  const segments: Array<{ text: string; check: boolean }> = [];
  const lines = markdown.split('\n');
  let fence: string | undefined;
  let current: { text: string[]; check: boolean; length: number } | undefined;
  const flush = () => {
    if (current) segments.push({ text: current.text.join('\n'), check: current.check });
    current = undefined;
  };
  const add = (line: string, check: boolean) => {
    if (!current || current.check !== check) {
      flush();
      current = { text: [], check, length: -1 };
    }
    current.text.push(line);
    // The joined length, kept as lines are added (joining on every line made long notes quadratic).
    current.length += line.length + 1;
  };
  for (const line of lines) {
    if (fence !== undefined) {
      add(line, false);
      const closing = FENCE.exec(line);
      if (closing?.[1] && closing[1][0] === fence[0] && closing[1].length >= fence.length) fence = undefined;
      continue;
    }
    const opening = FENCE.exec(line);
    if (opening?.[1]) {
      fence = opening[1];
      add(line, false);
      continue;
    }
    if (line.trim() === '') {
      add(line, false);
      continue;
    }
    if (current?.check && current.length > MAX_SEGMENT_LENGTH) flush();
    add(line, true);
  }
  flush();
  // Segments are joined with '\n' between them, so each carries its own text only.
  return segments;
}
