import { fixGrammar, loadHarper } from '../grammar';
import { isKnownWord, loadSpelling } from '../spelling';
import { structureText } from '../structure';
import { summarizeText } from '../summarize';
import type { Engine } from './evaluate';

export async function collect(stream: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += chunk;
  return text;
}

/** The built-in engine as the evaluation sees it; harper's spell checker says which words are unknown. */
export const builtinEvalEngine: Engine = {
  summarize: summarizeText,
  structure: structureText,
  grammar: (markdown) => collect(fixGrammar(markdown)),
  async unknownWords(markdown) {
    const linter = await loadHarper();
    const unknown = new Set<string>();
    for (const lint of await linter.lint(markdown, { language: 'markdown' })) {
      // Spelling, or a typo harper knows by name ('teh'): either way not a dictionary word.
      const kind = lint.lint_kind();
      if (kind === 'Spelling' || kind === 'Typo') unknown.add(lint.get_problem_text().toLowerCase());
      lint.free();
    }
    // Nor is a word neither Hunspell dictionary knows, though harper's dictionary has a few ('untill').
    const spelling = await loadSpelling();
    for (const word of markdown.toLowerCase().match(/[a-z]+/g) ?? [])
      if (!isKnownWord(spelling, word)) unknown.add(word);
    return unknown;
  },
};
