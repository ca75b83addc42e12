/**
 * More places in a note where only a person goes, for `own-words.ts` (decision 115): developers'
 * minutes name people by lower-case handles ('centril', 'scottmcm'), written once, in shapes the
 * older rules missed. Each rule here returns the lower-case words it finds; a word in ordinary
 * prose is in none of these shapes, so a misspelling there is still corrected.
 */
import { STOP_WORDS } from '../heuristics/text';

/** One name: a handle or a single word ('centril', 'Mark-Simulacrum', 'the8472'), '@' allowed. */
const NAME = String.raw`@?[\p{L}][\p{L}\d_.-]*`;
/** A name of up to three capitalised words ('Josh Triplett'), or one name. */
const NAME_ITEM = new RegExp(
  String.raw`^(?:${NAME}|\p{Lu}[\p{L}\d_.-]*(?: [\p{Lu}\d][\p{L}\d_.-]*){1,2})$`,
  'u',
);
/** Names joined as a list: 'a, b and c', 'a & b', 'a + b', 'a/b'. */
const JOINER = /[ \t]*(?:,|&|\+|\/|;)[ \t]*(?:and[ \t]+)?|[ \t]+and[ \t]+/;

/** The lower-case words of a text that is a list of names only (every item one name), else none. */
export function namesOfList(text: string, minItems = 1): string[] {
  const body = text
    .replace(/\*\*|__|`/g, '')
    .replace(/[ \t.]+$/, '')
    .trim();
  if (body === '') return [];
  const items = body.split(JOINER).map((item) => item.trim());
  if (items.length < minItems || !items.every((item) => NAME_ITEM.test(item))) return [];
  return items.filter((item) => /^@?[a-z][a-z'-]*$/.test(item)).map((item) => item.replace(/^@/, ''));
}

/**
 * Labels of a line or block that lists people. 'Team', 'Others', 'Owner' and the like also open
 * prose ('Team: we shipped it'), so their words count only when every item is one name.
 */
const PEOPLE_LABEL =
  /^(?:attendees|attendance|attending|present|also present|participants|people|team|team members|members|others|guests|visitors|observers|absent|regrets|apologies|facilitator|chair|host|moderator|scribe|note-?taker|reviewers?|assignees?|owners?|authors?|shepherds?|champions?|liaisons?|leads?|contacts?|point of contact|who|cc|speakers?|presenters?|drivers?|assigned(?: to)?|nominated by|nominators?|proposers?|requested by|sponsors?|mentors?|reviewed by|notes taken by)$/i;
/**
 * Labels of a task ('TODO: centril to write it up'): a one-word value is as likely a task
 * ('TODO: refactr'), so only owners before 'to'/'will' and a verb, or two names or more, count.
 */
const ACTION_LABEL = /^(?:todo|to-?do|follow-?ups?|next steps?)$/i;
/** 'Action item: centril' names whoever acts (its tasks are sentences, not one word). */
const ACTION_OWNER_LABEL = /^(?:action items?|actions?|ai)$/i;

/** A label line with no value: '## Attendance', '**Attendees**', '- Attendance:', 'Present:'. */
const LABEL_ONLY =
  /^[ \t>]*(?:#+[ \t]*|[-*+][ \t]+)?[*_]{0,2}([\p{L} -]{2,30}?)[*_]{0,2}[ \t]*:?[*_]{0,2}[ \t]*$/u;
/** A list item, with an optional checkbox and an optional sub-label ('- [x] Team: a, b'). */
const ITEM = /^([ \t]*)(?:[-*+]|\d+[.)])[ \t]+(?:\[[ xX]\][ \t]+)?(.*)$/;

/**
 * The names in lists under a label naming people ('## Attendance' or 'Attendees:' over '- Niko',
 * '- [x] centril', '  - Team: nikomatsakis, centril'), nested items included: each item that is
 * a list of names (after an optional 'Label:').
 */
function namesUnderLabels(lines: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const label = LABEL_ONLY.exec(lines[i] ?? '')?.[1]?.trim();
    if (!label || !PEOPLE_LABEL.test(label)) continue;
    const labelIndent = /^[ \t]*/.exec(lines[i] ?? '')?.[0].length ?? 0;
    const labelIsItem = ITEM.test(lines[i] ?? '');
    let j = i + 1;
    if ((lines[j] ?? '').trim() === '') j += 1;
    for (; j < lines.length; j += 1) {
      const item = ITEM.exec(lines[j] ?? '');
      // A label that is itself a list item owns only the items indented under it.
      if (!item || (labelIsItem && (item[1]?.length ?? 0) <= labelIndent)) break;
      const value = (item[2] ?? '').replace(/^[*_]{0,2}[\p{L} ]{1,30}[*_]{0,2}:[*_]{0,2}[ \t]*/u, '');
      // Some minutes note what each person said after a dash: 'centril - agrees'.
      out.push(...namesOfList(value.split(/[ \t]+[-–—][ \t]+|[ \t]*\(/)[0] ?? ''));
    }
  }
  return out;
}

/** 'Team: Niko, centril', 'Owner: centril', 'Action item: centril to write it up'. */
const LABELLED_VALUE =
  /^[ \t>]*(?:[-*+][ \t]+)?(?:\[[ xX]\][ \t]+)?[*_]{0,2}([\p{L} -]{2,30}?)[*_]{0,2}[ \t]*:[*_]{0,2}[ \t]+(.+)$/u;

function labelledNames(lines: readonly string[]): string[] {
  const out: string[] = [];
  for (const line of lines) {
    const match = LABELLED_VALUE.exec(line);
    const label = match?.[1]?.trim() ?? '';
    const people = PEOPLE_LABEL.test(label) || ACTION_OWNER_LABEL.test(label);
    if (!people && !ACTION_LABEL.test(label)) continue;
    const value = match?.[2] ?? '';
    const whole = namesOfList(value, people ? 1 : 2);
    if (whole.length > 0) {
      out.push(...whole);
      continue;
    }
    // An owner first, then the task: 'centril to follow up', 'Niko and centril will ...'.
    const owners = new RegExp(
      String.raw`^((?:${NAME})(?:(?:${JOINER.source})(?:${NAME}))*)[ \t]+(?:to|will|is going to)[ \t]+([a-z]+)`,
      'u',
    ).exec(value);
    if (owners?.[1] && !STOP_WORDS.has(owners[2] ?? '')) out.push(...namesOfList(owners[1]));
  }
  return out;
}

/** Bold or checkbox speaker labels: '**centril**: I think', '**centril:** yes', '- [ ] centril: write up'. */
const STYLED_SPEAKER =
  /^[ \t>]*(?:[-*+][ \t]+)?(?:\[[ xX]\][ \t]+)?(?:\*\*|__)@?([a-z][\w.-]*)(?:\*\*|__)?[ \t]*:(?:\*\*|__)?[ \t]+\S|^[ \t>]*(?:[-*+][ \t]+)?\[[ xX]\][ \t]+@?([a-z][\w.-]*)[ \t]*:[ \t]+\S/gmu;

/**
 * Names alone in brackets or listed there: '[centril]', '(centril, pnkfelix)', '(Niko and centril)'.
 * Not a call's arguments ('deprecate(fn, message)', 'f([status], [message])') nor a link's
 * reference ('[text][coverage]').
 */
const BRACKETED = /(?<![\w\]])\(([^()\n]{1,80})\)|(?<![\w\]!]|[(,][ \t]*)\[([^[\]\n]{1,80})\](?![([:\]])/gu;

/**
 * A chat log's speaker: an IRC nick in angle brackets, after an optional time ('[12:01] <centril> ...'),
 * or a bold name before a verb of speaking, as Zulip quotes write it ('**centril** said:').
 */
const CHAT_SPEAKER =
  /^[ \t>*-]*(?:\[?\d{1,2}:\d{2}(?::\d{2})?\]?[ \t]*)?<@?([a-z][\w.-]*)>[ \t]+\S|(?:\*\*|__)@?([a-z][\w.-]*)(?:\*\*|__)[ \t]+(?:said|says|wrote|writes|asked|asks|replied|replies)\b/gmu;

/** After 'cc' the names it copies in: 'cc Niko, centril', 'cc: @a, b'. */
const CC_LIST =
  /\b[Cc][Cc]:?[ \t]+((?:@?[\p{L}][\w.-]*)(?:(?:[ \t]*(?:,|&)[ \t]*|[ \t]+and[ \t]+)@?[\p{L}][\w.-]*)*)/gu;

/**
 * Joint owners opening a line or sentence before an action: 'Niko and centril to write it up',
 * '- josh, centril will follow up'. (One owner alone is `own-words.ts`' rule.)
 */
const JOINT_OWNERS = new RegExp(
  String.raw`(?:^|[.!?][ \t]+)[ \t>]*(?:[-*+][ \t]+(?:\[[ xX]\][ \t]+)?)?((?:${NAME})(?:(?:${JOINER.source})(?:${NAME}))+)[ \t]+(?:will|to|are going to)[ \t]+([a-z]+)`,
  'gmu',
);

/**
 * '<Name> and <handle>' not at a sentence start, before a pause or a verb's usual followers, or
 * '<handle> and <Name>' opening a clause before a verb-like word. 'Rust and cargo' pairs a thing with
 * a known word, which is harmless; a one-word pair with a misspelt thing is rare.
 */
const PAIRED =
  /(?<=[\p{L}\d,;] )\p{Lu}[\p{Ll}]+[ \t]+(?:and|&)[ \t]+@?([a-z][\w-]*)(?=[ \t]*(?:$|[.,;:!?)]|[ \t](?:to|will|have|had|are|were|both|discussed|agreed|said|think|thought|met|talked|about|on|for|with)\b))|(?:^[ \t>*+-]*|[(;:.!?][ \t]*)@?([a-z][\w-]*)[ \t]+(?:and|&)[ \t]+\p{Lu}[\p{Ll}]+[ \t]+(?:to|will|have|had|are|were|both|discussed|agreed|said|think|thought|met|talked)\b/gmu;

/**
 * Whether a match at `index` opens a clause: not at a line's start, or at the start of a list item,
 * a quote, or a line after a blank one or one ending a sentence. A hard-wrapped line's first words
 * are no clause's start ('... to previous\nversins, and to collaborate').
 */
function opensClause(markdown: string, index: number): boolean {
  if (index > 0 && markdown[index - 1] !== '\n') return true;
  const end = markdown.indexOf('\n', index);
  if (/^[ \t]*(?:[-*+>]|\d+[.)])[ \t]/.test(markdown.slice(index, end === -1 ? undefined : end))) return true;
  const previous =
    markdown
      .slice(0, Math.max(0, index - 1))
      .split('\n')
      .pop() ?? '';
  return previous.trim() === '' || /[.!?:]\s*$/.test(previous);
}

/** Words a possessive follows that make its owner a thing, not a person ('the compnay's'). */
const DETERMINERS =
  /^(?:the|a|an|this|that|these|those|our|their|its|his|her|my|your|each|every|any|some|no|one|whose|which|what)$/i;

/**
 * A lower-case non-stop word in a place only a person goes, from the note's text: speaker labels in
 * bold or after a checkbox, names listed under a people label or after one, alone or listed in
 * brackets, after 'cc', joint action owners, after 'according to', 'per', 'talk/sync/check with',
 * and a possessive not after a determiner ("per centril's comment"; not "the projetc's goal").
 */
export function peopleInShapes(markdown: string): string[] {
  const lines = markdown.split('\n');
  const out = [...namesUnderLabels(lines), ...labelledNames(lines)];
  for (const match of markdown.matchAll(STYLED_SPEAKER)) out.push(match[1] ?? match[2] ?? '');
  for (const match of markdown.matchAll(CHAT_SPEAKER)) out.push(match[1] ?? match[2] ?? '');
  for (const match of markdown.matchAll(BRACKETED)) {
    const inner = (match[1] ?? match[2] ?? '').replace(/^(?:by|cc|via|from|thanks|h\/t)[ \t]+/i, '');
    // A bracket of several words is a remark, not names; two or more names, or one handle.
    const names = namesOfList(inner, 2);
    out.push(...(names.length > 0 ? names : match[2] !== undefined ? namesOfList(inner) : []));
  }
  for (const match of markdown.matchAll(CC_LIST)) out.push(...namesOfList(match[1] ?? ''));
  for (const match of markdown.matchAll(JOINT_OWNERS))
    if (!STOP_WORDS.has(match[2] ?? '') && opensClause(markdown, match.index))
      out.push(...namesOfList(match[1] ?? ''));
  // A lower-case word paired with a capitalised name that opens no sentence ('with Josh and centril',
  // 'centril and Josh discussed'), before a pause or a verb's subject position.
  for (const match of markdown.matchAll(PAIRED))
    if (match[1] || opensClause(markdown, match.index)) out.push(match[1] ?? match[2] ?? '');
  for (const match of markdown.matchAll(
    /\b(?:[Aa]ccording to|[Pp]er|(?:[Tt]alk|[Tt]alked|[Ss]poke|[Ss]ync|[Ss]ynced|[Cc]heck|[Cc]hecked|[Pp]air|[Pp]aired)[ \t]+(?:to|with))[ \t]+@?([a-z][\w-]*)(?=[ \t]*(?:$|[.,;:!?)]))/gmu,
  ))
    out.push(match[1] ?? '');
  for (const match of markdown.matchAll(/(?:^|([\p{L}]+)[ \t]+|[(,;:.!?"“][ \t]*)@?([a-z][\w-]*)['’]s\b/gmu))
    if (
      !match[1] ||
      (!DETERMINERS.test(match[1]) &&
        (STOP_WORDS.has(match[1]) ||
          /^\p{Lu}/u.test(match[1]) ||
          /^(?:per|re|via|cc|thanks)$/.test(match[1])))
    )
      out.push(match[2] ?? '');
  return out.filter((word) => /^[a-z][a-z'-]+$/.test(word) && !STOP_WORDS.has(word));
}
