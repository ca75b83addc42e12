import { isPersonName, tag } from './nlp';
import { isActionItem } from './structure-sentences';
import { DECISION, visible } from './summarize-parts';

// Action items as minutes write them, beyond what structure reads as a checklist item: a label
// ('**ACTION**:', 'Action item:', 'AI:'), an owner and a dash ('Michael - dig out the agenda'),
// 'Should plan for ...', 'Please review ...', and items nested under 'Next steps' or under an owner
// ('Jean - will reach out to' / 'Performance team'); and the lines every meeting of a template repeats.

/** 'ACTION: ...', '**Action item**: ...', 'TODO - ...', 'Follow-up: ...' (any case) and 'AI: ...' (upper case only). */
const ACTION_LABEL =
  /^(?:\*\*|__)?(?:(?:action(?:\s+items?)?|to-?do|follow[- ]?up)(?:\*\*|__)?\s*(?:\([^)]{1,40}\))?\s*[:–-]|AI\s*:)(?:\*\*|__)?\s*\S/iu;
const AI_LABEL_CASE = /^(?:\*\*|__)?AI\s*:/u;
/** 'Should plan for ...', 'Must update ...': a subjectless modal opening an item. */
const SUBJECTLESS_MODAL =
  /^(?:should|must)\s+(?!(?:we|i|you|they|it|this|that|there|he|she|not|be)\b)\p{L}{2,}/iu;
const PLEASE = /^please\s+(?!(?:note|see|let|feel)\b)\p{L}{2,}/iu;
/** An owner (a name or @handle) before a dash or colon: 'Michael - dig out ...', '@jon: will ...'. */
const OWNER_DASH =
  /^((?:@[\w.-]+|\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*)?)(?:\s*(?:&|\+|and)\s*(?:@[\w.-]+|\p{Lu}[\p{L}'’.-]*))*)\s+[-–—:]\s+(.+)$/u;
/** What follows the owner's dash when it is a task: 'will ...', 'to ...', 'need(s) to ...', or a verb. */
const TASK_AFTER_DASH = /^(?:will|to|needs?\s+to|is\s+going\s+to|going\s+to)\s+\p{L}/iu;
const QUESTION_START = /^(?:how|what|why|when|where|who|whether|which)\b/i;

function isOwner(name: string): boolean {
  return name.split(/\s*(?:&|\+|\band\b)\s*/).every((part) => /^@/.test(part) || isPersonName(part));
}

/** 'Michael - dig out agenda', 'Jean - need to push some examples': an owner, a dash and a task. */
function ownerDashTask(plain: string): boolean {
  const match = OWNER_DASH.exec(plain);
  if (!match?.[1] || !match[2]) return false;
  const task = TASK_AFTER_DASH.test(match[2]);
  if (!task && match[2].split(/\s+/).length < 3) return false;
  if (!isOwner(match[1])) return false;
  if (task) return true;
  // A verb in its base form ('dig out', 'review'), not 'no update this week' or '2 main things'; the
  // tagger reads a fragment's first word as a noun ('dig out agenda'), so it reads it after 'I will'.
  const verb = tag(`I will ${match[2]}`)[2];
  return verb?.pos === 'VERB' && /^\p{Ll}+$/u.test(verb.text) && !/(?:ed|ing)$/.test(verb.text);
}

/** Whether a sentence or item is an action item a summary keeps with its owner. `line`: on its own line. */
export function isSummaryAction(text: string, line: boolean): boolean {
  const plain = text.replace(/^[*_~]+(?=\p{L})/u, '').trim();
  if (/\?$/.test(plain)) return false;
  if (ACTION_LABEL.test(text)) {
    if (!/^(?:\*\*|__)?ai\s*:/i.test(text)) return true;
    // 'AI: Bob to send the notes' is an action item; 'AI: the model summarises' is about AI.
    const rest = text.replace(/^(?:\*\*|__)?ai\s*:(?:\*\*|__)?\s*/i, '');
    return AI_LABEL_CASE.test(text) && isActionItem(rest, true);
  }
  // 'How to support ...' is a topic, not a person called How.
  if (QUESTION_START.test(plain)) return false;
  if (isActionItem(plain, line)) return true;
  if (!line) return false;
  return SUBJECTLESS_MODAL.test(plain) || PLEASE.test(plain) || ownerDashTask(plain);
}

/**
 * Lines a meeting template repeats every time: how to add the calendar, a label whose link is all it
 * holds ('**Recording**: <https://...>'). Not 'Extracted from ... prior to the meeting': left out, the
 * check set kept one decision fewer (decision 095).
 */
export function isTemplateLine(markdown: string): boolean {
  const calendarHint = /calendar/i.test(markdown);
  const hadLinkOrBold = /\]\(|<https?:|https?:\/\/|^\*\*/.test(markdown);
  if (!calendarHint && !hadLinkOrBold) return false;
  const text = visible(markdown)
    .replace(/[*_`\u200b-\u200d\ufeff]/g, '')
    .trim();
  return (
    (calendarHint && /\bto add (?:it )?to your (?:own )?(?:google )?calendar\W*$/i.test(text)) ||
    // '**Recording**: <link>' with the link taken out: a label with nothing after it.
    (hadLinkOrBold && /^[\p{L}\d .'’&/-]{1,40}:$/u.test(text))
  );
}

/** A list item that opens a list of next steps or action items ('Next steps are', 'Action items:'). */
const TASK_LEAD =
  /^(?:\*\*)?(?:next\s+steps?|action\s+items?|actions|to-?dos?|follow[- ]?ups?)\b(?:\s+(?:are|is|for\s+\S+))?(?:\*\*)?\s*:?(?:\*\*)?\s*$/i;
/** The same with more said ('Next step is to promote to working groups'): kept as a point, its items are tasks. */
const TASK_LEAD_WITH_TEXT = /^(?:\*\*)?next\s+steps?\b/i;
/** An owner alone ('Michael') or with what they will do next ('Jean - will reach out to'). */
const OWNER_LEAD =
  /^((?:@[\w.-]+|\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*)?))(?:\s*[-–—:]?\s*((?:will|to|is going to)\b[^.!?]{0,40}))?:?$/u;
const SENTENCE_END = /[.!?:;]["'”’)\]*_~]*$/;

export interface NestedItems {
  texts: string[];
  /** Items under a next-steps lead or an owner: action items whatever their wording. */
  acted: boolean[];
}

/**
 * A list's items with their nesting read: items under 'Next steps' are tasks, items under an owner
 * ('Michael', 'Jean - will reach out to') are that owner's tasks and say so ('Jean will reach out to
 * Performance team'), and a decision opening a few short items ('We agreed it would cover') says
 * what was decided ('We agreed it would cover: Suitable types; Single Executable Applications').
 * Leads with nothing of their own ('Next steps are', 'Michael') are left out.
 */
export function readNesting(items: string[], indents: number[]): NestedItems {
  const texts: string[] = [];
  const acted: boolean[] = [];
  const childrenOf = (index: number) => {
    const children: number[] = [];
    for (let next = index + 1; next < items.length && (indents[next] ?? 0) > (indents[index] ?? 0); next += 1)
      children.push(next);
    return children;
  };
  const skip = new Set<number>();
  const rewritten = new Map<number, string>();
  const tasks = new Set<number>();
  for (const [index, raw] of items.entries()) {
    const children = childrenOf(index);
    if (children.length === 0) continue;
    const text = raw.trim();
    const nearest = Math.min(...children.map((child) => indents[child] ?? 0));
    const direct = children.filter((child) => (indents[child] ?? 0) === nearest);

    if (TASK_LEAD.test(text) || TASK_LEAD_WITH_TEXT.test(text)) {
      if (TASK_LEAD.test(text)) skip.add(index);
      for (const child of direct) tasks.add(child);
      continue;
    }
    const owner = OWNER_LEAD.exec(text.replace(/[*_]/g, ''));
    // A bare name opens tasks only under next steps ('Next step is to promote' / 'Michael' / 'Will open
    // for Node core'); elsewhere 'Eric Holk:' opens what Eric said.
    if (owner?.[1] && isOwner(owner[1]) && (owner[2] || (tasks.has(index) && words(text) <= 2))) {
      skip.add(index);
      for (const child of direct) {
        const said = (rewritten.get(child) ?? items[child] ?? '').trim();
        tasks.add(child);
        if (said.includes(owner[1])) continue;
        const verbFirst = /^(?:will|to|is going to)\b/i.test(said);
        const lowered = said.replace(/^\p{Lu}(?=\p{Ll})/u, (letter) => letter.toLowerCase());
        rewritten.set(
          child,
          owner[2] && !verbFirst
            ? `${owner[1]} ${owner[2]} ${said}`
            : `${owner[1]} ${verbFirst ? lowered : `to ${lowered}`}`,
        );
      }
      continue;
    }
    const short = direct.every((child) => words(items[child] ?? '') <= 8);
    if (
      DECISION.test(text) &&
      !SENTENCE_END.test(text) &&
      direct.length <= 5 &&
      short &&
      direct.length === children.length
    ) {
      rewritten.set(
        index,
        `${text}: ${direct.map((child) => (items[child] ?? '').trim().replace(/[.;]$/, '')).join('; ')}`,
      );
      for (const child of direct) skip.add(child);
    }
  }
  for (const [index, raw] of items.entries()) {
    if (skip.has(index)) continue;
    texts.push(rewritten.get(index) ?? raw);
    acted.push(tasks.has(index));
  }
  return { texts, acted };
}

function words(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}
