import type { VoiceNotes } from '@notewise/shared';
import type { VoiceLine } from '../types';
import { contentWords, splitSentences, words } from './text';

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

/**
 * Extractive live notes, offline: the sentences that say what was decided, the ones that give
 * someone a task (or a date), and a summary of the few sentences whose words recur most in the call.
 */
export function extractVoiceNotes(lines: readonly VoiceLine[]): VoiceNotes {
  const sentences = sentencesOf(lines);
  const decisions = newestDistinct(sentences.filter(isDecision));
  const actionItems = newestDistinct(sentences.filter((s) => !isDecision(s) && isActionItem(s)));

  const frequency = new Map<string, number>();
  for (const sentence of sentences) {
    for (const word of new Set(contentWords(sentence))) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  }
  const scored = sentences
    .map((sentence, index) => {
      const terms = contentWords(sentence);
      const weight = terms.reduce((sum, term) => sum + (frequency.get(term) ?? 0), 0);
      const cue = isDecision(sentence) ? 2 : 0;
      return { sentence, index, score: terms.length === 0 ? 0 : weight / Math.sqrt(terms.length) + cue };
    })
    .filter((item) => !QUESTION.test(item.sentence) && item.score > 0);
  // The opening sentence usually says what the call is about; then the most central ones, in order.
  const chosen = new Set<number>();
  if (scored[0]) chosen.add(scored[0].index);
  for (const item of [...scored].sort((a, b) => b.score - a.score || a.index - b.index)) {
    if (chosen.size >= SUMMARY_SENTENCES) break;
    chosen.add(item.index);
  }
  const summary = scored
    .filter((item) => chosen.has(item.index))
    .map((item) => item.sentence)
    .join(' ');
  return { summary, decisions, actionItems };
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
