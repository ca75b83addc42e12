import { isPersonName } from './nlp';

// What a summary must keep or leave out whatever its length: decisions, action items, the people
// present; items taken off the agenda; filler words of speech.

/**
 * A sentence that says what was decided. The cues are the ways English reports a group's choice:
 * a subject with a verb of deciding, adverbs allowed between ('We then decided', 'everyone
 * unanimously agreed'); anyone 'agreed to/on/that', 'decided to', 'resolved to', 'settled on',
 * 'opted for', 'signed off on'; the noun with a verb ('The agreement in the meeting is that',
 * 'the decision was', 'the plan is'); a passive ('was approved', 'it was agreed'); a label
 * ('Decision: ...'); choosing one option ('we will go with', 'let's go with', 'we'll switch to').
 */
/**
 * A group that decides: 'the team', 'the lang team', 'Lang team', 'the steering committee', 'the TSC',
 * 'T-lang'. Only the noun is matched: the words before it name which group (matching them too made
 * the whole cue list four times slower).
 */
const GROUP = `(?:team|group|committee|board|meeting|panel|council|working group|wg|attendees|participants|maintainers|tsc|tac|cpc|t-[a-z]+)`;
const DECIDING_VERB = `(?:agreed|decided|resolved|concluded|voted|chose|settled|opted|approved|accepted)`;
const DECISION_PARTS = [
  String.raw`\b(?:we|they|everyone|everybody|all|both|${GROUP})\s+(?:(?:have|has|had|all|then|finally|also|eventually|ultimately|therefore|thus|now|unanimously|collectively|jointly|quickly|\p{L}+ly)\s+){0,2}${DECIDING_VERB}\b`,
  String.raw`\bagreed\s+(?:to|on|upon|that)\b|\b(?:decided|resolved|voted)\s+(?:to|on|that|against)\b|\bsettled\s+on\b|\bopted\s+(?:for|to)\b|\bsigned\s+off\s+on\b`,
  String.raw`\bthe\s+(?:agreement|decision|consensus|conclusion|resolution|outcome|plan|verdict)\b(?:\s+(?:in|of|at|from)\s+(?:the|this|today's)\s+(?:meeting|call|discussion))?\s+(?:is|was|has been|:)`,
  String.raw`^(?:\*\*)?(?:decisions?|decided|resolutions?|resolved|agreed|conclusions?|outcomes?|verdict|consensus|approved|accepted|rejected)(?:\*\*)?\s*(?::|[-–]\s)`,
  String.raw`\b(?:was|were|has been|have been|is|are)\s+(?:\p{L}+ly\s+)?(?:approved|accepted|rejected|postponed|adopted|agreed(?:\s+(?:on|upon))?|decided|chosen|settled)\b`,
  String.raw`\b(?:reached|there\s+(?:is|was)|general|rough|broad)\s+consensus\b|\bconsensus\s+(?:is|was|that)\b`,
  // A group's verdict without a verb of deciding: 'The team was largely onboard with it', 'The team liked this approach much more'.
  String.raw`\b(?:we|they|we['’]re|they['’]re|everyone|everybody|all|${GROUP})\s+(?:(?:was|were|are|is|all|\p{L}+ly)\s+){0,2}(?:on\s*board|in\s+(?:favou?r|agreement))\b`,
  String.raw`\b(?:everyone|everybody|${GROUP})\s+(?:(?:all|\p{L}+ly)\s+)?(?:liked|preferred|favou?red|supported|endorsed)\s+(?:this|that|the|their|his|her|its|our)\b`,
  // The way chosen: 'The solution we're working towards is to put CloudFront in front of it'.
  String.raw`^(?:\*\*)?the\s+(?:solution|approach|way forward|direction|resolution|outcome)\b[^.;:]{0,40}?\s+(?:is|was)\s+(?:to|that)\b`,
  // A proposal taken up: '... suggested that we tar the whole directory, and we'll explore that'.
  String.raw`\b(?:suggested|proposed|recommended)\b.*\b(?:and|so)\s+(?:we'll|we’ll|we\s+will|we're\s+going\s+to|we’re\s+going\s+to)\s+\p{L}+`,
  // An author ruling something out: 'I explicitly reject ...'.
  String.raw`\b(?:I|we)\s+(?:\p{L}+ly\s+)?(?:reject|rule\s+out|ruled\s+out|rejected)\b`,
  // A status recorded in minutes: 'was merged', 'the working group is winding down'.
  String.raw`\b(?:was|were|has been|have been|got)\s+(?:\p{L}+ly\s+)?(?:merged|declined|deferred|tabled|withdrawn|closed|reverted|sunset|sunsetted|retired|archived)\b`,
  String.raw`\b(?:group|team|wg|project|effort|initiative)\s+(?:is|will|will\s+probably|is\s+going\s+to)\s+(?:wind(?:ing)?\s+down|sunset(?:ting)?|disband(?:ing)?)\b`,
  String.raw`\b(?:we|we'll|we’ll|let's|let’s|we're|we’re)\s+(?:(?:will|shall|are|'re|’re)\s+)?(?:going\s+to\s+)?(?:go|going)\s+with\b`,
  String.raw`\b(?:we'll|we’ll|we will|we shall)\s+(?:switch|move|ship|launch|release|adopt|hire|keep|drop|postpone|delay|cancel|merge|use|stick)\s+(?:to|with|on|the|it|this|that|a|an|our|\p{N})`,
  // An option taken up in the past or as the way on (092): 'we went with', 'the team will proceed with',
  // 'we landed on', 'came to the conclusion that', 'reached an agreement'.
  String.raw`\b(?:we|they|everyone|${GROUP})\s+(?:(?:have|has|had|then|finally|eventually|\p{L}+ly)\s+)?(?:went|will\s+go|are\s+going|will\s+proceed|are\s+proceeding|proceeded|moved|will\s+move|are\s+moving)\s+(?:ahead|forward)?\s*with\b`,
  String.raw`\b(?:we|they|everyone|the (?:team|group))\s+(?:(?:have|had|then|finally|eventually)\s+)?(?:landed|converged)\s+on\b|\bcame\s+to\s+(?:a\s+|the\s+|an\s+)?(?:conclusion|agreement|decision|consensus)\b|\breached\s+(?:a|an|the)\s+(?:agreement|decision|conclusion)\b`,
  // A rule from now on: 'Going forward, we will cut releases on Tuesdays'.
  String.raw`^(?:\*\*)?(?:(?:going|moving)\s+forward|from\s+now\s+on)\b.*\b(?:(?:we|everyone|all\s+\p{L}+)\s+(?:will|shall|should|must|need\s+to|are\s+going\s+to)|we['’]ll)\b|\bunanimous(?:ly)?\b`,
  // A vote's outcome and plans called off: 'the motion carried', 'the offsite is called off', 'v1 is deprecated'.
  String.raw`\b(?:motion|proposal|vote|rfc)\s+(?:passed|carried|failed)\b|\b(?:was|were|is|are|has been|have been|will be)\s+(?:\p{L}+ly\s+)?(?:called\s+off|scrapped|shelved|deprecated|discontinued)\b`,
  // How minutes record a group's assent (issue 29): 'General agreement that ...', 'rough consensus to
  // move forward', 'decision to include deliverables', 'A decision was made to', 'no objections',
  // '+1 from everyone', 'LGTM, merging', a vote's count ('passed 5-2', '7 in favour, 2 against').
  String.raw`\b(?:general|rough|broad|full|unanimous)\s+agreement\b|^(?:\*\*)?(?:agreement|consensus)\s+(?:to|that|on)\s|\bconsensus\s+(?:to|on|for)\s+(?:\p{L}+ing|move|go|proceed|adopt|accept|keep|drop|merge|land|ship)\b`,
  String.raw`(?:^|[,;:]\s*|\band\s+)(?:the\s+|a\s+)?decision\s+(?:is\s+|was\s+)?to\s+(?!be\b)\p{L}|\b(?:a|the)\s+decision\s+(?:was|has\s+been)\s+(?:made|taken|reached)\b`,
  String.raw`\b(?:no|without|hearing\s+no)\s+(?:objections?|opposition)\b(?![^?]*\?)|\b(?:nobody|no\s+one|none)\s+objected\b`,
  String.raw`(?:^|\s)\+1s?\s+(?:from\s+)?(?:everyone|everybody|all|all\s+round)\b|\blgtm\b.*\b(?:merg|land|ship)|\b(?:merg|land|ship)\w*\b.*\blgtm\b`,
  String.raw`\b(?:passed|carried|approved|adopted|rejected|failed)\s+(?:by\s+)?(?:a\s+)?(?:vote\s+of\s+)?\(?\d+\s*(?:-|–|to)\s*\d+\b|\b\d+\s+(?:in\s+favou?r|for|yes|ayes?)\b[^.]{0,20}?\b\d+\s+(?:against|opposed|no|nays?)\b`,
  // A final comment period (FCP) started or done, as Rust and other RFC processes record it.
  String.raw`\b(?:start|started|starting|propose|proposed|proposing|kick(?:ed)?\s+off|enter(?:ed|s)?|begin|began)\s+(?:an?\s+|the\s+)?fcp\b(?![^?]*\?)|\bfcp\s+(?:to\s+)?(?:merge|close|postpone)\b|\bfcp\s+(?:has\s+)?(?:passed|completed|finished|concluded)\b`,
  // The way on, said with the group or its plan: 'Our plan now is to ...', 'Let's go ahead with ...',
  // 'We'll proceed with ...', 'Everyone agrees that ...'.
  String.raw`\b(?:the|our)\s+(?:(?:new|final|current|agreed|revised)\s+)?(?:plan|decision)\s+(?:now\s+|going\s+forward\s+)?(?:is|was)\s+(?:to|that)\b`,
  String.raw`\b(?:let['’]?s|we['’]ll|we\s+will|we['’]re)\s+(?:go(?:ing)?\s+ahead|proceed(?:ing)?|mov(?:e|ing)\s+(?:ahead|forward))\s+with\b`,
  String.raw`\b(?:we\s+all|everyone|everybody|all\s+(?:members|participants|attendees)|the\s+(?:team|group|committee|board|council))\s+(?:\p{L}+ly\s+)?agrees?\s+(?:that|to|on)\b`,
];
/**
 * A verdict opening a line, said by the group or by the minutes ('All: General agreement.', 'Approved.',
 * 'No objections.', 'Agreed, assuming ...'); not one person's 'Clar: Agreed.' in a discussion. With
 * nothing else in it (VERDICT_ONLY), what it approves is said before it.
 */
const VERDICT = String.raw`^(?:(?:all|everyone|everybody|group|team|room)\s*:\s*)?\W*(?:(?:general|rough|broad|full|unanimous)\s+)?(?:agreed|agreement|consensus|approved|accepted|no\s+objections?|lgtm|carried|resolved|\+1s?\s+(?:from\s+)?(?:everyone|everybody|all))(?:\s+(?:by\s+all|all\s+round|from\s+everyone|from\s+all|reached))?\s*(?:[.!,;]|$)`;
export const VERDICT_ONLY = new RegExp(`${VERDICT}\\W*$`, 'iu');
export const DECISION = new RegExp([...DECISION_PARTS, VERDICT].join('|'), 'iu');

/**
 * Someone taking something on inside a sentence: 'pietroalbini also volunteered to write the minutes',
 * '...in a few days alexcrichton is going to ping them' (not 'it is going to be', not 'we will see').
 */
export const COMMITMENT =
  /\b(?:volunteered|offered|promised|committed)\s+to\s+\p{L}|\b(?!(?:it|this|that|there|which|who|what|they|he|she|we|you|i)\b)[\p{L}][\p{L}\d_-]+\s+(?:will|is going to)\s+(?!(?:be|have|not|probably|likely|see|need)\b)\p{L}+/iu;

/** Headings or lead-ins under which every item is a decision. */
export const DECISION_HEADING =
  /\b(?:decisions?|conclusions?|resolutions?|outcomes?|agreed|consensus|resolved|verdict)\b/i;

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

/** The summary's share of the note's words: shorter notes keep more, long ones less. */
export function targetWords(totalWords: number): number {
  const ratio = totalWords < 100 ? 0.55 : totalWords < 250 ? 0.5 : totalWords < 600 ? 0.45 : 0.35;
  return Math.max(12, Math.round(totalWords * ratio));
}

/** Whether most of a candidate's meaningful words are already said by one chosen point (a repetition). */
export function isRedundant(
  candidate: { units: ReadonlyArray<{ stems: string[] }> },
  chosen: ReadonlyArray<ReadonlySet<string>>,
): boolean {
  const stems = new Set(candidate.units.flatMap((unit) => unit.stems));
  if (stems.size === 0) return true;
  return chosen.some((said) => {
    let seen = 0;
    for (const stem of stems) if (said.has(stem)) seen += 1;
    return seen / stems.size >= 0.8;
  });
}

/** A sentence as read: links as their text, no addresses. */
export function visible(text: string): string {
  return text
    .replace(/\]\([^)\s]*(?:\s+"[^"]*")?\)/g, ']')
    .replace(/\]\[[^\]]*\]/g, ']')
    .replace(/<?https?:\/\/\S+/g, '');
}
