import { LIST_MARKER } from '@notewise/editor/line-start';
import { STOP_WORDS } from '../heuristics/text';
import { type Edit, isProseWord } from './grammar-words';

/**
 * Real-word errors: a correctly spelled word in the place of another (their/there/they're,
 * its/it's, your/you're, than/then, to/too, lose/loose, break/brake, affect/effect, whose/who's,
 * we're/were). Each rule looks only at the words right around it, in the same sentence, and fires
 * only where the written word cannot be right ('more X then', 'to loose', 'its a', 'they we're');
 * anything less certain is left as written. harper's own grammar rules catch more (see
 * `harperConfusion` in grammar.ts); these cover the patterns it misses.
 */

/** Words that end a comparison, so 'than' may follow them within the sentence. */
const COMPARATIVES = new Set(
  `more less fewer rather better worse other else different otherwise greater larger smaller bigger
  faster slower higher lower longer shorter easier harder older newer simpler cheaper safer stronger
  weaker wider clearer nicer quicker earlier later sooner further farther lesser prefer preferable
  superior inferior above below`.split(/\s+/),
);
/** Comparatives unambiguous enough that 'then' right after them must be 'than'. */
const THEN_AFTER = new Set(
  `more less fewer rather better worse greater larger smaller bigger faster slower higher lower
  longer shorter easier harder simpler cheaper safer stronger weaker wider clearer quicker`.split(/\s+/),
);
const MODALS = new Set(
  `to will would could might may can cannot can't won't don't doesn't didn't not never shall should
  must`.split(/\s+/),
);
/** After these, 'its' must be 'it's' ('its a', 'its not', 'its been'). */
const AFTER_ITS_CONTRACTION = new Set(
  `a an the not been being also just still only very really now so too all pretty quite going getting
  important possible necessary worth because like ok okay true false fine clear likely unlikely probably
  definitely always never about here there what how why when`.split(/\s+/),
);
/** After these, 'your' must be 'you're' ('your welcome', 'your not'). */
const AFTER_YOURE = new Set(
  `a an the not going welcome right wrong sure ready done able also just still probably already
  looking using trying running getting working doing being so too very really`.split(/\s+/),
);
/** After these, 'their'/'they're' must be 'there' ('their is', 'they're are'). */
const AFTER_THERE = new Set(
  `is are was were isn't aren't wasn't weren't has have had hasn't haven't hadn't`.split(/\s+/),
);
/** After these, 'their' must be 'they're' ('their ok with it', 'their probably right'). */
const AFTER_THEYRE = new Set(
  `not going ok okay sure fine ready able unable probably already still always never actually really
  definitely currently`.split(/\s+/),
);
/** Before these, 'you're' must be 'your' ('of you're module', 'to you're users'): 'of you are' never is. */
const BEFORE_YOUR = new Set(`of for with in on at from by into onto about to`.split(/\s+/));
/** Adverbs a modal and its verb may have between them ('would still break'). */
const MID_ADVERBS = new Set(`still also just not never probably definitely certainly only even`.split(/\s+/));
/** What follows 'than' after a comparison and a noun ('a quicker way than typing', 'more time than the'). */
const AFTER_COMPARED_THAN = new Set(
  `a an the any anything anyone ever before usual expected necessary needed`.split(/\s+/),
);
/** Subjects after which 'we're' must be 'were' ('they we're'). */
const BEFORE_WERE = new Set(`you they we there which who these those people things both`.split(/\s+/));
/** Clause openers after which a subject must come, so 'were going' after them is 'we're going'. */
const BEFORE_WERE_CONTRACTION = new Set(
  `so because if now since until unless hope think glad sure`.split(/\s+/),
);
const AFTER_WERE_CONTRACTION = new Set(
  `going looking hoping planning trying working getting doing happy excited glad sorry ready done here
  still also currently actively`.split(/\s+/),
);
const TOO_ADVERBS = new Set(
  `much many few little late early long big small hard easy slow fast complex complicated expensive
  large high low often soon far bad busy`.split(/\s+/),
);
const PREPOSITIONS = new Set(`of for with from by about into onto on in at to and all`.split(/\s+/));

interface Token {
  word: string;
  lower: string;
  start: number;
  end: number;
}

/** A line break into a list item, a quote or a heading (list markers as @notewise/editor/line-start has them). */
const NEW_BLOCK = new RegExp(String.raw`\n\s*(?:[>#]|${LIST_MARKER})`);

/** The words of one sentence-ish stretch: rules never look across '.', '!', '?', ';', ':', a blank line or a new list item. */
function clauses(text: string): Token[][] {
  const out: Token[][] = [];
  let current: Token[] = [];
  let last = 0;
  for (const match of text.matchAll(/[A-Za-z]+(?:['’][A-Za-z]+)?/g)) {
    const between = text.slice(last, match.index);
    // A wrapped line goes on with the same sentence; a blank line, a list item or a heading does not.
    if ((/[.!?;:]|\n\s*\n/.test(between) || NEW_BLOCK.test(between)) && current.length) {
      out.push(current);
      current = [];
    }
    const word = match[0];
    current.push({
      word,
      lower: word.toLowerCase().replace(/’/g, "'"),
      start: match.index,
      end: match.index + word.length,
    });
    last = match.index + word.length;
  }
  if (current.length) out.push(current);
  return out;
}

function replacement(token: Token, lower: string): string {
  const apostrophe = token.word.includes('’') ? '’' : "'";
  const word = lower.replace(/'/g, apostrophe);
  return /^[A-Z]/.test(token.word) ? word.charAt(0).toUpperCase() + word.slice(1) : word;
}

/** Words after which 'there' + noun is right ('is there time', 'out there people'), so no rule fires. */
const BEFORE_THERE_NOUN = new Set(
  `is are was were isn't aren't wasn't weren't here over out in up down from back and but or so then
  because get got go went be been being stay stayed live lived put sit`.split(/\s+/),
);

/** The fix a rule makes for one token, given its neighbours, or undefined. */
function fixFor(
  clause: Token[],
  index: number,
  text: string,
  isNoun: (word: string) => boolean,
): string | undefined {
  const token = clause[index] as Token;
  // Most words are none of the confused ones: nothing to look up for them.
  if (!CONFUSED_WITH.has(token.lower)) return undefined;
  const previous = clause[index - 1]?.lower;
  const next = clause[index + 1]?.lower;
  const nounNext = next !== undefined && isNoun(next);
  const endsClause = /^\s*[.,!?;)]/.test(text.slice(token.end, token.end + 3)) || next === undefined;
  switch (token.lower) {
    case 'than':
      // After a modal ('can than be secured') only the adverb fits, whatever came before.
      if (previous && MODALS.has(previous) && previous !== 'to' && previous !== 'not') return 'then';
      // 'than' only ever follows a comparison: none earlier in the sentence means 'then'.
      if (clause.slice(0, index).some((t) => COMPARATIVES.has(t.lower) || /[a-z]{3,}er$/.test(t.lower)))
        return undefined;
      return 'then';
    case 'then': {
      const beforeAdjective = clause[index - 2]?.lower;
      if (previous && THEN_AFTER.has(previous)) return 'than';
      // 'a quicker way then typing': a comparison, its noun, then what it is compared with.
      if (
        beforeAdjective &&
        THEN_AFTER.has(beforeAdjective) &&
        previous &&
        isNoun(previous) &&
        next &&
        (/[a-z]{3,}ing$/.test(next) || AFTER_COMPARED_THAN.has(next))
      )
        return 'than';
      return beforeAdjective === 'more' || beforeAdjective === 'less' ? 'than' : undefined;
    }
    case 'its':
      return next && AFTER_ITS_CONTRACTION.has(next) ? "it's" : undefined;
    case "it's":
      return next === 'own' || nounNext ? 'its' : undefined;
    case 'your':
      return next && AFTER_YOURE.has(next) ? "you're" : undefined;
    case "you're":
      if (next === 'own' || nounNext) return 'your';
      return previous && BEFORE_YOUR.has(previous) && next && !AFTER_YOURE.has(next) && !/ing$/.test(next)
        ? 'your'
        : undefined;
    case 'their':
      if (next && AFTER_THERE.has(next)) return 'there';
      // Not before a hyphen: 'their still-open issues'.
      return next && AFTER_THEYRE.has(next) && !/^-/.test(text.slice((clause[index + 1] as Token).end))
        ? "they're"
        : undefined;
    case "they're":
      if (next && AFTER_THERE.has(next)) return 'there';
      return next === 'own' || nounNext || (previous && PREPOSITIONS.has(previous)) ? 'their' : undefined;
    case 'there':
      if (next === 'own') return 'their';
      // 'with there help', 'of there work': after these a possessive, never the adverb, comes first.
      if (
        previous &&
        /^(?:of|with|for|about|into|by)$/.test(previous) &&
        next &&
        !STOP_WORDS.has(next) &&
        !/ing$/.test(next)
      )
        return 'their';
      return nounNext && previous && !BEFORE_THERE_NOUN.has(previous) ? 'their' : undefined;
    case "we're":
      return previous && BEFORE_WERE.has(previous) ? 'were' : undefined;
    case 'were':
      if (!next || !AFTER_WERE_CONTRACTION.has(next)) return undefined;
      return previous && BEFORE_WERE_CONTRACTION.has(previous) ? "we're" : undefined;
    case 'loose':
      return previous && MODALS.has(previous) ? 'lose' : undefined;
    case 'brake': {
      const modal =
        previous && MID_ADVERBS.has(previous) && clause[index - 2]
          ? (clause[index - 2] as Token).lower
          : previous;
      return modal && (MODALS.has(modal) || modal === 'that' || modal === 'which') ? 'break' : undefined;
    }
    case 'effect':
      return previous && MODALS.has(previous) && next !== 'change' && next !== 'changes'
        ? 'affect'
        : undefined;
    case 'affect':
      return previous && /^(?:a|an|the|no|any|side|positive|negative|little|in)$/.test(previous)
        ? 'effect'
        : undefined;
    case 'whose':
      return next && /^(?:a|an|the|not|going|been|this|that)$/.test(next) ? "who's" : undefined;
    case 'to':
      if (previous === 'way' || previous === 'me') return endsClause ? 'too' : undefined;
      return next &&
        TOO_ADVERBS.has(next) &&
        /^\s*[.,!?;)]/.test(text.slice((clause[index + 1] as Token).end))
        ? 'too'
        : undefined;
    case 'too':
      return next && /^(?:be|do|make|get|the|a|an|my|your|their|our|this|that)$/.test(next)
        ? 'to'
        : undefined;
    default:
      return undefined;
  }
}

/** The real-word fixes in a text, outside what `isProtected` says is markup or code. */
export function confusableEdits(
  text: string,
  isProtected: (start: number, end: number) => boolean,
  isNoun: (word: string) => boolean,
): Edit[] {
  const edits: Edit[] = [];
  for (const clause of clauses(text)) {
    clause.forEach((token, index) => {
      const fix = fixFor(clause, index, text, isNoun);
      if (!fix || fix === token.lower) return;
      if (!isProseWord(text, token.start, token.end) || isProtected(token.start, token.end)) return;
      edits.push({ start: token.start, end: token.end, replacement: replacement(token, fix) });
    });
  }
  return edits;
}

/** Each confusable word and the words it is confused with, for filtering harper's suggestions. */
export const CONFUSED_WITH: ReadonlyMap<string, readonly string[]> = new Map<string, string[]>([
  ['their', ['there', "they're"]],
  ['there', ['their', "they're"]],
  ["they're", ['their', 'there']],
  ['its', ["it's"]],
  ["it's", ['its']],
  ['your', ["you're"]],
  ["you're", ['your']],
  ['than', ['then']],
  ['then', ['than']],
  ['to', ['too']],
  ['too', ['to']],
  ['lose', ['loose']],
  ['loose', ['lose']],
  ['break', ['brake']],
  ['brake', ['break']],
  ['affect', ['effect']],
  ['effect', ['affect']],
  ['whose', ["who's"]],
  ["who's", ['whose']],
  ['were', ["we're"]],
  ["we're", ['were']],
]);
