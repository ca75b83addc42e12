import { appendAll } from '@notewise/shared';
import { balanceInlineMarkup, splitSentences } from '../heuristics/text';
import { type Item, isPersonName, isShortLine, isTitleLike, lexLines, PEOPLE_LABEL } from './structure-lines';
import {
  isActionItem,
  isLabelledAction,
  isOwnedAction,
  isPastReport,
  segmentParagraph,
  TASK_HEADING,
  TASK_LABEL,
  taskLine,
} from './structure-sentences';

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

// Not the Markdown line-start rule (@notewise/editor/line-start): these read the engine's own
// output, which writes every bullet as '- ' and every box with one space, so they match exactly
// that and nothing a user typed.
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
  const actions = texts.filter((text) => isActionItem(text, true) || isLabelledAction(text)).length;
  if (!underTaskHeading && actions * 2 < texts.length) return undefined;
  // Under 'Action items' a past report ('Sam fixed the flaky test') is what was done, no task.
  return list.map((line) =>
    /^- /.test(line) && !CHECKLIST_LINE.test(line) && !isPastReport(line.slice(2))
      ? taskLine(line.slice(2))
      : line,
  );
}

/** The first names of the people a note lists one a line ('- Joe Sepi (@joesepi)'), as owners of its tasks. */
function listedPeople(input: string): Set<string> {
  const people = new Set<string>();
  for (const match of input.matchAll(
    /^[ \t]*(?:[-*+•][ \t]+)?(\p{Lu}[\p{L}'’-]+)(?:[ \t]+\p{Lu}[\p{L}'’.-]*){0,3}[ \t]*(?:\(@?[\w.-]+\))?[ \t]*$/gmu,
  ))
    if (match[1]) people.add(match[1]);
  // A full name and the company or role in brackets ('* Jory Burson (Linux Foundation)', '* VM
  // (Vicky) Brasseur (Wipro)'): OpenSSF's attendance lists.
  for (const match of input.matchAll(
    /^[ \t]*[-*+•][ \t]+(\p{Lu}[\p{L}'’-]*)(?:[ \t]+(?:\p{Lu}[\p{L}'’.-]*|\(\p{Lu}\p{L}*\))){1,3}[ \t]*\([^()\n]{1,60}\)[ \t]*$/gmu,
  ))
    if (match[1]) people.add(match[1]);
  return people;
}

/**
 * The items of a list that is no checklist, each made a checklist item when it gives someone a task
 * ('  - Sean to update the issue.' under an agenda item), is labelled as one ('  - **ACTION**: Jenn
 * to ...', '  - TODO by [Jenn Bonner]: ...'), or stands under an item that only says what follows
 * ('  - Next steps' over '    - Open issue to ...'), at any depth, its words kept.
 */
function ownedActions(list: string[], people: ReadonlySet<string>): string[] {
  let labelDepth: number | undefined;
  return list.map((line) => {
    const item = /^([ \t]*)- (?!\[[ xX]\] )(.+)$/.exec(line);
    if (!item?.[2]) return line;
    const depth = (item[1] ?? '').length;
    if (labelDepth !== undefined && depth <= labelDepth) labelDepth = undefined;
    if (TASK_LABEL.test(item[2].trim())) {
      labelDepth = depth;
      return line;
    }
    const task =
      (labelDepth !== undefined && !/\?$/.test(item[2]) && !isPastReport(item[2])) ||
      isLabelledAction(item[2], people) ||
      isOwnedAction(item[2], people);
    return task ? `${item[1]}${taskLine(item[2])}` : line;
  });
}

/** Checklists typed as separate lines ('TODO: a', 'TODO: b') become one list. */
function mergeChecklists(blocks: string[][]): string[][] {
  const merged: string[][] = [];
  for (const block of blocks) {
    const last = merged.at(-1);
    const isChecklist = (lines: string[]) => lines.every((line) => CHECKLIST_LINE.test(line));
    if (last && isChecklist(last) && isChecklist(block)) appendAll(last, block);
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
  const people = listedPeople(input);
  const endList = () => {
    if (list) blocks.push(asChecklist(list, blocks.at(-1)?.join('\n') ?? '') ?? ownedActions(list, people));
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

    // 'Attendees' and the names under it, one a line: a heading and a list of the people.
    const names: string[] = [];
    for (let j = i + (PEOPLE_LABEL.test(item.text) ? 1 : 0); j < content.length; j += 1) {
      const next = content[j];
      if (next?.type !== 'prose' || next.lines !== 1 || !isPersonName(next.text)) break;
      names.push(next.text);
    }
    if (names.length >= (PEOPLE_LABEL.test(item.text) ? 1 : 2)) {
      if (PEOPLE_LABEL.test(item.text)) blocks.push([`## ${item.text.replace(/:$/, '')}`]);
      blocks.push(names.map((name) => `- ${name}`));
      i += names.length - (PEOPLE_LABEL.test(item.text) ? 0 : 1);
      continue;
    }

    // A run of three or more short unpunctuated lines typed one under another is a list.
    const run: string[] = [];
    for (let j = i; j < content.length; j += 1) {
      const next = content[j];
      if (next?.type !== 'prose' || next.lines !== 1 || !isShortLine(next.text) || next.text.endsWith(':'))
        break;
      // A list of people under its label is a list of its own; the note's title is no item.
      // Nor is the label over a list of people or of tasks ('Action items' is its heading).
      if (
        PEOPLE_LABEL.test(next.text) ||
        TASK_LABEL.test(next.text) ||
        (j === 0 && !hasTitle && isTitleLike(next.text))
      )
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
    // The short end of a hard-wrapped sentence ('...which the Calvin cycle then uses to fix' / 'Sugars') is no heading.
    const before = content[i - 1];
    const continues =
      before?.type === 'prose' &&
      before.text.length >= 40 &&
      /[\p{Ll},]$/u.test(before.text) &&
      item.lines === 1;
    // An empty field among labelled lines ('**Recording**:' over '**GitHub Issue**: #1053') is no heading.
    const emptyField =
      item.text.endsWith(':') &&
      next?.type === 'prose' &&
      /^\*{0,2}[\p{L} ]{1,30}\*{0,2}:\s+\S/u.test(next.text);
    // A task with its owner ('Sam to send the deck', 'ACTION: Priya to book it') is no heading.
    const task = isOwnedAction(item.text, people) || isLabelledAction(item.text, people);
    if (item.lines === 1 && followedByText && !continues && !emptyField && !task && isTitleLike(item.text)) {
      const title = item.text.replace(/:$/, '').trim();
      const isFirst = i === 0;
      blocks.push([`${isFirst && !hasTitle ? '#' : '##'} ${title}`]);
      continue;
    }
    appendAll(blocks, proseBlocks(item.text, item.lines === 1));
  }
  endList();
  return mergeChecklists(blocks)
    .map((lines) => lines.join('\n'))
    .join('\n\n');
}
