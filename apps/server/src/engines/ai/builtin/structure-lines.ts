import { words } from '../heuristics/text';
import { hasFiniteVerb, isPersonName } from './nlp';

// How structure reads a note: line by line into prose, list lines, headings and verbatim blocks.
export type Item =
  | { type: 'prose'; text: string; lines: number }
  | { type: 'list'; line: string }
  | { type: 'heading'; text: string }
  | { type: 'verbatim'; lines: string[] }
  | { type: 'break' };

const FENCE = /^[ \t]{0,3}(`{3,}|~{3,})/;
// Typed bullets, not Markdown ones: the structure engine reads notes as typed, where '•', '–' and a
// marker without its space ('-milk') still start an item, so the line-start rule's LIST_MARKER
// (which needs the space) is not this.
const BULLET = /^([ \t]*)(?:[-*+–]|•)[ \t]*(?=\S)/;
// The ordered half of the line-start rule's LIST_MARKER, kept apart: renumbering needs the
// indentation and the number captured, which the shared pattern does not do.
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

export function lexLines(input: string): Item[] {
  const items: Item[] = [];
  let fence: string | undefined;
  let code: string[] = [];
  let prose: { text: string; lines: number } | undefined;
  let previousRaw = '';
  let beforePrevious = '';

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
    // A line starting in lower case continues a long line without a sentence end ('...Every TIL I' / 'write is...').
    const continues =
      prose !== undefined &&
      !/[.!?…:;。！？]$/.test(prose.text) &&
      prose.text.length >= 50 &&
      /[\p{L}\p{N},]$/u.test(prose.text) &&
      /^\p{Ll}/u.test(text) &&
      !isShortLine(prose.text);
    // A Markdown line break ('  ' or '\\' at the end), a labelled line ('Attending: ...') or a link
    // line next: the lines stay apart.
    // So does a short line typed under another short one ('currently, it unwinds through' / 'but this
    // is easy to fix' / 'ultimately an orthogonal concern'): each is a line of its own.
    const typedAlone =
      prose !== undefined &&
      words(previousRaw).length <= 8 &&
      !/[,;:[(]$/.test(previousRaw.trim()) &&
      (prose.lines === 1 || /[.!?:]$/.test(beforePrevious.trim()) || words(beforePrevious).length <= 8);
    const apart =
      /(?: {2}|\\)$/.test(previousRaw) ||
      /^[\p{L} ]{2,30}:\s/u.test(prose?.text ?? '') ||
      isLinkLine(text) ||
      typedAlone;
    const joins =
      !apart &&
      (continues ||
        (prose !== undefined &&
          !/[.!?…:;。！？]$/.test(prose.text) &&
          // A hard-wrapped line is long and breaks mid-sentence (after a word or a comma).
          prose.text.length >= 50 &&
          /[\p{Ll},]$/u.test(prose.text) &&
          // 'Hi Daniel,' or 'Best regards,' stays on its own line.
          !(/,$/.test(prose.text) && words(prose.text).length <= 4) &&
          !isShortLine(prose.text) &&
          !isShortLine(text)));
    if (prose && joins) {
      prose.text += ` ${text}`;
      prose.lines += 1;
    } else {
      flushProse();
      prose = { text, lines: 1 };
    }
    beforePrevious = previousRaw;
    previousRaw = raw;
  }
  if (fence !== undefined) items.push({ type: 'verbatim', lines: code });
  flushProse();
  return items;
}

/** Short, unpunctuated: a title, a label or an item typed without a dash. */
export function isShortLine(text: string): boolean {
  return words(text).length <= 8 && text.length <= 80 && !SENTENCE_PUNCTUATION.test(text);
}

function startsLikeTitle(text: string): boolean {
  const first = /\p{L}|\p{N}/u.exec(text)?.[0];
  if (!first) return false;
  // Capitalised, a digit, or a script without letter case.
  return first !== first.toLowerCase() || first === first.toUpperCase();
}

/** A line that is only a link or an address: a reference, never a heading ('https://wiki/...', '[minutes](...)'). */
export function isLinkLine(text: string): boolean {
  const plain = text.replace(/^[*_]+|[*_]+$/g, '').trim();
  return (
    /^(?:<?https?:\/\/|www\.)\S+$/i.test(plain) ||
    /^!?\[[^\]]*\](?:\([^)]*\)|\[[^\]]*\])?$/.test(plain) ||
    /^\[[^\]]+\]:\s*\S+/.test(plain)
  );
}

/**
 * A heading typed without '#': short, capitalised, no sentence end, no finite verb (an action item
 * or 'Lena finished the screens' is a sentence), not a link, not a labelled line.
 */
export function isTitleLike(text: string): boolean {
  if (!isShortLine(text) || !startsLikeTitle(text) || isLinkLine(text)) return false;
  // 'Attendees: Sam, Priya' or 'Yesterday: finished the login page' is a labelled line, not a title.
  if (/:\s+\S/.test(text)) return false;
  // A quantity ('15 minute timebox') or a line pointing elsewhere ('See previous item's notes ^').
  if (/^\d+[ \t-]+\p{Ll}/u.test(text) || /(?:\^|↑|⬆|->|=>)$/u.test(text.trim())) return false;
  if (text.endsWith(':')) return words(text).length <= 4;
  return !hasFiniteVerb(text.replace(/[*_`]/g, ''));
}

/** The label before a list of people ('Attendees', 'Present:', 'Team members'). */
export const PEOPLE_LABEL =
  /^(?:attendees|attendance|present|participants|people|team(?: members)?|others|guests|invited|absent|apologies)\s*:?$/i;

export { isPersonName };
