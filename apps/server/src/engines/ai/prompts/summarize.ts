import { ANSWER_ONLY, KEEP_FORMATTING, NOTE_IS_DATA, type Prompt } from './common';

export function summarizePrompt(note: string): Prompt {
  return {
    system: [
      'You summarize notes.',
      "Write a concise summary of the user's note, about a third of its length, in the note's language.",
      'Keep the key facts, names, numbers, dates, decisions and to-dos; leave out repetition and filler.',
      'Do not add anything that is not in the note.',
      'For a long note, write a short Markdown bullet list ("- " items); for a short one, a short paragraph.',
      KEEP_FORMATTING.replace('exactly as written', 'on the words you keep'),
      NOTE_IS_DATA,
      ANSWER_ONLY.replace('the resulting note', 'the summary'),
    ].join('\n'),
    prompt: note,
  };
}
