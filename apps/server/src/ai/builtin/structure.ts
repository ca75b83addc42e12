import { balanceInlineMarkup, splitSentences, words } from '../heuristics/text';

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
    const joins =
      prose !== undefined &&
      !/[.!?…:;。！？]$/.test(prose.text) &&
      // A hard-wrapped line is long and breaks mid-sentence (after a word or a comma).
      prose.text.length >= 50 &&
      /[\p{Ll},]$/u.test(prose.text) &&
      // 'Hi Daniel,' or 'Best regards,' stays on its own line.
      !(/,$/.test(prose.text) && words(prose.text).length <= 4) &&
      !isShortLine(prose.text) &&
      !isShortLine(text);
    if (prose && joins) {
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
  // 'Attendees: Sam, Priya' or 'Yesterday: finished the login page' is a labelled line, not a title.
  if (/:\s+\S/.test(text)) return false;
  if (text.endsWith(':')) return words(text).length <= 4;
  return true;
}

/** Verbs that start a task ('call the dentist', 'Ask Gabriel for access'). Cooking and writing verbs are not here. */
const TASK_VERBS = new Set(
  `announce ask audit book bring buy bump call cancel check clean confirm contact deploy draft email e-mail
  file finish fix follow hire install interview invite order organise organize pack pay phone pick plan prepare
  print read register remind renew reply research reserve return review schedule send share sign submit talk
  tell test text update upgrade visit write`
    .split(/\s+/)
    .filter(Boolean),
);

/** Words that can start a sentence without being its subject ('The vote will be...'). */
const NOT_A_SUBJECT =
  /^(?:the|a|an|this|that|these|those|it|there|here|what|which|who|one|some|each|all|our|my|your|his|her|their|its|no|every|any|if|when|then|maybe|perhaps)$/i;

const TODO_PREFIX = /^(?:todo|TODO|ToDo|Todo)\b[ \t]*[:\-–]?[ \t]*/;

/**
 * Whether a sentence or line is something to do: 'TODO: ...', 'Don't forget ...', 'Remember to ...',
 * a line starting with a task verb, 'we need to / should / have to / must ...', or 'Priya will
 * send ...' / 'Sam to update ...' (a person and a task verb). `line`: the text stands on its own line
 * (an imperative sentence inside a paragraph is more often an instruction, as in a recipe).
 */
export function isActionItem(text: string, line: boolean): boolean {
  const plain = text.replace(/^[*_~]+/, '').trim();
  if (TODO_PREFIX.test(plain) && plain.replace(TODO_PREFIX, '') !== '') return true;
  if (/^(?:don'?t|do not) forget\b|^remember to\b/i.test(plain)) return true;
  const tokens = plain.split(/[\s,:]+/);
  const first = (tokens[0] ?? '').toLowerCase();
  // 'Interview: Rahul Mehta' is a label, 'Call Anna?' a question.
  const labelled = plain[first.length] === ':';
  if (TASK_VERBS.has(first) && !labelled && (line || /^\p{Lu}/u.test(tokens[0] ?? '')) && !/\?$/.test(plain))
    return true;
  if (/^(?:need|needs|have|has)\s+to\s/i.test(plain)) return true;
  const subject =
    /^((?:i|we|you|[\p{Lu}][\p{L}'’-]*)(?:\s+and\s+[\p{Lu}][\p{L}'’-]*)?)\s+(?:also\s+|still\s+|really\s+)?(need to|needs to|have to|has to|must|should|will|to)\s+(\p{L}+)/iu.exec(
      plain,
    );
  if (!subject?.[1] || !subject[2]) return false;
  const who = subject[1];
  if (NOT_A_SUBJECT.test(who) || (!/^(?:i|we|you)$/i.test(who) && !/^\p{Lu}/u.test(who))) return false;
  const modal = subject[2].toLowerCase();
  const verb = (subject[3] ?? '').toLowerCase();
  if (modal === 'will' || modal === 'to') return TASK_VERBS.has(verb);
  return verb !== 'be' && !/\?$/.test(plain);
}

/** A checklist line for an action item; a 'TODO:' in front is what the checkbox now says. */
function taskLine(text: string): string {
  const rest = text.replace(TODO_PREFIX, '');
  return `- [ ] ${rest === '' ? text : rest}`;
}

/** Headings and lead-ins under which every list item is a task. */
const TASK_HEADING = /\b(?:action items?|actions|next steps?|to-?dos?|to do|tasks?|follow-?ups?)\b/i;

const ORDINAL_FIRST = /^(?:first(?:ly)?|1st)\b,?/i;
const ORDINAL_NEXT =
  /^(?:second(?:ly)?|third(?:ly)?|fourth(?:ly)?|fifth(?:ly)?|next|then|finally|lastly|2nd|3rd|4th)\b,?/i;

/** Splits at commas outside brackets (not in '10,000'). */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (char === '(' || char === '[') depth += 1;
    else if ((char === ')' || char === ']') && depth > 0) depth -= 1;
    else if (char === ',' && depth === 0 && !/\d/.test(text[i + 1] ?? '')) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((part) => part.trim());
}

/**
 * 'Ingredients: tomatoes, 2 onions, garlic and basil.' as a lead-in and its items (the 'and' before
 * the last one dropped): at least three short items after a short lead-in ending in a colon.
 */
export function colonEnumeration(sentence: string): { lead: string; items: string[] } | undefined {
  const colon = /^([^:]{2,80}):\s+(.+?)[.!]?$/.exec(sentence);
  if (!colon?.[1] || !colon[2] || words(colon[1]).length > 10) return undefined;
  const parts = splitTopLevel(colon[2]);
  const last = parts.pop() ?? '';
  const tail = /^(.+?)\s+(?:and|or)\s+(.+)$/.exec(last);
  const items = tail?.[1] && tail[2] ? [...parts, tail[1], tail[2]] : [...parts, last];
  // 'a, b and c' or 'a, b, c': three items at least, none empty, none a clause of its own.
  const cleaned = items.map((item) => item.replace(/^(?:and|or)\s+/, '').trim());
  if (cleaned.length < 3 || cleaned.some((item) => item === '' || words(item).length > 6)) return undefined;
  if (cleaned.some((item) => /[;:]/.test(item))) return undefined;
  return { lead: `${colon[1]}:`, items: cleaned };
}

type Segment =
  | { type: 'prose'; sentences: string[] }
  | { type: 'tasks'; sentences: string[] }
  | { type: 'enumeration'; sentences: string[] }
  | { type: 'colon'; lead: string; items: string[] };

/** A paragraph cut into prose, 'First, ... Second, ...' runs, action items and colon enumerations, in order. */
function segmentParagraph(text: string, singleLine: boolean): Segment[] {
  const sentences = splitSentences(text);
  const segments: Segment[] = [];
  const push = (type: 'prose' | 'tasks' | 'enumeration', sentence: string) => {
    const last = segments.at(-1);
    if (last && last.type === type) last.sentences.push(sentence);
    else segments.push({ type, sentences: [sentence] });
  };
  for (let i = 0; i < sentences.length; i += 1) {
    const sentence = sentences[i] ?? '';
    if (ORDINAL_FIRST.test(sentence) && ORDINAL_NEXT.test(sentences[i + 1] ?? '')) {
      let end = i + 1;
      while (ORDINAL_NEXT.test(sentences[end + 1] ?? '')) end += 1;
      segments.push({ type: 'enumeration', sentences: sentences.slice(i, end + 1) });
      i = end;
      continue;
    }
    const enumeration = colonEnumeration(sentence);
    if (enumeration) {
      segments.push({ type: 'colon', ...enumeration });
      continue;
    }
    push(isActionItem(sentence, singleLine && sentences.length === 1) ? 'tasks' : 'prose', sentence);
  }
  return segments;
}

/** The Markdown blocks of one paragraph: its prose, lists and checklists; unchanged if that would cut formatting. */
function proseBlocks(text: string, singleLine: boolean): string[][] {
  const segments = segmentParagraph(text, singleLine);
  const pieces = segments.flatMap((segment) =>
    segment.type === 'colon' ? [segment.lead, ...segment.items] : segment.sentences,
  );
  if (pieces.some((piece) => balanceInlineMarkup(piece) !== piece))
    return splitParagraph(text).map((p) => [p]);
  const blocks: string[][] = [];
  for (const segment of segments) {
    if (segment.type === 'prose') {
      for (const paragraph of splitParagraph(segment.sentences.join(' '))) blocks.push([paragraph]);
    } else if (segment.type === 'tasks') {
      blocks.push(segment.sentences.map(taskLine));
    } else if (segment.type === 'enumeration') {
      blocks.push(segment.sentences.map((sentence) => `- ${sentence}`));
    } else {
      blocks.push(
        [segment.lead],
        segment.items.map((item) => `- ${item}`),
      );
    }
  }
  return blocks;
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

const CHECKLIST_LINE = /^[ \t]*- \[[ xX]\] /;

/**
 * A bullet list as a checklist when it is one: under a heading like 'Action items' or 'Next steps',
 * or when at least half of its items are action items. Numbered lists keep their numbers.
 */
function asChecklist(list: string[], before: string): string[] | undefined {
  const top = list.filter((line) => !/^[ \t]/.test(line));
  if (top.length === 0 || top.some((line) => !/^- /.test(line))) return undefined;
  const texts = top.map((line) => line.replace(/^- (?:\[[ xX]\] )?/, ''));
  const underTaskHeading = /^#{1,6} |:$/.test(before.split('\n').at(-1) ?? '') && TASK_HEADING.test(before);
  const actions = texts.filter((text) => isActionItem(text, true)).length;
  if (!underTaskHeading && actions * 2 < texts.length) return undefined;
  return list.map((line) =>
    /^- /.test(line) && !CHECKLIST_LINE.test(line) ? taskLine(line.slice(2)) : line,
  );
}

/** Checklists typed as separate lines ('TODO: a', 'TODO: b') become one list. */
function mergeChecklists(blocks: string[][]): string[][] {
  const merged: string[][] = [];
  for (const block of blocks) {
    const last = merged.at(-1);
    const isChecklist = (lines: string[]) => lines.every((line) => CHECKLIST_LINE.test(line));
    if (last && isChecklist(last) && isChecklist(block)) last.push(...block);
    else merged.push([...block]);
  }
  return merged;
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
    if (list) blocks.push(asChecklist(list, blocks.at(-1)?.join('\n') ?? '') ?? list);
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
      const runList = run.map((text) => `- ${text}`);
      blocks.push(asChecklist(runList, blocks.at(-1)?.join('\n') ?? '') ?? runList);
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
    blocks.push(...proseBlocks(item.text, item.lines === 1));
  }
  endList();
  return mergeChecklists(blocks)
    .map((lines) => lines.join('\n'))
    .join('\n\n');
}
