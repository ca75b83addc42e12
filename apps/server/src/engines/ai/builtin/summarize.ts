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
import {
  attendeesLine,
  COMMITMENT,
  DECISION,
  DECISION_HEADING,
  isRedundant,
  namesIn,
  PEOPLE_HEADING,
  REMOVED,
  shorten,
  targetWords,
  visible,
} from './summarize-parts';

/** One sentence of the note, or one list item: what an extractive summary keeps or drops. */
interface Unit {
  /** The sentence or item as Markdown, inline formatting balanced. */
  text: string;
  kind: 'sentence' | 'item';
  /** The paragraph (a line ending in a sentence end, or lines hard-wrapped together) or list it belongs to. */
  group: number;
  /** The heading (or title-like line) it comes under: an index into Outline.sections. */
  section: number;
  firstInGroup: boolean;
  /** Greetings and sign-offs of an e-mail: never the gist. */
  filler: boolean;
  stems: string[];
  wordCount: number;
  /** A decision, an action item or an open question: kept whatever the summary's length. */
  must: boolean;
  /** Decisions and action items go under their own part when the summary has parts. */
  role?: 'decision' | 'action';
}

interface Outline {
  units: Unit[];
  /** Heading texts; section 0 is the text before any heading (''). */
  sections: string[];
  /** Sections whose heading is the note's title (its first line): no prefix in the summary. */
  titleSections: Set<number>;
  /** List groups, by group number. */
  lists: Set<number>;
  /** The people listed as present. */
  attendees: string[];
}

/** A task box opening an item's text. */
const TASK_BOX_START = new RegExp(String.raw`^${TASK_BOX}\s+`);
/** A list item's start: a Markdown list marker (@notewise/editor/line-start) or a typed '•' / '–'. */
const TYPED_ITEM_START = new RegExp(String.raw`^[ \t]*(?:[•–]|${LIST_MARKER})[ \t]+`);
const SENTENCE_END = /[.!?…:;。！？]["'”’)\]*_~]*$/;
const FILLER =
  /^(?:(?:hi|hello|hey|dear|good (?:morning|afternoon|evening))\b[^.!?]{0,40}[,!]?|(?:best|kind|warm|many)? ?(?:regards|wishes|thanks)[,!.]?|cheers[,!.]?|thank you[,!.]?|sincerely[,!.]?|yours(?: truly| sincerely)?[,!.]?|best[,!.]?)$/i;
/** Words that mark what a note decided, needs, asks or aims at. */
const CUE =
  /\b(?:decid|decision|agree|goal|aim|need|must|should|will|important|key|deadline|plan|problem|issue|risk|result|conclu|recommend|main|todo|action|next step|expect|actual|cause|because|would like|please|could we|can we|question|ask)/i;

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

  const newSection = (heading: string) => {
    peopleSection = PEOPLE_HEADING.test(heading);
    sections.push(heading);
    if (units.length === 0 && sections.length === 2) titleSections.add(1);
  };
  const addGroup = (texts: string[], kind: Unit['kind']) => {
    group += 1;
    let first = true;
    const heading = sections.at(-1) ?? '';
    for (const raw of texts) {
      const text = balanceInlineMarkup(raw.trim());
      if (!/[\p{L}\p{N}]/u.test(text) || isLinkLine(text)) continue;
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
      const decision = DECISION.test(text) || (kind === 'item' && DECISION_HEADING.test(heading));
      const underTasks = TASK_HEADING.test(heading);
      const action = isActionItem(text.replace(TASK_BOX_START, ''), kind === 'item' || underTasks);
      units.push({
        text,
        kind,
        group,
        section: sections.length - 1,
        firstInGroup: first,
        // A greeting or sign-off, or the signature after one.
        filler: FILLER.test(text) || isSignature,
        stems: contentWords(text),
        // What a reader reads: a link's text, not its address.
        wordCount: words(visible(text)).length,
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
      for (const line of block.lines) {
        const isContinuation = !TYPED_ITEM_START.test(line);
        const text = stripLineMarker(line);
        if (isContinuation && items.length > 0) items[items.length - 1] += ` ${text}`;
        else items.push(text);
      }
      addGroup(items, 'item');
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
        if (
          SENTENCE_END.test(line) ||
          // A Markdown line break ('  ' or '\\' at the end), or a link line next: the line ends here.
          /(?: {2}|\\)$/.test(raw) ||
          isLinkLine(lines[lineIndex + 1] ?? '') ||
          // A short line is an item typed without a dash, unless it breaks off mid-sentence.
          (words(line).length <= 8 &&
            (FILLER.test(line) ||
              !(/[\p{Ll},]$/u.test(line) && /^[\p{Ll}[`(*_]/u.test(lines[lineIndex + 1] ?? '')))) ||
          isActionItem(line, true) ||
          /^@/.test(lines[lineIndex + 1] ?? '')
        )
          flush();
      }
      flush();
    }
  }
  return { units, sections, titleSections, lists, attendees };
}

/** A choice of the summary: one unit, or a short list kept whole (a note's goals, decisions, steps). */
interface Candidate {
  units: Unit[];
  score: number;
  cost: number;
  group: number;
}

/** A list of at most 7 short items reads as one point: keeping half of someone's three goals misleads. */
const MAX_POINT_LIST_ITEMS = 7;
const MAX_POINT_ITEM_WORDS = 14;

function candidates(note: Outline, target: number): Candidate[] {
  const frequency = new Map<string, number>();
  for (const unit of note.units)
    for (const stem of new Set(unit.stems)) frequency.set(stem, (frequency.get(stem) ?? 0) + 1);
  const maxFrequency = Math.max(1, ...frequency.values());
  const firstUnit = note.units.find((unit) => !unit.filler);

  // How much of what the note keeps talking about a unit says: words said once count little (in a
  // note without repetition every long sentence would otherwise win); the square root lets a long
  // sentence count for more than a short one, but not in proportion to its length.
  const weightOf = (stems: string[]) =>
    stems.reduce((sum, stem) => sum + 0.2 + ((frequency.get(stem) ?? 1) - 1) / maxFrequency, 0) /
    Math.sqrt(Math.max(4, stems.length));
  const maxWeight = Math.max(0.001, ...note.units.map((unit) => weightOf(unit.stems)));
  const scoreOf = (unit: Unit, stems = unit.stems) => {
    if (unit.filler) return 0;
    let score = weightOf(stems) / maxWeight;
    if (unit === firstUnit) score += 0.25;
    if (unit.firstInGroup) score += 0.1;
    if (CUE.test(unit.text) || CUE.test(note.sections[unit.section] ?? '')) score += 0.2;
    // An open question is a point the note wants answered.
    if (/\?$/.test(unit.text)) score += 0.25;
    if (/\d/.test(unit.text)) score += 0.1;
    // 'Our goals are: a, b and c' packs several points into one sentence.
    if ((unit.text.match(/,/g)?.length ?? 0) >= 2 || /:\s+\S+.*,/.test(unit.text)) score += 0.15;
    if (unit.wordCount < 4 && stems === unit.stems) score *= 0.4;
    return score;
  };

  const result: Candidate[] = [];
  const groups = new Map<number, Unit[]>();
  for (const unit of note.units) {
    const list = groups.get(unit.group);
    if (list) list.push(unit);
    else groups.set(unit.group, [unit]);
  }
  const leads = new Set<Unit>();
  const positions = new Map(note.units.map((unit, index) => [unit, index]));
  for (const [group, units] of groups) {
    const isPointList =
      note.lists.has(group) &&
      units.length >= 2 &&
      units.length <= MAX_POINT_LIST_ITEMS &&
      units.every((unit) => unit.wordCount <= MAX_POINT_ITEM_WORDS) &&
      units.reduce((sum, unit) => sum + unit.wordCount, 0) <= target * 0.6;
    if (isPointList && units[0]) {
      // The list with the sentence that announces it ('Our three goals:'), as one point made by the author.
      const before = note.units[(positions.get(units[0]) ?? 0) - 1];
      const lead =
        before && before.kind === 'sentence' && before.section === units[0].section && /:$/.test(before.text)
          ? before
          : undefined;
      if (lead) leads.add(lead);
      const bundle = lead ? [lead, ...units] : units;
      const announced =
        lead !== undefined || (units[0].section > 0 && !note.titleSections.has(units[0].section));
      const representative = { ...units[0], firstInGroup: true };
      result.push({
        units: bundle,
        score:
          scoreOf(
            representative,
            bundle.flatMap((unit) => unit.stems),
          ) + (announced ? 0.3 : 0.1),
        cost: bundle.reduce((sum, unit) => sum + unit.wordCount, 0),
        group,
      });
      continue;
    }
    for (const unit of units)
      result.push({ units: [unit], score: scoreOf(unit), cost: unit.wordCount, group });
  }
  // A lead-in kept with its list is not a point of its own.
  return result.filter(
    (candidate) => !(candidate.units.length === 1 && leads.has(candidate.units[0] as Unit)),
  );
}

function choose(note: Outline): Set<Unit> {
  const totalWords = note.units.reduce((sum, unit) => sum + (unit.filler ? 0 : unit.wordCount), 0);
  // A few words over the target are better than a point left out.
  const target = targetWords(totalWords);
  const all = candidates(note, target).filter((candidate) => candidate.score > 0);
  const limit = target + Math.max(3, Math.round(target * 0.1));
  const chosen: Candidate[] = [];
  const chosenStems: Array<Set<string>> = [];
  let used = 0;
  const take = (candidate: Candidate) => {
    chosen.push(candidate);
    used += candidate.cost;
    chosenStems.push(new Set(candidate.units.flatMap((unit) => unit.stems)));
  };
  const byScore = [...all].sort((a, b) => b.score - a.score);
  // Decisions and action items first, whatever they cost.
  for (const candidate of all) if (candidate.units.some((unit) => unit.must)) take(candidate);
  const best = byScore[0];
  if (best && !chosen.includes(best)) take(best);
  // Coverage first: the best of every section, then of every paragraph and list (the most important
  // first), while it fits.
  const sectionOf = (candidate: Candidate) => candidate.units[0]?.section ?? 0;
  const groupOf = (candidate: Candidate) => candidate.group;
  for (const key of [sectionOf, groupOf]) {
    const bestOf = new Map<number, Candidate>();
    for (const candidate of byScore) if (!bestOf.has(key(candidate))) bestOf.set(key(candidate), candidate);
    for (const candidate of bestOf.values()) {
      if (chosen.includes(candidate) || used + candidate.cost > limit || candidate.cost < 4) continue;
      if (chosen.some((other) => key(other) === key(candidate))) continue;
      if (!isRedundant(candidate, chosenStems)) take(candidate);
    }
  }
  // Then the best of the rest.
  for (const candidate of byScore) {
    if (chosen.includes(candidate) || used + candidate.cost > limit) continue;
    if (!isRedundant(candidate, chosenStems)) take(candidate);
  }
  return new Set(chosen.flatMap((candidate) => candidate.units));
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
