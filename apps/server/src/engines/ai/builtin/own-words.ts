/**
 * The user's own words in a note, which the spelling engine (`spelling.ts`) never corrects: a word
 * written twice, capitalised ('Kysely' allows 'kysely'), in code or as a #tag is theirs on purpose,
 * and so are people's names and handles, even written once in lower case. A one-off lower-case
 * non-word anywhere else is a typo.
 */
import { STOP_WORDS } from '../heuristics/text';
import { peopleInShapes } from './people-shapes';

export interface OwnWords {
  allowed: ReadonlySet<string>;
  used: ReadonlySet<string>;
  /** The lower-case words used as people's names or handles: never corrected, nor capitalised. */
  people: ReadonlySet<string>;
}

/** A line naming the people of a meeting ('Attending: aidanhs, kennytm', 'Minutes written by ...'). */
const PEOPLE_WORDS =
  'attendees|attendance|attending|present|participants|people|team members|guests|absent|regrets|apologies|facilitator|scribe|notes by|minutes(?: written)? by|meeting (?:run|led|chaired) by';
const PEOPLE_LINE = new RegExp(
  // A list that wraps goes on after a line ending in a comma.
  String.raw`^[ \t>*-]*(?:\*\*)?(?:${PEOPLE_WORDS})(?:\*\*)?[ \t]*:?(?:\*\*)?[ \t]+((?:.*,[ \t]*\n)*.+)$`,
  'gimu',
);
/** A heading naming the people of a meeting and the list under it ('## Attendees', '- centril'). */
const PEOPLE_HEADING = new RegExp(
  String.raw`^#+[ \t]*(?:${PEOPLE_WORDS})[ \t]*:?[ \t]*\n(?:[ \t]*\n)?((?:[ \t]*[-*+][ \t]+.*(?:\n|$))+)`,
  'gimu',
);

/** Verbs that say a person spoke or acted ('xyz said', 'xyz will look into it'). */
const PERSON_VERBS =
  'nominated|nominates|volunteers|(?:is|was)[ \t]+(?:driving|working|looking|leading|handling|reviewing|writing|investigating)|said|says|mentioned|mentions|noted|notes|asked|asks|suggested|suggests|proposed|proposes|pointed|raised|raises|agreed|agrees|argued|argues|explained|explains|replied|replies|commented|comments|thinks|thought|wondered|wonders|wrote|writes|volunteered|offered|opened|filed|reported|reviewed|clarified|responded|shared|presented|summarized|summarised|objected|disagreed|felt|feels|wanted|wants|points|believes|expressed|prefers|requests|remarked|worries|confirms|objects|favors|favours|supports|opposes|recommends|insisted|(?:is|was)[ \t]+(?:concerned|worried|unsure|skeptical|sceptical|in favou?r|opposed)';

/**
 * A lower-case word used as a person: after a thank-you, 'cc' or 'ping', alone in brackets
 * ('(xyz)', '(by xyz)'), starting a clause before a verb of speaking ('xyz said', 'as xyz pointed
 * out'), or with a possessive before a PR or a comment ('xyz's PR'). Written once, still a name.
 */
const PERSON_CONTEXT = new RegExp(
  [
    String.raw`\b(?:[Tt]hanks(?: to)?|[Tt]hank you|[Kk]udos to|[Ss]hout-?out to|[Cc]c|[Pp]ing|[Pp]inged|[Pp]inging|[Hh]/t|[Cc]redit to|[Cc]ourtesy of)[ \t,:]+@?([a-z][\w.-]*)`,
    String.raw`\((?:by[ \t]+)?@?([a-z][\w-]*)\)`,
    String.raw`(?:^[ \t>*+-]*|[(,;:.!?]|\b(?:[Aa]nd|[Oo]r|[Aa]s|[Aa]sked|[Aa]sk|told)[ \t]+)[ \t]*@?([a-z][\w-]*)[ \t]+(?:has[ \t]+|had[ \t]+|then[ \t]+|also[ \t]+)?(?:${PERSON_VERBS})\b`,
    // A question about what someone wanted or said ('Didn't xyz want that too?').
    String.raw`\b(?:[Dd]id|[Dd]oes|[Ww]ould|[Cc]ould|[Ss]hould|[Ww]ill|[Cc]an)(?:n['’]t)?[ \t]+([a-z][\w-]*)[ \t]+(?:want|say|mention|propose|suggest|think|ask|agree|object|nominate)\b`,
    String.raw`\b([a-z][\w-]*)['’]s[ \t]+(?:PR|pull request|RFC|comment|proposal|idea|point|question|suggestion|draft|branch|fork|patch|review)\b`,
  ].join('|'),
  'gmu',
);

/**
 * Mentions written through markup: Zulip's '@**oli**' (and its silent '@_**oli**'), as rust-lang's
 * meeting agendas write every person. The words inside are the person's name or handle.
 */
const MARKUP_MENTION = /@_?\*\*([^*\n]{1,60})\*\*/gu;

/**
 * A lower-case word in a place only a person takes: after 'assigned to', 'r?' or 'r=' (a reviewer),
 * or after 'by' following a word for authored work or its verb ('PR by xyz', 'opened by xyz',
 * 'nominated by xyz'). A misspelled gerund ('fixed by reinstaling') is no such place: -ing is left out.
 */
const CREDITED =
  /(?:\b(?:assigned|reassigned)[ \t]+to|\b[Rr][?=]|\b(?:PRs?|pull requests?|patch(?:es)?|RFCs?|comments?|proposals?|talk|post|draft|review|opened|filed|authored|written|proposed|raised|reported|led|approved|reviewed|nominated|seconded|suggested|posted|submitted|chaired|presented|hosted|drafted|championed|mentored|cc'?d)[ \t]+by)(?:[ \t]+|(?<=[?=]))@?(?:\*\*)?([a-z][\w-]*)(?!\w)/gu;

/**
 * A lower-case word opening a list item, a paragraph or a sentence before 'will' or 'to' and a verb
 * ('- niko to post a comment', 'Josh: xyz will write it up'): a person, kept from correction (and
 * only that: a common word there, 'docs will be ...', is still capitalised as a sentence start). A
 * hard-wrapped line's first word is no such place ('... many varied\nimrovements to the compiler').
 */
const OWNER_OF_ACTION =
  /^[ \t>]*(?:[-*+][ \t]+(?:\[[ xX]\][ \t]+)?)?@?([a-z][\w-]*)[ \t]+(?:will|to|is going to)[ \t]+([a-z]+)/u;

function actionOwners(markdown: string): string[] {
  const owners: string[] = [];
  let previous = '';
  for (const line of markdown.split('\n')) {
    const opensClause =
      previous.trim() === '' || /[.!?:]$/.test(previous.trim()) || /^[ \t>]*[-*+][ \t]/.test(line);
    previous = line;
    for (const sentence of line.split(/(?<=[.!?;:])[ \t]+(?=[a-z@])/).slice(opensClause ? 0 : 1)) {
      const match = OWNER_OF_ACTION.exec(sentence);
      if (match?.[1] && match[2] && !STOP_WORDS.has(match[1]) && !STOP_WORDS.has(match[2]))
        owners.push(match[1]);
    }
  }
  return owners;
}

/** A single-word item of a list of names: a handle or a name ('centril', 'Mark-Simulacrum', 'the8472'). */
const NAME_ITEM = /^@?[\p{L}\d][\p{L}\d_.-]*$/u;
/** A name of up to three capitalised words ('Josh Triplett', 'The 8472'). */
const FULL_NAME = /^\p{Lu}[\p{L}\d_.-]*(?: [\p{Lu}\d][\p{L}\d_.-]*){1,2}$/u;

/**
 * The lower-case handles in a comma-separated list of at least three names, two or more of them
 * capitalised or written as handles ('Amanieu, sfackler, dtolnay, Yaahc, JoshTriplett'): every item
 * one name, so a sentence listing things is no such list.
 */
function handlesInNameLists(markdown: string): string[] {
  const out: string[] = [];
  for (const line of markdown.split('\n')) {
    if ((line.match(/,/g) ?? []).length < 2) continue;
    const body = line.replace(/^[ \t>*+-]*(?:[\p{L} ]{1,30}:(?:\*\*)?[ \t]+)?/u, '').replace(/[ \t.]+$/, '');
    const items = body.split(/[ \t]*,[ \t]*(?:and[ \t]+)?|[ \t]+and[ \t]+/).map((item) => item.trim());
    if (items.length < 3 || !items.every((item) => NAME_ITEM.test(item) || FULL_NAME.test(item))) continue;
    if (items.filter((item) => /[\p{Lu}\d_-]/u.test(item)).length < 2) continue;
    for (const item of items) if (/^@?[a-z]+$/.test(item)) out.push(item.replace(/^@/, ''));
  }
  return out;
}

export function ownWordsOf(markdown: string, extra: Iterable<string> = []): OwnWords {
  const counts = new Map<string, number>();
  const allowed = new Set<string>([...extra].map((word) => word.toLowerCase()));
  const people = new Set<string>();
  for (const match of markdown.matchAll(/[\p{L}][\p{L}'’]*/gu)) {
    const word = match[0].toLowerCase().replace(/’/g, "'");
    counts.set(word, (counts.get(word) ?? 0) + 1);
    if (match[0] !== word) allowed.add(word);
  }
  for (const match of markdown.matchAll(/`[^`\n]*`|#[\p{L}][\w-]*/gu))
    for (const word of match[0].toLowerCase().match(/\p{L}+/gu) ?? []) allowed.add(word);
  for (const [word, count] of counts) if (count >= 2) allowed.add(word);
  // People's names and handles, written once, are still theirs: the names on a line (or under a
  // heading) that lists who was there, a speaker's label, an '@handle', a handle credited in
  // brackets after a heading, a word used as a person, a handle in a list of names.
  const person = (word: string | undefined) => {
    if (word && /^[a-z][a-z'-]*$/.test(word) && !STOP_WORDS.has(word)) people.add(word);
  };
  for (const match of markdown.matchAll(PEOPLE_LINE))
    for (const word of match[1]?.match(/\p{L}+/gu) ?? []) {
      allowed.add(word.toLowerCase());
      person(word);
    }
  for (const match of markdown.matchAll(PEOPLE_HEADING))
    for (const item of match[1]?.split('\n') ?? [])
      person(/^[ \t]*[-*+][ \t]+@?([\p{L}][\p{L}\d_-]*)/u.exec(item)?.[1]);
  const labels = [...markdown.matchAll(/^[ \t>*-]*@?([\p{L}][\p{L}\d_.-]*)[ \t]*:[ \t]+\S/gmu)].map(
    (match) => match[1] ?? '',
  );
  for (const label of labels) allowed.add(label.toLowerCase());
  // A speaker's label in lower case is a handle when the note is a transcript (labels on several lines).
  if (labels.length >= 3) for (const label of labels) person(label);
  for (const match of markdown.matchAll(
    /@([\p{L}][\p{L}\d_-]*)|^#+[ \t].*\(@?([\p{L}][\p{L}\d_-]*)\)[ \t]*$/gmu,
  ))
    allowed.add((match[1] ?? match[2] ?? '').toLowerCase());
  for (const match of markdown.matchAll(PERSON_CONTEXT))
    for (const word of match.slice(1)) if (word && /^[a-z]+\.?$/.test(word)) person(word.replace(/\.$/, ''));
  for (const handle of handlesInNameLists(markdown)) person(handle);
  for (const match of markdown.matchAll(MARKUP_MENTION))
    for (const word of match[1]?.match(/[\p{L}][\p{L}\d_-]*/gu) ?? []) {
      allowed.add(word.toLowerCase());
      person(word);
    }
  for (const match of markdown.matchAll(CREDITED)) if (!match[1]?.endsWith('ing')) person(match[1]);
  for (const owner of actionOwners(markdown)) allowed.add(owner);
  for (const word of peopleInShapes(markdown)) person(word);
  for (const word of people) allowed.add(word);
  return { allowed, used: new Set(counts.keys()), people };
}
