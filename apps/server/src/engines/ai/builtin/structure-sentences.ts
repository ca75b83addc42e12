import { splitSentences, words } from '../heuristics/text';
import { tag } from './nlp';

// How structure reads a paragraph: action items, 'First, ... Second, ...' runs and colon enumerations.
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
  /^(?:the|a|an|this|that|these|those|it|they|he|she|there|here|what|which|who|one|some|each|all|our|my|your|his|her|their|its|no|every|any|if|when|then|maybe|perhaps)$/i;

const TODO_PREFIX = /^(?:todo|TODO|ToDo|Todo)\b[ \t]*[:\-–]?[ \t]*/;

/** Verbs after 'will' or 'to' that say how things are, not what someone does ('Sam will be there'). */
const NOT_A_TASK = new Set(
  `be been being have has had become remain seem look sound feel know think like love want need
  receive get hear see arrive happen stay probably likely also not never always still soon then now
  just really`.split(/\s+/),
);

/**
 * Whether a sentence or line is something to do: 'TODO: ...', 'Don't forget ...', 'Remember to ...',
 * a line starting with a task verb, 'we need to / should / have to / must ...', or 'Priya will
 * send ...' / 'Sam to update ...' (a person and a task verb). `line`: the text stands on its own line
 * (an imperative sentence inside a paragraph is more often an instruction, as in a recipe).
 * The summariser reads action items with this too; labelled lines ('ACTION: ...') are
 * `isLabelledAction`, which structure asks besides.
 */
export function isActionItem(text: string, line: boolean): boolean {
  const plain = text.replace(/^[*_~]+/, '').trim();
  if (TODO_PREFIX.test(plain) && plain.replace(TODO_PREFIX, '') !== '') return true;
  if (/^(?:don'?t|do not) forget\b|^remember to\b/i.test(plain)) return true;
  // '@jonas update the status page': a handle and what they are to do.
  if (/^@[\w.-]+:?\s+\p{L}/u.test(plain) && !/\?$/.test(plain)) return true;
  const tokens = plain.split(/[\s,:]+/);
  const first = (tokens[0] ?? '').toLowerCase();
  // 'Interview: Rahul Mehta' is a label, 'Call Anna?' a question.
  const labelled = plain[first.length] === ':';
  if (TASK_VERBS.has(first) && !labelled && (line || /^\p{Lu}/u.test(tokens[0] ?? '')) && !/\?$/.test(plain))
    return true;
  if (/^(?:need|needs|have|has)\s+to\s/i.test(plain)) return true;
  const subject =
    /^((?:i|we|you|[\p{L}][\p{L}'’-]*)(?:\s+and\s+[\p{Lu}][\p{L}'’-]*)?)\s+(?:also\s+|still\s+|really\s+)?(need to|needs to|have to|has to|must|should|will|(?:is|are|am) going to|to)\s+(\p{L}+)/iu.exec(
      plain,
    );
  if (!subject?.[1] || !subject[2]) return false;
  const who = subject[1];
  const modal = subject[2].toLowerCase().replace(/^(?:is|are|am) going to$/, 'will');
  const verb = (subject[3] ?? '').toLowerCase();
  if (NOT_A_SUBJECT.test(who) || /\?$/.test(plain)) return false;
  // A lower-case subject only with 'to' at the start of its own line: 'niko to post a comment'.
  const pronoun = /^(?:i|we|you)$/i.test(who);
  const named = pronoun || /^\p{Lu}/u.test(who) || (line && modal === 'to');
  if (!named) return false;
  // 'Ben will label the desks': any verb when a person is named; 'we will use a file' is narration.
  if (modal === 'will' || modal === 'to')
    return TASK_VERBS.has(verb) || (!pronoun && !NOT_A_TASK.has(verb) && isVerbAfter(plain, verb));
  return verb !== 'be';
}

/**
 * Capitalised words that take 'to' and a verb without naming who acts ('Agreement to think about
 * this', 'Steps to reproduce', 'Proposal to move ...'): minutes' outcomes and labels, no owners.
 */
const NOT_AN_OWNER =
  /^(?:(?:it|that|there|here|what|who|he|she|this)(?:['’]s)?|they|we|you|i|one|approved|rejected|closed|landed|merged|done|resolved|agreement|agreed|consensus|decision|decided|proposal|proposed|idea|plan|plans|planning|aim|goal|need|needs|needed|steps?|action|actions|motion|vote|request|requests|reminder|ability|right|time|link|move|work|effort|attempt|hope|hoping|seek|try|trying|going|want|wants|happy|able|nothing|something|anything|everyone|everybody|someone|somebody|nobody|all|both|others|folks|people|team|members|reply|reason|way|how|what|when|where|why|who|ok|okay|good|fine|related|due|next|back|up)$/i;

/** A capitalised name or role ('Sean', 'Joe Sepi', 'Chair') or a handle ('@jonas'): an owner's shape. */
const OWNER = String.raw`(?:@[\w.-]+|\p{Lu}[\p{L}'’-]*(?:[ \t]+\p{Lu}[\p{L}'’-]*)?)`;
const OWNED_ACTION = new RegExp(
  String.raw`^(${OWNER}(?:[ \t]*(?:,|\+|&|and)[ \t]*${OWNER})*),?[ \t]+(?:also[ \t]+|will[ \t]+also[ \t]+)?(will|to)[ \t]+(?:also[ \t]+)?(\p{L}+)`,
  'u',
);

/**
 * Whether a line of minutes gives someone a task: 'Sean to update the issue.', 'Myles will open a PR',
 * 'Matteo + Robin to draft it', 'Michael, will follow up with Express'. 'X to ...' is how minutes
 * write an assignment, so any name that is no outcome word ('Agreement to ...') owns it; 'X will ...'
 * also says what a company or a tool will do ('GitHub will deprecate ...'), so only a person the
 * note lists as present (`people`, first names), a handle, or a task verb after it makes it a task.
 */
export function isOwnedAction(text: string, people: ReadonlySet<string>): boolean {
  const plain = text.replace(/^[*_~[]+/, '').trim();
  const match = OWNED_ACTION.exec(plain);
  if (!match?.[1] || !match[2] || !match[3] || /\?$/.test(plain)) return false;
  const owners = match[1].split(/[ \t]*(?:,|\+|&|\band\b)[ \t]*/);
  const first = (owner: string) => owner.split(/[ \t]+/)[0] ?? '';
  if (owners.some((owner) => NOT_AN_OWNER.test(first(owner)))) return false;
  // An adjective before 'to' is no owner ('Hard to say ...', 'Ready to merge ...'): the tagger calls
  // every capitalised first word a proper noun, so it reads the line with that word in lower case.
  const lead = first(owners[0] ?? '');
  if (!lead.startsWith('@') && !people.has(lead)) {
    const pos = tag(`${plain.charAt(0).toLowerCase()}${plain.slice(1)}`.split(/\s+/).slice(0, 8).join(' '))[0]
      ?.pos;
    if (pos !== 'NOUN' && pos !== 'PROPN') return false;
  }
  const verb = match[3].toLowerCase();
  if (NOT_A_TASK.has(verb)) return false;
  if (TASK_VERBS.has(verb)) return true;
  // After 'to' the tagger must read a verb ('Tobie to offer ...', not 'Sean to Berlin'); a handle
  // is a person, and minutes use any word as its task ('@ghinks to PR into README.MD').
  if (match[2] === 'to') return owners.every((owner) => owner.startsWith('@')) || isVerbAfter(plain, verb);
  return owners.every((owner) => owner.startsWith('@') || people.has(first(owner)));
}

// The labels minutes put before a task: 'ACTION', 'Action item', 'AI' (kubernetes' and OpenSSF's
// shorthand), 'TODO', 'To do'; bold or in brackets ('**ACTION**:', '[AI]'). Case matters for 'AI'
// and the capitalised forms, so 'Ai' or 'ai' (a name, a word) is no label.
const LABEL_WORD = String.raw`(?:ACTION(?:[ \t]+ITEMS?)?|[Aa]ction(?:[ \t]+[Ii]tems?)?|AI|TODOS?|TO[ \t]?DO|[Tt]odos?|ToDo|[Tt]o[ \t]do)`;
/** Who the label names: 'TODO(sam):', 'ACTION (Sam, Priya):', 'TODO by [Jenn Bonner]:', 'AI @sam:'. */
const LABEL_OWNER = String.raw`(?:[ \t]*\([^()\n]{1,40}\)|[ \t]+by[ \t]+(?:\[[^\]\n]{1,40}\]|@[\w.-]+|\p{Lu}[\p{L}'’-]*(?:[ \t]+\p{Lu}[\p{L}'’-]*)?)|[ \t]+@[\w.-]+)`;
const LABELLED_ACTION = new RegExp(
  String.raw`^(?:\*\*|__|\*|_)?(?:\[(${LABEL_WORD})\]|(${LABEL_WORD}))(${LABEL_OWNER})?(?:\*\*|__|\*|_)?(?:[ \t]*:|(?<=\])(?=[ \t]))(?:\*\*|__|\*|_)?[ \t]+(\S.*)$`,
  'u',
);

/**
 * Whether a line is a task by its label: 'ACTION: Jenn to send the follow-up', '**Action**: ...',
 * 'Action Item: ...', 'TODO by [Jenn Bonner]: Double check ...', 'TODO(sam): ...', '[AI] Bob to ...'.
 * The label only with text after it ('Action items' over a list is a heading, 'Actions taken last
 * week: ...' a report) and never 'ACTION: none'. 'AI:' also starts a line about artificial
 * intelligence, so after 'AI' the text must read as a task: a verb first ('AI: set a target date'),
 * an owner and a task, or a handle; or the label names an owner.
 */
export function isLabelledAction(text: string, people: ReadonlySet<string> = new Set()): boolean {
  const match = LABELLED_ACTION.exec(text.trim());
  const rest = match?.[4]?.replace(/^[*_~]+/, '').trim();
  if (!match || !rest || /^(?:none|nothing|n\/?a|tbd|-+)\b\W*$/i.test(rest)) return false;
  if ((match[1] ?? match[2]) !== 'AI' || match[3]) return true;
  if (/^@[\w.-]+/.test(rest) || isActionItem(rest, true) || isOwnedAction(rest, people)) return true;
  const first = tag(rest.split(/\s+/).slice(0, 8).join(' '))[0];
  return first?.pos === 'VERB' && /^\p{Ll}/u.test(rest);
}

/** Whether the tagger reads `verb`, the word after 'will' or 'to' in `text`, as a verb. */
function isVerbAfter(text: string, verb: string): boolean {
  const tokens = tag(text.split(/\s+/).slice(0, 8).join(' '));
  const index = tokens.findIndex((token, i) => token.text.toLowerCase() === verb && i > 0);
  return index > 0 && tokens[index]?.pos === 'VERB';
}

/** A checklist line for an action item, its words as they were ('TODO' too: it may be how the owner searches). */
export function taskLine(text: string): string {
  return `- [ ] ${text}`;
}

/** A line or list item that only labels what follows as tasks ('Action items', 'Next steps', 'Series of actions:'). */
export const TASK_LABEL =
  /^[*_]{0,2}(?:series of |list of )?(?:action items?|actions|next steps?|to-?dos?|tasks|follow-?ups?)(?: are)?[*_]{0,2}:?[*_]{0,2}$/i;

/** Past tenses that do not end in '-ed' ('Sam sent the deck'). */
const IRREGULAR_PAST =
  /^(?:did|made|sent|wrote|took|gave|found|got|ran|began|brought|bought|built|caught|chose|drew|drove|fell|felt|flew|forgot|held|kept|knew|led|left|lost|met|paid|put|rode|said|sat|saw|sold|spent|spoke|stood|swam|taught|told|thought|threw|understood|went|won|was|were|had)$/i;

/** Whether a line reports what someone did ('Sam fixed the login bug', 'Priya has sent it'): no task. */
export function isPastReport(text: string): boolean {
  const match = new RegExp(
    String.raw`^${OWNER}(?:[ \t]*(?:,|\+|&|and)[ \t]*${OWNER})*[ \t]+(?:(?:has|have|had|already)[ \t]+)?(\p{L}+)`,
    'u',
  ).exec(text.replace(/^[*_~]+/, '').trim());
  const verb = match?.[1]?.toLowerCase() ?? '';
  return (
    IRREGULAR_PAST.test(verb) ||
    (/[^e]ed$|eed$/.test(verb) && !/^(?:need|feed|speed|seed|proceed|exceed|succeed)$/.test(verb))
  );
}

/** Headings and lead-ins under which every list item is a task. */
export const TASK_HEADING = /\b(?:action items?|actions|next steps?|to-?dos?|to do|tasks?|follow-?ups?)\b/i;

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
  // 'b and c' becomes 'b' and 'and c': the list keeps every word of the sentence.
  const tail = /^(.+?)\s+((?:and|or)\s+.+)$/.exec(last);
  const items = tail?.[1] && tail[2] ? [...parts, tail[1], tail[2]] : [...parts, last];
  // 'a, b and c' or 'a, b, c': three items at least, none empty, none a clause of its own.
  const cleaned = items.map((item) => item.trim());
  if (cleaned.length < 3 || cleaned.some((item) => words(item).length === 0 || words(item).length > 7))
    return undefined;
  if (cleaned.some((item) => /[;:]/.test(item))) return undefined;
  return { lead: `${colon[1]}:`, items: cleaned };
}

type Segment =
  | { type: 'prose'; sentences: string[] }
  | { type: 'tasks'; sentences: string[] }
  | { type: 'enumeration'; sentences: string[] }
  | { type: 'colon'; lead: string; items: string[] };

/** A paragraph cut into prose, 'First, ... Second, ...' runs, action items and colon enumerations, in order. */
export function segmentParagraph(text: string, singleLine: boolean): Segment[] {
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
    const line = singleLine && sentences.length === 1;
    push(isActionItem(sentence, line) || isLabelledAction(sentence) ? 'tasks' : 'prose', sentence);
  }
  return segments;
}
