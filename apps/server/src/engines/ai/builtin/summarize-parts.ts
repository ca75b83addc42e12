import { isPersonName } from './nlp';

// What a summary must keep or leave out whatever its length: decisions, action items, the people
// present; items taken off the agenda; filler words of speech.

/** A sentence that says what was decided ('We agreed to hire...', 'Decision: ...', 'RFC 3668 was approved'). */
export const DECISION =
  /\b(?:we|they|everyone|all|the (?:team|group|committee|board|meeting))\s+(?:have\s+|has\s+|all\s+|finally\s+)?(?:agreed|decided|resolved|concluded|voted|chose)\b|^(?:\*\*)?(?:decisions?|decided|resolutions?|resolved|agreed|conclusions?|outcome)(?:\*\*)?\s*[:\-–]|\b(?:was|were|has been|have been|is|are)\s+(?:\p{L}+ly\s+)?(?:approved|accepted|rejected|postponed|adopted)\b|\bconsensus\b/iu;

/**
 * Someone taking something on inside a sentence: 'pietroalbini also volunteered to write the minutes',
 * '...in a few days alexcrichton is going to ping them' (not 'it is going to be', not 'we will see').
 */
export const COMMITMENT =
  /\b(?:volunteered|offered|promised|committed)\s+to\s+\p{L}|\b(?!(?:it|this|that|there|which|who|what|they|he|she|we|you|i)\b)[\p{L}][\p{L}\d_-]+\s+(?:will|is going to)\s+(?!(?:be|have|not|probably|likely|see|need)\b)\p{L}+/iu;

/** Headings or lead-ins under which every item is a decision. */
export const DECISION_HEADING = /\b(?:decisions?|conclusions?|resolutions?|outcomes?|agreed)\b/i;

/** An item the note says is off the agenda: a summary that lists it misleads. */
export const REMOVED =
  /\b(?:removed|dropped|taken|struck|pulled)\s+(?:from|off)\s+(?:the\s+)?agenda\b|\bno longer on the agenda\b|^~~[^~]+~~\W*$/i;

/** 'Attendees: Sam, Priya and Ana', 'Present: ...', 'Team members: ...'. */
const PEOPLE_INLINE =
  /^(?:\*\*)?(attendees|attendance|attending|present|participants|people|team(?: members)?|others|guests)(?:\*\*)?\s*:(?:\*\*)?\s+(.+)$/i;
export const PEOPLE_HEADING =
  /^(?:attendees|attendance|present|participants|people present|who was there|team members)\s*:?$/i;

/** The names of a line that lists people ('Sam, Priya and Ana'), or undefined when it is not such a line. */
export function namesIn(list: string): string[] | undefined {
  const names = list
    .replace(/[.;]$/, '')
    .split(/\s*,\s*|\s+and\s+|\s*;\s*/)
    .map((name) => name.replace(/^[*_]+|[*_]+$/g, '').trim())
    .filter(Boolean);
  if (names.length === 0) return undefined;
  // Lower-case handles ('nikomatsakis', 'simulacrum') count when the line is labelled.
  return names.every((name) => isPersonName(name) || /^@?[\p{L}][\p{L}\d_.-]{1,30}$/u.test(name))
    ? names
    : undefined;
}

/** The people a labelled line lists ('Present: Lena, Omar, Yuki'), or undefined. */
export function attendeesLine(text: string): string[] | undefined {
  const match = PEOPLE_INLINE.exec(text.trim());
  return match?.[2] ? namesIn(match[2]) : undefined;
}

/** Words of speech that carry nothing: 'So, basically I think that we can just ship' -> 'We can ship'. */
const FILLERS: Array<[RegExp, string]> = [
  [/^(?:so|well|ok(?:ay)?|anyway|basically|actually|honestly|right|also)\s*,\s*/i, ''],
  [/^(?:so|well|basically|actually|honestly)\s+(?=\p{L})/iu, ''],
  [
    /^(?:however|in addition|additionally|moreover|furthermore|in fact|of course|note that|remember that|as such)\s*,?\s+/i,
    '',
  ],
  [/\b(?:I|we)\s+(?:think|believe|guess|feel)\s+(?:that\s+)?/gi, ''],
  [/,?\s*\b(?:basically|actually|just|really|kind of|sort of|you know|I mean|of course|obviously)\b,?/gi, ''],
  // An aside in brackets with no number, name or code in it: '(these ones!)', '(with the private parts removed)'.
  [/\s*\((?![^)]*[\d\p{Lu}`#@/])[^()]{1,60}\)/gu, ''],
];

/** A sentence without its fillers, capitalised again; unchanged when that would leave too little. */
export function shorten(sentence: string): string {
  let text = sentence;
  for (const [pattern, replacement] of FILLERS) text = text.replace(pattern, replacement);
  text = text
    .replace(/\s{2,}/g, ' ')
    .replace(/\s+([,.;:!?])/g, '$1')
    .trim();
  if (text === sentence || text.split(/\s+/).length < 3) return sentence;
  // Capitalised again only when the start was cut ('So, we can' -> 'We can').
  if (text[0] === sentence[0]) return text;
  return text.replace(/^(\W*)(\p{Ll})/u, (_, lead: string, first: string) => lead + first.toUpperCase());
}
