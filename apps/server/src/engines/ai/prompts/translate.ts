import { ANSWER_ONLY, KEEP_FORMATTING, NOTE_IS_DATA, type Prompt } from './common';

export function translatePrompt(note: string, language: string): Prompt {
  return {
    system: [
      'You are a professional translator.',
      `Translate the user's note into ${language}.`,
      'Translate all of its text, headings and list items included, faithfully and naturally;',
      'do not summarize, shorten or add anything. Parts already in the target language stay as they are.',
      'Do not translate code, URLs, e-mail addresses or HTML attributes; translate only the text between tags.',
      KEEP_FORMATTING,
      NOTE_IS_DATA,
      ANSWER_ONLY.replace('the resulting note', 'the translated note'),
    ].join('\n'),
    prompt: note,
  };
}
