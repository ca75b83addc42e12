/**
 * The user's own words in a note, which the spelling engine (`spelling.ts`) never corrects: a word
 * written twice, capitalised ('Kysely' allows 'kysely'), in code or as a #tag is theirs on purpose,
 * and so are people's names and handles, even written once in lower case. A one-off lower-case
 * non-word anywhere else is a typo.
 */
export interface OwnWords {
  allowed: ReadonlySet<string>;
  used: ReadonlySet<string>;
}

/** A line naming the people of a meeting ('Attending: aidanhs, kennytm', 'Minutes written by ...'). */
const PEOPLE_LINE =
  /^[ \t>*-]*(?:\*\*)?(?:attendees|attendance|attending|present|participants|people|team members|guests|absent|regrets|apologies|facilitator|scribe|notes by|minutes(?: written)? by|meeting (?:run|led|chaired) by)(?:\*\*)?[ \t]*:?(?:\*\*)?[ \t]+(.+)$/gimu;

/** Verbs that say a person spoke or acted ('xyz said', 'xyz will look into it'). */
const PERSON_VERBS =
  'said|says|mentioned|mentions|noted|notes|asked|asks|suggested|suggests|proposed|proposes|pointed|raised|raises|agreed|agrees|argued|argues|explained|explains|replied|replies|commented|comments|thinks|thought|wondered|wonders|wrote|writes|volunteered|offered|opened|filed|reported|reviewed|clarified|responded|shared|presented|summarized|summarised|objected|disagreed|felt|feels|wanted|wants';

/**
 * A lower-case word used as a person: after a thank-you, 'cc' or 'ping', alone in brackets
 * ('(xyz)', '(by xyz)'), starting a clause before a verb of speaking ('xyz said', 'as xyz pointed
 * out'), or with a possessive before a PR or a comment ('xyz's PR'). Written once, still a name.
 */
const PERSON_CONTEXT = new RegExp(
  [
    String.raw`\b(?:[Tt]hanks(?: to)?|[Tt]hank you|[Kk]udos to|[Ss]hout-?out to|[Cc]c|[Pp]ing|[Pp]inged|[Hh]/t|[Cc]redit to|[Cc]ourtesy of)[ \t,:]+@?([a-z][\w.-]*)`,
    String.raw`\((?:by[ \t]+)?@?([a-z][\w-]*)\)`,
    String.raw`(?:^|[(,;:.!?]|\b(?:[Aa]nd|[Oo]r|[Aa]s|[Aa]sked|[Aa]sk|told)[ \t]+)[ \t]*@?([a-z][\w-]*)[ \t]+(?:has[ \t]+|had[ \t]+|then[ \t]+|also[ \t]+)?(?:${PERSON_VERBS})\b`,
    String.raw`\b([a-z][\w-]*)['’]s[ \t]+(?:PR|pull request|RFC|comment|proposal|idea|point|question|suggestion|draft|branch|fork|patch|review)\b`,
  ].join('|'),
  'gmu',
);

export function ownWordsOf(markdown: string, extra: Iterable<string> = []): OwnWords {
  const counts = new Map<string, number>();
  const allowed = new Set<string>([...extra].map((word) => word.toLowerCase()));
  for (const match of markdown.matchAll(/[\p{L}][\p{L}'’]*/gu)) {
    const word = match[0].toLowerCase().replace(/’/g, "'");
    counts.set(word, (counts.get(word) ?? 0) + 1);
    if (match[0] !== word) allowed.add(word);
  }
  for (const match of markdown.matchAll(/`[^`\n]*`|#[\p{L}][\w-]*/gu))
    for (const word of match[0].toLowerCase().match(/\p{L}+/gu) ?? []) allowed.add(word);
  for (const [word, count] of counts) if (count >= 2) allowed.add(word);
  // People's names and handles, written once, are still theirs: the names on a line that lists
  // who was there, a speaker's label, an '@handle', a handle credited in brackets after a heading,
  // a word used as a person.
  for (const match of markdown.matchAll(PEOPLE_LINE))
    for (const word of match[1]?.toLowerCase().match(/\p{L}+/gu) ?? []) allowed.add(word);
  for (const match of markdown.matchAll(/^[ \t>*-]*@?([\p{L}][\p{L}\d_.-]*)[ \t]*:[ \t]+\S/gmu))
    allowed.add((match[1] ?? '').toLowerCase());
  for (const match of markdown.matchAll(
    /@([\p{L}][\p{L}\d_-]*)|^#+[ \t].*\(@?([\p{L}][\p{L}\d_-]*)\)[ \t]*$/gmu,
  ))
    allowed.add((match[1] ?? match[2] ?? '').toLowerCase());
  for (const match of markdown.matchAll(PERSON_CONTEXT))
    for (const word of match.slice(1)) if (word && /^[a-z]+$/.test(word)) allowed.add(word);
  return { allowed, used: new Set(counts.keys()) };
}
