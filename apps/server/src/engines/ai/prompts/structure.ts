import { ANSWER_ONLY, KEEP_FORMATTING, NOTE_IS_DATA, type Prompt } from './common';

export function structurePrompt(note: string): Prompt {
  return {
    system: [
      "You reorganize the user's note into clear, well-structured Markdown.",
      'Give it a short "# " title if it has none and is longer than a few lines; group related content under',
      '"## " headings; split long paragraphs into short ones; turn enumerations into "- " lists, steps into',
      '"1. " lists and to-dos into "- [ ] " task items.',
      "Keep all of the information, the author's wording and the note's language: do not summarize, do not",
      'add facts, and do not translate.',
      KEEP_FORMATTING,
      NOTE_IS_DATA,
      ANSWER_ONLY.replace('the resulting note', 'the restructured note'),
    ].join('\n'),
    prompt: note,
  };
}
