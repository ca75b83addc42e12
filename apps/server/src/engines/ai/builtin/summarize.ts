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
import {
  attendeesLine,
  COMMITMENT,
  DECISION,
  DECISION_HEADING,
  namesIn,
  PEOPLE_HEADING,
  REMOVED,
  VERDICT_ONLY,
  visible,
} from './summarize-parts';
import { shorten } from './summarize-shorten';
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
/**
 * Words that only say that something was decided, by whom and how ('After some discussion, the
 * proposal was approved by the committee.', 'We decided to go ahead.'): a decision said in these alone names
 * what was decided no more than 'this' does.
 */
const DECIDING_ONLY =
  /^(?:after|some|long|brief|short|much|discussion|discussed|we|they|everyone|everybody|all|both|the|team|group|committee|board|council|meeting|room|agreed|agree|agreement|decided|decision|approved|approval|accepted|adopted|rejected|consensus|reached|motion|carried|passed|failed|vote|voted|votes|unanimous|unanimously|yes|no|and|it|was|were|is|has|had|been|by|a|an|on|upon|to|with|that|this|general|rough|broad|final|finally|eventually|then|proposal|idea|suggestion|objections?|lgtm|in|favou?r|of|outcome|resolved|resolution|so|as|proposed|go|ahead|proceed|move|forward|do|accordingly|ok|okay|approve|accept|merge|close)$/i;
const decidesOnly = (text: string) => {
  const said = words(text);
  return said.length <= 10 && said.every((word) => DECIDING_ONLY.test(word));
};
/** A decision that names what it decides only by pointing at it ('this is a good idea', 'the proposal'). */
const REFERS_BACK =
  /\b(?:this|that|it|these|those|the\s+(?:proposal|idea|suggestion|change|pr|pull\s+request|issue|request|item|rfc|plan))\b/i;
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
/** A parent item of at most this many words is the topic of a decision under it. */
const TOPIC_WORDS = 16;
/** A list item longer than this with several sentences is split into them. */
const LONG_ITEM_WORDS = 30;

/** A bare address or a link's address: its '__' or '*' are no formatting to balance. */
const ADDRESS = /\]\([^)\s]*\)|https?:\/\/[^\s()<>*~`]*[^\s()<>*~`_.,;:!?]/g;

/** Inline markup balanced with addresses held aside ('watch?v=ATP2i3Tk__4' keeps its '__'). */
function balanced(text: string): string {
  const held: string[] = [];
  const masked = text.replace(ADDRESS, (address) => `\uE000${held.push(address) - 1}\uE000`);
  return balanceInlineMarkup(masked).replace(
    /\uE000(\d+)\uE000/g,
    (_, index: string) => held[Number(index)] ?? '',
  );
}

/** Sentences with a short bold lead ('**Correctness first.**') joined to the sentence after it. */
function joinLead(sentences: string[]): string[] {
  const [lead, next, ...rest] = sentences;
  if (lead !== undefined && next !== undefined && /^\*\*[^*]+\*\*$/.test(lead) && words(lead).length <= 5)
    return [`${lead} ${next}`, ...rest];
  return sentences;
}

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

  const newSection = (heading: string) => {
    peopleSection = PEOPLE_HEADING.test(heading);
    sections.push(heading);
    if (units.length === 0 && sections.length === 2) titleSections.add(1);
  };
  // A nested item's parent item: the agenda item an outcome under it answers.
  const topicOf = new Map<Unit, Unit>();
  /** The units made, by position in `texts` (none for a line that is no point). */
  const addGroup = (texts: string[], kind: Unit['kind'], decided: boolean[] = []) => {
    group += 1;
    const made: Array<number | undefined> = [];
    let first = true;
    const heading = sections.at(-1) ?? '';
    for (const [position, raw] of texts.entries()) {
      const text = balanced(raw.trim());
      // Link and footnote definitions are no content.
      if (!/[\p{L}\p{N}]/u.test(text) || isLinkLine(text) || FOOTNOTE.test(text)) continue;
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
      const action = isActionItem(text.replace(TASK_BOX_START, ''), kind === 'item' || underTasks);
      made[position] = units.length;
      units.push({
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
        noteWords: words(visible(text)).length,
        must: decision || action || COMMITMENT.test(text) || /\?$|^(?:\*\*)?open questions?\b/i.test(text),
        // Under the note's own Decisions or Next steps heading it already is in such a part.
        role:
          decision && !DECISION_HEADING.test(heading)
            ? 'decision'
            : action && !underTasks
              ? 'action'
              : undefined,
      });
      first = false;
      if (FILLER.test(text) && !/^(?:hi|hello|hey|dear|good)\b/i.test(text)) signedOff = true;
    }
    return texts.map((_, position) => {
      const index = made[position];
      return index === undefined ? undefined : units[index];
    });
  };

  const blocks = parseBlocks(markdown);
  for (const [index, block] of blocks.entries()) {
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
          indents.push(/^[ \t]*/.exec(line)?.[0].replace(/\t/g, '    ').length ?? 0);
        }
      }
      const itemUnits: Array<Unit | undefined> = [];
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
          itemUnits.push(...addGroup(run, 'item'));
          lists.add(group);
        }
        run = [];
        if (item !== undefined) itemUnits.push(addGroup(joinLead(sentences), 'item')[0]);
      }
      for (const [position, unit] of itemUnits.entries()) {
        const indent = indents[position] ?? 0;
        for (let before = position - 1; unit && before >= 0; before -= 1) {
          if ((indents[before] ?? 0) >= indent) continue;
          const parent = itemUnits[before];
          if (parent) topicOf.set(unit, parent);
          break;
        }
      }
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
    }
  }
  // 'The rest of the team agreed on this.': what was agreed is the sentence before, kept with it.
  for (const [index, unit] of units.entries()) {
    const before = units[index - 1];
    if (
      unit.role === 'decision' &&
      unit.wordCount <= 10 &&
      (POINTS_BACK.test(unit.text) || VERDICT_ONLY.test(unit.text) || decidesOnly(unit.text)) &&
      before &&
      before.section === unit.section &&
      !before.filler
    ) {
      before.must = true;
      before.role ??= 'decision';
    }
    // 'Approved.' under '* Create a Bundler Collaboration Space #1630': the agenda item says what was
    // decided, so it is kept with it; a long parent is discussion, not a topic, and a decision that
    // names its subject ('Sigstore was voted to accept by the TAC') needs none.
    const topic = topicOf.get(unit);
    if (
      unit.role === 'decision' &&
      topic &&
      !topic.filler &&
      topic.wordCount <= TOPIC_WORDS &&
      (unit.wordCount <= 6 || REFERS_BACK.test(unit.text) || decidesOnly(unit.text))
    ) {
      topic.must = true;
      topic.role ??= 'decision';
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
  const kept = note.units
    .filter((unit) => chosen.has(unit))
    .map((unit) => ({ ...unit, text: shorten(unit.text) }));
  const headed = (unit: Unit) => unit.section > 0 && !note.titleSections.has(unit.section);
  const isProse = (unit: Unit) => unit.kind === 'sentence' && !headed(unit) && SENTENCE_END.test(unit.text);
  if (!people && kept.length <= 3 && kept.every(isProse)) return kept.map((unit) => unit.text).join(' ');

  const lines: string[] = people ? [people] : [];
  // With parts, what was decided and who does what are parts of their own, in the note's order.
  const parted = kept.some(headed);
  const flow = parted ? kept.filter((unit) => !unit.role) : kept;
  let lastSection = -1;
  const shownSections = new Set<number>();
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
    if (heading) lines.push(`- ${heading}`);
    const nested = heading !== undefined || /:$/.test(lines.at(-1) ?? '');
    for (const item of items) lines.push(`${nested ? '  ' : ''}- ${item.text}`);
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
      const topic =
        headed(unit) && !shownSections.has(unit.section) ? `**${note.sections[unit.section]}:** ` : '';
      shownSections.add(unit.section);
      lines.push(`  - ${topic}${unit.text}`);
    }
  }
  return lines.join('\n');
}
