import { isRedundant, targetWords } from './summarize-parts';

// Which of a note's sentences and list items a summary keeps: scores, then coverage of every
// section and paragraph within the length, decisions and action items whatever they cost.
/** One sentence of the note, or one list item: what an extractive summary keeps or drops. */
export interface Unit {
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
  /** Who ran the meeting or wrote the minutes: counted in the note's length, never kept. */
  byline?: boolean;
  stems: string[];
  /** Words a reader reads in the summary: the sentence as shortened, links as their text. */
  wordCount: number;
  /** Words of the sentence as the note has it (links as their text): the note's length counts these. */
  noteWords: number;
  /** A decision, an action item or an open question: kept whatever the summary's length. */
  must: boolean;
  /** Decisions and action items go under their own part when the summary has parts. */
  role?: 'decision' | 'action';
}

export interface Outline {
  units: Unit[];
  /** Heading texts; section 0 is the text before any heading (''). */
  sections: string[];
  /** Sections whose heading is the note's title (its first line): no prefix in the summary. */
  titleSections: Set<number>;
  /** List groups, by group number. */
  lists: Set<number>;
  /** The people listed as present. */
  attendees: string[];
  /** Words in code blocks: no points of their own, but half of them count towards the note's length. */
  codeWords: number;
}

/** Words that mark what a note decided, needs, asks or aims at. */
const CUE =
  /\b(?:decid|decision|agree|goal|aim|need|must|should|will|important|key|deadline|plan|problem|issue|risk|result|conclu|recommend|main|todo|action|next step|expect|actual|cause|because|would like|please|could we|can we|question|ask)/i;

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
    if (unit.filler || unit.byline) return 0;
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

export function choose(note: Outline): Set<Unit> {
  // The length allowed is a share of the note as written; what shortening saves buys more points.
  const totalWords = note.units.reduce((sum, unit) => sum + (unit.filler ? 0 : unit.noteWords), 0);
  // A few words over the target are better than a point left out.
  const target = targetWords(totalWords + Math.round(note.codeWords / 2));
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
