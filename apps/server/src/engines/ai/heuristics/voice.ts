import type { VoiceNotes } from '@notewise/shared';
import { summarizeText } from '../builtin/summarize';
import type { VoiceLine } from '../types';
import { contentWords, splitSentences, words } from './text';
import { actionLine, decisionLine, shortenSentence, splitRunOn } from './voice-lines';

/** Most items each list of the built-in notes keeps (the newest). */
const MAX_ITEMS = 8;
const SUMMARY_SENTENCES = 3;

const DECISION =
  /\b(?:we(?:'ve| have)? decided|decided (?:to|on|that)|decision (?:is|was)|(?:we(?:'ve| have)? |all )?agreed\b|agree (?:on|to|that)|let'?s go with|we(?:'ll| will) go with|going with|settled on|final(?:ly)? decided|we(?:'re| are) going to go with)/i;
const WEEKDAY = '(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)';
const MONTH =
  '(?:january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)';
const DATE = new RegExp(
  `\\b(?:(?:by|on|before|until|due|next) (?:${WEEKDAY}|${MONTH}|tomorrow|tonight|next week|the end of|end of|eod|noon)|${WEEKDAY}|tomorrow|tonight|next (?:week|month)|end of (?:the )?(?:day|week|month)|\\d{1,2}(?:st|nd|rd|th)? (?:of )?${MONTH}|${MONTH} \\d{1,2}(?:st|nd|rd|th)?|\\d{4}-\\d{2}-\\d{2})\\b`,
  'i',
);
const TASK =
  /\b(?:will|'ll|shall|should|need(?:s)? to|has to|have to|must|going to|gonna|to-?do|action item|follow(?:s)? up|take care of|is responsible|assign(?:ed)?)\b/i;
/** Someone named: a capitalised word that does not start the sentence ("... and Maria sends ..."). */
const NAMED = /\s(?!I\b)[A-Z][a-z]{1,20}\b/;
const QUESTION = /\?\s*$/;

function sentencesOf(lines: readonly VoiceLine[]): string[] {
  return lines
    .filter((line) => line.speaker === 'user')
    .flatMap((line) => splitSentences(line.text.replace(/\s+/g, ' ').trim()))
    .flatMap(splitRunOn)
    .map((sentence) => sentence.trim())
    .filter((sentence) => words(sentence).length >= 2);
}

export function isDecision(sentence: string): boolean {
  return !QUESTION.test(sentence) && DECISION.test(sentence);
}

/** A task: "will", "should", "need to"... or a date, with someone named or "I/we/you" doing it. */
export function isActionItem(sentence: string): boolean {
  if (QUESTION.test(sentence)) return false;
  const task = TASK.test(sentence);
  const dated = DATE.test(sentence);
  if (!task && !dated) return false;
  return task || NAMED.test(sentence) || /\b(?:i|we|you|they|he|she)\b/i.test(sentence);
}

function newestDistinct(items: string[]): string[] {
  const seen = new Set<string>();
  const unique = items.filter((item) => {
    const key = item.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return unique.slice(-MAX_ITEMS);
}

/** What marks a task inside a run-on turn: its verb or its date. */
const TASK_OR_DATE = new RegExp(`${TASK.source}|${DATE.source}`, 'i');

/** Owners named in the action lines ("Maria: send ..."). */
function owners(actionItems: readonly string[]): string[] {
  const names = actionItems.map((item) => /^([^:]{1,40}):\s/.exec(item)?.[1]).filter(Boolean) as string[];
  return [...new Set(names)];
}

function listed(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * The summary: the built-in summarizer on what was said apart from the decisions and tasks (they have
 * their own lists), its sentences shortened (fillers, greetings and asides out); a sentence that
 * cannot be shortened is left to the transcript rather than repeated. Then one line on the lists.
 */
function summaryOf(
  sentences: readonly string[],
  decisions: readonly string[],
  actionItems: readonly string[],
) {
  const rest = sentences.filter((sentence) => !isDecision(sentence) && !isActionItem(sentence));
  const picked =
    rest.length === 0 ? [] : splitSentences(summarizeText(rest.join(' ')).replace(/^[-*]\s+/gm, ''));
  const originals = new Set(sentences.map((sentence) => sentence.toLowerCase()));
  const parts = picked
    .slice(0, SUMMARY_SENTENCES)
    .map((sentence) => shortenSentence(sentence.replace(/\*\*/g, '').trim()))
    .filter((sentence): sentence is string => sentence !== null && !originals.has(sentence.toLowerCase()));
  const counts: string[] = [];
  if (decisions.length > 0)
    counts.push(`${decisions.length} ${decisions.length === 1 ? 'decision' : 'decisions'}`);
  if (actionItems.length > 0) {
    const who = owners(actionItems);
    counts.push(
      `${actionItems.length} ${actionItems.length === 1 ? 'action item' : 'action items'}${who.length > 0 ? ` (${listed(who)})` : ''}`,
    );
  }
  if (counts.length > 0) parts.push(`${capitalise(listed(counts))}.`);
  return parts.join(' ');
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Live notes, offline: decisions and tasks as short lines (the clause that says it, cue words and
 * fillers out; "Maria: send the kit by Thursday."), and a summary of the rest (see summaryOf). The
 * full wording stays in the transcript only.
 */
export function extractVoiceNotes(lines: readonly VoiceLine[]): VoiceNotes {
  const sentences = sentencesOf(lines);
  const decisions = newestDistinct(sentences.filter(isDecision).map((s) => decisionLine(s, DECISION)));
  const actionItems = newestDistinct(
    sentences.filter((s) => !isDecision(s) && isActionItem(s)).map((s) => actionLine(s, TASK_OR_DATE)),
  );
  return { summary: summaryOf(sentences, decisions, actionItems), decisions, actionItems };
}

const ABOUT_DECISIONS = /\b(?:decid|decision|agree|settle|choose|chose|go with)/i;
const ABOUT_TASKS =
  /\b(?:action|task|to-?do|who (?:will|should|is going)|next step|follow up|need to|assigned)/i;
const ABOUT_SUMMARY = /\b(?:summar|recap|so far|overview|what (?:have|did) we (?:talk|discuss|cover))/i;
const QUESTION_WORDS = new Set(
  [
    'what',
    'who',
    'when',
    'where',
    'why',
    'how',
    'which',
    'did',
    'do',
    'does',
    'we',
    'us',
    'our',
    'about',
    'assistant',
    'notewise',
    'decide',
    'decided',
    'agree',
    'agreed',
    'call',
    'meeting',
    'say',
    'said',
    'remind',
    'tell',
  ].flatMap((word) => contentWords(word)),
);

/**
 * An answer from the notes and the transcript, offline: the decision, task or earlier sentence that
 * shares the most words with the question (the question's own and question words aside).
 */
export function answerFromNotes(question: string, lines: readonly VoiceLine[], notes: VoiceNotes): string {
  const asked = new Set(contentWords(question).filter((word) => !QUESTION_WORDS.has(word)));
  const overlap = (sentence: string) => contentWords(sentence).filter((word) => asked.has(word)).length;
  const best = (candidates: readonly string[]) =>
    candidates
      .map((sentence, index) => ({ sentence, index, score: overlap(sentence) }))
      .filter((item) => item.score > 0)
      .sort((a, b) => b.score - a.score || b.index - a.index)[0]?.sentence;

  if (ABOUT_SUMMARY.test(question) && notes.summary) return `So far: ${notes.summary}`;
  const previous = sentencesOf(lines).filter(
    (sentence) => sentence !== question.trim() && !QUESTION.test(sentence),
  );
  if (ABOUT_DECISIONS.test(question)) {
    const decision = best(notes.decisions) ?? (asked.size === 0 ? notes.decisions.at(-1) : undefined);
    if (decision) return `You decided: ${decision}`;
  }
  if (ABOUT_TASKS.test(question)) {
    const task = best(notes.actionItems);
    if (task) return `Action item: ${task}`;
    if (asked.size === 0 && notes.actionItems.length > 0)
      return `Action items: ${notes.actionItems.join(' ')}`;
  }
  const any = best([...notes.decisions, ...notes.actionItems]) ?? best(previous);
  if (any) return `From the call: ${any}`;
  return 'That has not come up in this call yet.';
}

const QUESTION_START =
  /^(?:(?:hey|hi|ok|okay|so|and)[,\s]+)*(?:(?:assistant|notewise)[,\s]+)?(?:what|who|when|where|why|how|which|did|do|does|is|are|was|were|can|could|would|will|should|have|has|remind me|tell me|give me|summari[sz]e|recap)\b/i;
const NAMES_ASSISTANT = /\b(?:assistant|notewise)\b/i;
const ABOUT_CALL =
  /\b(?:(?:we|us|our)\b.{0,60}\b(?:decid|agree|said|say|talk|discuss|plan|settl|choose|chose|conclu)|(?:this|the) (?:call|meeting|conversation|discussion)|so far|action items?|decisions?|summary|recap|next steps?|to-?dos?)/i;

/**
 * Whether a user turn asks the assistant something: a question (a question mark, or a question's
 * first words, since browser recognition writes no punctuation) that names the assistant or asks
 * about the call itself ("what did we decide about the budget?").
 */
export function isAddressedQuestion(text: string): boolean {
  const trimmed = text.trim();
  const question = QUESTION.test(trimmed) || QUESTION_START.test(trimmed);
  return question && (NAMES_ASSISTANT.test(trimmed) || ABOUT_CALL.test(trimmed));
}
