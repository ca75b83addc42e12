import { LIST_MARKER, TASK_BOX } from '@notewise/editor/line-start';
import {
  balanceInlineMarkup,
  contentWords,
  parseBlocks,
  splitSentences,
  stripLineMarker,
  words,
} from '../heuristics/text';
import { hasFiniteVerb, isPersonName } from './nlp';
import { isLinkLine } from './structure-lines';
import { isActionItem, TASK_HEADING } from './structure-sentences';
import { choose, type Outline, type Unit } from './summarize-choose';
import { clauseUnits, joinClauses, joinLead } from './summarize-clauses';
import {
  EMPTY_LABEL,
  ISSUE_TITLE,
  indentOf,
  nest,
  OWNED_TASK,
  settleNesting,
  topicLabel,
} from './summarize-nesting';
import {
  attendeesLine,
  COMMITMENT,
  DECISION,
  DECISION_HEADING,
  namesIn,
  ownerTask,
  PEOPLE_HEADING,
  REMOVED,
  shorten,
  visible,
} from './summarize-parts';
import { tableRows } from './summarize-table';

/** A task box opening an item's text. */
const TASK_BOX_START = new RegExp(String.raw`^${TASK_BOX}\s+`);
/** A list item's start: a Markdown list marker (@notewise/editor/line-start) or a typed '•' / '–'. */
const TYPED_ITEM_START = new RegExp(String.raw`^[ \t]*(?:[•–]|${LIST_MARKER})[ \t]+`);
const SENTENCE_END = /[.!?…:;。！？]["'”’)\]*_~]*$/;
const FILLER =
  /^(?:(?:hi|hello|hey|dear|good (?:morning|afternoon|evening))\b[^.!?]{0,40}[,!]?|(?:best|kind|warm|many)? ?(?:regards|wishes|thanks)[,!.]?|cheers[,!.]?|thank you[,!.]?|sincerely[,!.]?|yours(?: truly| sincerely)?[,!.]?|best[,!.]?)$/i;

/** An attribution under a quote or a note ('--- John Wilbanks', '--nikomatsakis'). */
const ATTRIBUTION = /^\\?[-—–]{2,}\s*\S/;
/** A short decision that names what was decided only as 'this' or 'it' ('Everyone agreed to it.'). */
const POINTS_BACK = /^(?:\W*agreed\W*|.*\b(?:this|that|it|so|the (?:proposal|idea|suggestion))\W*)$/i;
/** Who ran the meeting and who took the minutes: no point of the meeting. */
const MINUTES_BYLINE =
  /^(?:(?:the\s+)?(?:meeting|call)\s+(?:was\s+)?(?:run|led|chaired|hosted|facilitated)\s+by|minutes\s+(?:were\s+)?(?:written|taken|recorded)\s+by)\s+[^.]{1,40}\.?$/i;
/** A line ending in a word no sentence ends with: the sentence goes on in the next line. */
const WRAPPED_END = /\b(?:the|a|an|of|to|in|on|at|by|for|with|and|or|from|as|is|are|was|were)$/i;

/** A line that opens a link or a bracket it does not close ('the [one for Software'). */
const opensBracket = (line: string) =>
  (line.match(/\[/g)?.length ?? 0) > (line.match(/\]/g)?.length ?? 0) ||
  (line.match(/\(/g)?.length ?? 0) > (line.match(/\)/g)?.length ?? 0);
const FOOTNOTE = /^\[\^[^\]]+\]:/;
/** A list item longer than this with several sentences is split into them. */
const LONG_ITEM_WORDS = 30;

/** A short line without a sentence end, starting like a title: a heading typed without '#'. */
function isTitleLine(line: string): boolean {
  const first = /[\p{L}\p{N}]/u.exec(line)?.[0];
  if (!first || (first === first.toLowerCase() && first !== first.toUpperCase())) return false;
  if (words(line).length > 8 || /[.!?…:;,]$/.test(line) || FILLER.test(line) || isLinkLine(line))
    return false;
  // 'Attending: Sam, Priya' is a labelled line.
  if (/:\s+\S/.test(line)) return false;
  return !hasFiniteVerb(line.replace(/[*_`]/g, ''));
}

function outline(markdown: string): Outline {
  const units: Unit[] = [];
  const sections = [''];
  const titleSections = new Set<number>();
  const lists = new Set<number>();
  const attendees: string[] = [];
  let peopleSection = false;
  let group = -1;
  let signedOff = false;
  let codeWords = 0;
  let sentenceCount = 0;

  const newSection = (heading: string) => {
    peopleSection = PEOPLE_HEADING.test(heading);
    sections.push(heading);
    if (units.length === 0 && sections.length === 2) titleSections.add(1);
  };
  const addGroup = (texts: string[], kind: Unit['kind'], decided: boolean[] = []) => {
    group += 1;
    const made: Array<Unit | undefined> = [];
    let first = true;
    const heading = sections.at(-1) ?? '';
    for (const [position, raw] of texts.entries()) {
      const text = balanceInlineMarkup(raw.trim());
      made[position] = undefined;
      // Link and footnote definitions are no content.
      if (!/[\p{L}\p{N}]/u.test(text) || isLinkLine(text) || FOOTNOTE.test(text)) continue;
      // A label whose content is a link ('**Recording**: https://...') says nothing.
      if (visible(text) !== text && EMPTY_LABEL.test(visible(text).trim())) continue;
      // The people present become one line of names, not points.
      const people =
        attendeesLine(text) ??
        (peopleSection ? (namesIn(text) ?? (isPersonName(text) ? [text] : undefined)) : undefined);
      if (people) {
        for (const name of people) if (!attendees.includes(name)) attendees.push(name);
        continue;
      }
      // An item taken off the agenda is not a point of the meeting.
      if (REMOVED.test(text)) continue;
      // The signature is the short lines right after a sign-off; anything longer is content again.
      const isSignature = signedOff && kind === 'sentence' && words(text).length <= 4;
      if (!isSignature) signedOff = false;
      // Under a Decisions, Outcome or Consensus heading: every item, and each paragraph's first sentence.
      const decision =
        decided[position] === true ||
        DECISION.test(text) ||
        (kind === 'item' && DECISION_HEADING.test(heading)) ||
        (first && DECISION_HEADING.test(heading) && words(heading).length <= 3);
      const underTasks = TASK_HEADING.test(heading);
      const action =
        (isActionItem(text.replace(TASK_BOX_START, ''), kind === 'item' || underTasks) ||
          (kind === 'item' && ownerTask(text))) &&
        !(kind === 'item' && ISSUE_TITLE.test(text) && !OWNED_TASK.test(text));
      const question = /\?$|^(?:\*\*)?open questions?\b/i.test(text);
      const committed = COMMITMENT.test(text);
      made[position] = {
        text,
        kind,
        group,
        section: sections.length - 1,
        firstInGroup: first,
        // A greeting or sign-off, or the signature after one.
        filler: FILLER.test(text) || isSignature || ATTRIBUTION.test(text),
        byline: MINUTES_BYLINE.test(text),
        stems: contentWords(text),
        // What a reader reads: a link's text, not its address; the sentence as shortened.
        wordCount: words(visible(shorten(text))).length,
        must: decision || action || committed || question,
        actionOnly: action && !decision && !committed && !question,
        // Under the note's own Decisions or Next steps heading it already is in such a part.
        role:
          decision && !DECISION_HEADING.test(heading)
            ? 'decision'
            : action && !underTasks
              ? 'action'
              : undefined,
      };
      const unit = made[position] as Unit;
      // A long sentence that must not be cut (a decision, a task) stays whole; others become clauses.
      const clauses =
        kind === 'sentence' && !unit.must && !unit.filler && !unit.byline ? clauseUnits(unit) : [];
      if (clauses.length < 2) units.push(unit);
      else {
        sentenceCount += 1;
        for (const clause of clauses) units.push({ ...clause, sentence: sentenceCount });
      }
      first = false;
      if (FILLER.test(text) && !/^(?:hi|hello|hey|dear|good)\b/i.test(text)) signedOff = true;
    }
    return made;
  };

  const blocks = parseBlocks(markdown);
  // The items of the last list: a list after it that starts indented is nested in it (a link line
  // such as '[#1054](...)' typed under an item ends a Markdown list).
  let openList: { heads: Array<Unit | undefined>; indents: number[] } = { heads: [], indents: [] };
  for (const [index, block] of blocks.entries()) {
    if (
      block.kind !== 'list' &&
      block.kind !== 'blank' &&
      !block.lines.every((line) => isLinkLine(line.trim()))
    )
      openList = { heads: [], indents: [] };
    if (block.kind === 'heading') {
      newSection(
        block.lines[0]
          ?.replace(/^[ \t]*#+[ \t]*/, '')
          .replace(/[ \t]#+[ \t]*$/, '')
          .trim() ?? '',
      );
    } else if (block.kind === 'list') {
      const items: string[] = [];
      const indents: number[] = [];
      for (const line of block.lines) {
        const isContinuation = !TYPED_ITEM_START.test(line);
        const text = stripLineMarker(line);
        if (isContinuation && items.length > 0) items[items.length - 1] += ` ${text}`;
        else {
          items.push(text);
          indents.push(indentOf(line));
        }
      }
      // Each item's first unit, to find a nested item's parent.
      const heads: Array<Unit | undefined> = [];
      // An item of several sentences reads as a paragraph: its sentences are its points (a bold lead
      // such as '**Correctness first.**' stays with the sentence after it).
      let run: string[] = [];
      for (const item of [...items, undefined]) {
        const sentences = item === undefined ? [] : splitSentences(item);
        if (item !== undefined && (sentences.length < 2 || words(visible(item)).length <= LONG_ITEM_WORDS)) {
          run.push(item);
          continue;
        }
        if (run.length > 0) {
          heads.push(...addGroup(run, 'item'));
          lists.add(group);
        }
        run = [];
        if (item !== undefined) heads.push(addGroup(joinLead(sentences), 'item').find(Boolean));
      }
      const nestsIn = (indents[0] ?? 0) > 0 ? openList : { heads: [], indents: [] };
      nest([...nestsIn.heads, ...heads], [...nestsIn.indents, ...indents]);
      openList = { heads: [...nestsIn.heads, ...heads], indents: [...nestsIn.indents, ...indents] };
    } else if (block.kind === 'code') {
      codeWords += words(block.lines.slice(1, -1).join('\n')).length;
    } else if (block.kind === 'table') {
      const rows = tableRows(block.lines);
      addGroup(
        rows.map((row) => row.text),
        'item',
        rows.map((row) => row.decision),
      );
      lists.add(group);
    } else if (block.kind === 'paragraph' || block.kind === 'quote') {
      const lines = block.lines.map((line) => line.replace(/^[ \t]*(?:>[ \t]?)+/, '').trim());
      const moreFollows = (lineIndex: number) =>
        lineIndex < lines.length - 1 || blocks.slice(index + 1).some((next) => next.kind !== 'blank');
      let buffer: string[] = [];
      const flush = () => {
        if (buffer.length > 0) addGroup(splitSentences(buffer.join(' ')), 'sentence');
        buffer = [];
      };
      for (const [lineIndex, line] of lines.entries()) {
        // A footnote's text, a quote's attribution and a fenced div's marker (':::: objectives') are no points.
        if (FOOTNOTE.test(line) || ATTRIBUTION.test(line) || /^:{3,}/.test(line)) {
          flush();
          continue;
        }
        if (buffer.length === 0 && peopleSection && isPersonName(line)) {
          if (!attendees.includes(line)) attendees.push(line);
          continue;
        }
        if (buffer.length === 0 && isTitleLine(line) && moreFollows(lineIndex)) {
          newSection(line);
          continue;
        }
        buffer.push(line);
        // A line ending a sentence, or a short unpunctuated one (an item typed without a dash), stands alone.
        // So does an action item on its own line, and a line before '@name ...'.
        const raw = block.lines[lineIndex] ?? '';
        // A line ending in 'for' or inside a link's brackets goes on in the next one.
        const goesOn = lineIndex < lines.length - 1 && (WRAPPED_END.test(line) || opensBracket(line));
        // 'Please review our list of dates:' before a link line announces only the link.
        if (/:$/.test(line) && isLinkLine(lines[lineIndex + 1] ?? '')) {
          flush();
          const lead = units.at(-1);
          if (lead && /:$/.test(lead.text)) lead.byline = true;
          continue;
        }
        if (
          // A Markdown line break ('  ' or '\\' at the end): the line ends here.
          /(?: {2}|\\)$/.test(raw) ||
          (!goesOn &&
            (SENTENCE_END.test(line) ||
              // A link line next: the line ends here.
              isLinkLine(lines[lineIndex + 1] ?? '') ||
              // A short line is an item typed without a dash, unless it breaks off mid-sentence: it
              // continues a line before it, or the next line continues it.
              (words(line).length <= 8 &&
                (FILLER.test(line) ||
                  !(
                    (/[\p{Ll},]$/u.test(line) && /^[\p{Ll}[`(*_]/u.test(lines[lineIndex + 1] ?? '')) ||
                    (buffer.length > 1 && /^[\p{Ll}(]/u.test(line))
                  ))) ||
              isActionItem(line, true) ||
              /^@/.test(lines[lineIndex + 1] ?? '')))
        )
          flush();
      }
      flush();
      // 'Here is what happens with a line of CSV:' before a code block announces only the code.
      const [lead, next] = [units.at(-1), blocks.slice(index + 1).find((later) => later.kind !== 'blank')];
      if (lead && next?.kind === 'code' && /:$/.test(lead.text) && !lead.must) lead.byline = true;
    }
  }
  settleNesting(units);
  // 'The rest of the team agreed on this.': what was agreed is the sentence before, kept with it.
  for (const [index, unit] of units.entries()) {
    const before = units[index - 1];
    if (
      unit.role === 'decision' &&
      unit.wordCount <= 10 &&
      POINTS_BACK.test(unit.text) &&
      before &&
      !unit.parent &&
      before.section === unit.section &&
      !before.filler
    ) {
      before.must = true;
      before.role ??= 'decision';
    }
  }
  return { units, sections, titleSections, lists, attendees, codeWords };
}

/**
 * Extractive summary that covers the note's points in their order: sentences and list items are
 * scored (how often their meaningful words recur in the note, first sentences, decisions and
 * needs, numbers), then the best of every paragraph and list is kept while the summary stays
 * within its length (about half of a short note, a quarter of a long one), then the best of the
 * rest; near-duplicates are skipped and a short list (a note's goals) is kept whole. The result is
 * the note's own words: one paragraph for up to three sentences, otherwise a Markdown bullet list,
 * a section's heading in bold before its first point and list items nested under it.
 */
export function summarizeText(markdown: string): string {
  const note = outline(markdown);
  const content = note.units.filter((unit) => !unit.filler);
  const people = note.attendees.length > 0 ? `- **Attendees:** ${note.attendees.join(', ')}` : undefined;
  if (content.length === 0) return people ?? markdown.trim();
  if (content.length === 1 && !people) return content[0]?.text ?? '';

  const chosen = choose(note);
  const copies = new Map<Unit, Unit>();
  const kept = joinClauses(
    note.units
      .filter((unit) => chosen.has(unit))
      .map((unit) => {
        const copy = { ...unit, text: shorten(unit.text) };
        copies.set(unit, copy);
        return copy;
      }),
  );
  const parentOf = (unit: Unit) => (unit.parent ? copies.get(unit.parent) : undefined);
  const headed = (unit: Unit) => unit.section > 0 && !note.titleSections.has(unit.section);
  const isProse = (unit: Unit) => unit.kind === 'sentence' && !headed(unit) && SENTENCE_END.test(unit.text);
  if (!people && kept.length <= 3 && kept.every(isProse)) return kept.map((unit) => unit.text).join(' ');

  const lines: string[] = people ? [people] : [];
  // With parts, what was decided and who does what are parts of their own, in the note's order; an
  // item they were said under goes with them as their topic, not in the flow.
  const parted = kept.some(headed);
  const topics = new Set<Unit>();
  if (parted)
    for (const unit of kept) {
      const parent = parentOf(unit);
      if (parent && kept.every((other) => parentOf(other) !== parent || other.role)) topics.add(parent);
    }
  const flow = parted ? kept.filter((unit) => !unit.role && !topics.has(unit)) : kept;
  const inFlow = new Set(flow);
  const depthOf = (unit: Unit): number => {
    const parent = parentOf(unit);
    return parent && inFlow.has(parent) ? depthOf(parent) + 1 : 0;
  };
  let lastSection = -1;
  const shownSections = new Set<number>();
  // Sections whose heading stands as a label line: their lists go under it.
  const labelled = new Set<number>();
  for (let index = 0; index < flow.length; ) {
    const unit = flow[index] as Unit;
    const heading =
      unit.section !== lastSection && headed(unit) ? `**${note.sections[unit.section]}:**` : undefined;
    lastSection = unit.section;
    if (heading) shownSections.add(unit.section);
    if (unit.kind === 'sentence') {
      lines.push(`- ${heading ? `${heading} ` : ''}${unit.text}`);
      index += 1;
      continue;
    }
    const items: Unit[] = [];
    while (flow[index]?.group === unit.group) items.push(flow[index++] as Unit);
    // A list goes under its heading, or under the sentence before it that announces it ('Our goals:').
    if (heading) {
      lines.push(`- ${heading}`);
      labelled.add(unit.section);
    }
    const nested = labelled.has(unit.section) || /:$/.test(lines.at(-1) ?? '');
    for (const item of items) lines.push(`${nested ? '  ' : ''}${'  '.repeat(depthOf(item))}- ${item.text}`);
  }
  for (const [role, label] of [
    ['decision', 'Decisions'],
    ['action', 'Action items'],
  ] as const) {
    const part = parted ? kept.filter((unit) => unit.role === role) : [];
    if (part.length === 0) continue;
    lines.push(`- **${label}:**`);
    // The topic it was decided under, unless the summary already names it.
    for (const unit of part) {
      const section =
        headed(unit) && !shownSections.has(unit.section) ? `**${note.sections[unit.section]}:** ` : '';
      shownSections.add(unit.section);
      const parent = parentOf(unit);
      lines.push(`  - ${section}${parent && topics.has(parent) ? topicLabel(parent.text) : ''}${unit.text}`);
    }
  }
  return lines.join('\n');
}
