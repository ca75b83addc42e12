import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Lint, LocalLinter } from 'harper.js';

/**
 * Grammar with harper.js (https://writewithharper.com), fully offline: its WebAssembly binary ships
 * inside the npm package. In Node we use `LocalLinter` with the *slim* binary module
 * (`harper.js/slimBinary`), which points at `harper_wasm_slim_bg.wasm` next to the module by a
 * `file://` URL; harper.js reads such URLs with `fs` when `process` exists, so nothing is fetched.
 * The module is imported lazily on the first grammar request (it costs ~3 s, blocking, and ~200 MB
 * of memory), once per process, and then shared: the linter is synchronous inside, so calls never
 * interleave. Later checks take milliseconds per paragraph, with a yield to the event loop between.
 */
let linterPromise: Promise<LocalLinter> | undefined;

export function loadHarper(): Promise<LocalLinter> {
  linterPromise ??= (async () => {
    const [{ LocalLinter, Dialect }, { slimBinary }] = await Promise.all([
      import('harper.js'),
      import('harper.js/slimBinary'),
    ]);
    const linter = new LocalLinter({ binary: slimBinary, dialect: Dialect.American });
    await linter.setup();
    // The spelling dictionary initialises on first use (~2 s): pay that once, here, not mid-note.
    for (const lint of await linter.lint('Warm up teh speling of Kysely getUserId.', {
      language: 'markdown',
    }))
      lint.free();
    return linter;
  })().catch((error: unknown) => {
    linterPromise = undefined;
    throw error;
  });
  return linterPromise;
}

/** Markup no fix may touch: an applied suggestion must not overlap any of these ranges. */
const PROTECTED = [
  /<\/?[A-Za-z][^>]*>/g, // inline HTML tags with their attributes
  /(`+)[^`]*?\1/g, // code spans
  /!?\[[^\]\n]*\]\([^)\n]*\)/g, // links and images: fixes may not cross the brackets...
  /<[a-z]+:[^>\s]*>/gi, // autolinks
  /\b(?:https?:\/\/|www\.)[^\s<>()]+/gi, // bare URLs
  /[\w.+-]+@[\w-]+\.[\w.-]+/g, // e-mail addresses
  /^[ \t]*(?:>[ \t]?)*(?:#{1,6}[ \t]+|(?:[-*+]|\d{1,9}[.)])[ \t]+(?:\[[ xX]\][ \t]+)?)?/gm, // line-start markers
  /\*+|_{2,}|~~|\\./g, // emphasis markers and escapes
  /(?<=\w)_+|_+(?=\w)/g, // underscores (emphasis or snake_case)
  /[ \t]+$/gm, // trailing spaces (a Markdown hard break)
  /\|/g, // table pipes
  /&#?\w+;/g, // HTML entities
];

/** ...but the text inside a link's brackets may be fixed, so the brackets and the URL are what is protected. */
function protectedRanges(text: string): Array<[number, number]> {
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
function markupSignature(text: string): string {
  const parts = [
    ...(text.match(/<\/?[A-Za-z][^>]*>/g) ?? []),
    ...(text.match(/(`+)[^`]*?\1/g) ?? []),
    ...(text.match(/\]\([^)\n]*\)/g) ?? []),
    ...(text.match(
      /^[ \t]*(?:>[ \t]?)*(?:#{1,6}[ \t]+|(?:[-*+]|\d{1,9}[.)])[ \t]+(?:\[[ xX]\][ \t]+)?)?/gm,
    ) ?? []),
  ];
  return parts.join('\u0000');
}

/**
 * Harper's spelling suggestions for names and identifiers ('Kysely' -> 'Kasey', 'getUserId' ->
 * 'gathered') would corrupt a note, so spelling fixes apply to lower-case words only.
 */
function isSafeLint(lint: Lint, problem: string): boolean {
  const kind = lint.lint_kind();
  if ((kind === 'Spelling' || kind === 'Typo') && /[\p{Lu}\d_]/u.test(problem)) return false;
  return true;
}

interface Edit {
  start: number;
  end: number;
  replacement: string;
}

/** One pass: lint the segment and apply the first suggestion of every safe, non-overlapping lint. */
async function fixOnce(linter: LocalLinter, text: string): Promise<string> {
  const lints = await linter.lint(text, { language: 'markdown' });
  const ranges = protectedRanges(text);
  const edits: Edit[] = [];
  for (const lint of lints) {
    try {
      const span = lint.span();
      const start = span.start;
      const end = span.end;
      span.free();
      const problem = text.slice(start, end);
      // Harper reports UTF-16 offsets; if that ever changes, skip rather than corrupt.
      if (problem !== lint.get_problem_text() || !isSafeLint(lint, problem)) continue;
      const touchEnd = Math.max(end, start + 1);
      if (ranges.some(([from, to]) => start < to && touchEnd > from)) continue;
      const suggestion = lint.suggestions()[0];
      if (!suggestion) continue;
      const kind = suggestion.kind();
      const replacementText = suggestion.get_replacement_text();
      suggestion.free();
      // SuggestionKind: 0 Replace, 1 Remove, 2 InsertAfter.
      if (kind === 0) edits.push({ start, end, replacement: replacementText });
      else if (kind === 1) edits.push({ start, end, replacement: '' });
      else if (kind === 2) edits.push({ start: end, end, replacement: replacementText });
    } finally {
      lint.free();
    }
  }
  // Apply from the end so earlier offsets stay valid; skip any edit overlapping one already applied.
  edits.sort((a, b) => b.start - a.start || b.end - a.end);
  let result = text;
  let limit = Number.POSITIVE_INFINITY;
  for (const edit of edits) {
    if (edit.end > limit || (edit.end === limit && edit.start === edit.end)) continue;
    result = result.slice(0, edit.start) + edit.replacement + result.slice(edit.end);
    limit = edit.start;
  }
  return result;
}

const MAX_PASSES = 3;

/** Fixes one block of Markdown prose; a result that changed any markup is thrown away. */
export async function fixSegment(linter: LocalLinter, segment: string): Promise<string> {
  if (!/[\p{L}]/u.test(segment)) return segment;
  let text = segment;
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    const fixed = await fixOnce(linter, text);
    if (fixed === text) break;
    if (markupSignature(fixed) !== markupSignature(segment)) break;
    text = fixed;
  }
  return text;
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
  let current: { text: string[]; check: boolean } | undefined;
  const flush = () => {
    if (current) segments.push({ text: current.text.join('\n'), check: current.check });
    current = undefined;
  };
  const add = (line: string, check: boolean) => {
    if (!current || current.check !== check) {
      flush();
      current = { text: [], check };
    }
    current.text.push(line);
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
    if (current?.check && current.text.join('\n').length > MAX_SEGMENT_LENGTH) flush();
    add(line, true);
  }
  flush();
  // Segments are joined with '\n' between them, so each carries its own text only.
  return segments;
}

/** Yields the corrected note segment by segment (a segment and the line break after it). */
export async function* fixGrammar(markdown: string, signal?: AbortSignal): AsyncGenerator<string> {
  const linter = await loadHarper();
  const segments = grammarSegments(markdown.replace(/\r\n?/g, '\n'));
  for (const [index, segment] of segments.entries()) {
    signal?.throwIfAborted();
    const fixed = segment.check ? await fixSegment(linter, segment.text) : segment.text;
    yield index < segments.length - 1 ? `${fixed}\n` : fixed;
    // Let other requests run between paragraphs.
    await nextTurn();
  }
}
