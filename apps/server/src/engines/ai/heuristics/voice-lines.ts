import { words } from './text';

/**
 * Short note lines from spoken sentences. Speech recognisers often give no punctuation, so one
 * "sentence" can be a whole 20-second turn: the clause that holds the decision or the task is kept,
 * fillers and the cue words go, and the line stays short. The transcript keeps the full wording, so
 * the notes never repeat it.
 */

/** Most words a decision or action line keeps. */
const MAX_LINE_WORDS = 18;

const FILLERS =
  /\b(?:um+|uh+|erm|hmm+|you know|i mean|basically|actually|literally|kind of|sort of|like I said)\b,?\s*/gi;
const LEADING =
  /^(?:(?:so|okay|ok|well|right|alright|and|but|also|now|then|yeah|yes|finally|first|second|third|next|lastly|anyway)\b[,\s]+)+/i;
/** A greeting clause before the point: "Thanks for joining, ..." / "Good morning everyone, ...". */
const GREETING =
  /^(?:(?:thanks|thank you)(?: (?:all|everyone))?(?: for (?:joining|coming|being here)[^,.]*)?|(?:hi|hello|hey|good (?:morning|afternoon|evening))(?: (?:all|everyone|folks|team))?)[,.!]\s+/i;
/** Where a run-on turn splits into clauses. */
const CLAUSE_BREAK = /,\s+|;\s+|\s+(?=(?:and then|and|so|but|because|okay|also|then)\s)/i;
/** Where an unpunctuated turn is split into clauses before it is classified. */
const RUN_ON_BREAK =
  /\s+(?:and then|and so|so|but|okay|and also|also)\s+|\s+(?=and\s+\p{L}+\s+(?:will|should|needs?|has|have|must)\b)/iu;
/** A reason or aside after the point: dropped from summary sentences. */
const TRAILING_ASIDE = /,\s+(?:because|since|which|as|so that|given that)\b[^.!?]*(?=[.!?]?$)/i;

const DECISION_LEAD =
  /^(?:(?:we|i|the team|everyone|all of us|all)(?:'ve| have)?\s+(?:finally\s+)?(?:decided|agreed|settled)(?:\s+(?:to|on|that|upon))?|it was (?:decided|agreed)(?:\s+that)?|(?:the )?decision (?:is|was)(?:\s+to|\s+that)?|let'?s|we(?:'ll| will| are going to|'re going to)\s+go with(?=\s))\s+/i;
const TASK_LEAD =
  /^([A-Z][\p{L}'-]{1,20}(?:\s+and\s+[A-Z][\p{L}'-]{1,20})?|I|we|you|they|he|she)\s+(?:(?:still|also|really|just|then)\s+)?(?:will|'ll|shall|should|needs? to|has to|have to|must|(?:is|are|am)\s+going to|is responsible for|(?:is|are)\s+to)\s+/u;

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function withEnd(text: string): string {
  const trimmed = text.replace(/[\s,;:-]+$/, '');
  return /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** Fillers and leading discourse words out, spaces collapsed. */
export function stripFillers(sentence: string): string {
  return sentence
    .replace(FILLERS, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(GREETING, '')
    .replace(LEADING, '')
    .trim();
}

/** The clause of a run-on sentence that matches `cue` (the whole sentence when it is short). */
export function clauseWith(sentence: string, cue: RegExp): string {
  if (words(sentence).length <= MAX_LINE_WORDS) return sentence;
  const clauses = sentence.split(CLAUSE_BREAK).filter((clause) => clause.trim() !== '');
  const at = clauses.findIndex((clause) => cue.test(clause));
  if (at < 0) return sentence;
  // A task's date often follows in the next clause ("Alice sends it, by Friday").
  let clause = clauses[at] ?? sentence;
  const next = clauses[at + 1];
  if (next && /^\s*(?:by|before|on|until|next)\b/i.test(next)) clause = `${clause} ${next}`;
  return clause;
}

/**
 * A run-on sentence (a recogniser's unpunctuated turn) as its clauses, so a decision and a task said
 * in one breath are told apart; short pieces stay with the clause before them.
 */
export function splitRunOn(sentence: string): string[] {
  if (words(sentence).length <= MAX_LINE_WORDS + 7) return [sentence];
  const pieces: string[] = [];
  for (const piece of sentence.split(RUN_ON_BREAK)) {
    const text = piece.trim();
    if (text === '') continue;
    const last = pieces.length - 1;
    if (last >= 0 && (words(text).length < 4 || words(pieces[last] ?? '').length < 4)) {
      pieces[last] = `${pieces[last]} ${text}`;
    } else pieces.push(text);
  }
  return pieces;
}

function capWords(text: string): string {
  const parts = text.split(/\s+/);
  return parts.length <= MAX_LINE_WORDS ? text : `${parts.slice(0, MAX_LINE_WORDS).join(' ')}…`;
}

/** "We decided to go with the green logo." -> "Go with the green logo." */
export function decisionLine(sentence: string, cue: RegExp): string {
  const clause = stripFillers(clauseWith(stripFillers(sentence), cue)).replace(TRAILING_ASIDE, '');
  const point = clause.replace(DECISION_LEAD, '').trim();
  return withEnd(capWords(capitalise(point === '' ? clause : point)));
}

/** "Maria will send the kit by Thursday." -> "Maria: send the kit by Thursday."; "We need to X" -> "X". */
export function actionLine(sentence: string, cue: RegExp): string {
  const clause = stripFillers(clauseWith(stripFillers(sentence), cue)).replace(TRAILING_ASIDE, '');
  const match = TASK_LEAD.exec(clause);
  let line = clause;
  if (match) {
    const owner = match[1] ?? '';
    const rest = clause.slice(match[0].length).trim();
    line = /^(?:I|we|you|they|he|she)$/i.test(owner) ? capitalise(rest) : `${owner}: ${rest}`;
  }
  return withEnd(capWords(capitalise(line)));
}

/** A summary sentence without fillers, greeting or a trailing reason; null when nothing is left. */
export function shortenSentence(sentence: string): string | null {
  const short = stripFillers(sentence).replace(TRAILING_ASIDE, '').trim();
  // A fragment (a number, an aside in brackets) is no sentence of a summary.
  if (words(short).length < 3 || !/^\p{L}/u.test(short)) return null;
  return withEnd(capWords(capitalise(short)));
}
