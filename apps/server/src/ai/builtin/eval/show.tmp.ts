import { structureText } from '../structure';
import { summarizeText } from '../summarize';
import { loadEvalNotes } from './evaluate';

const which = process.argv[2] ?? 'summarize';
const only = process.argv[3];
for (const note of loadEvalNotes()) {
  if (only && !note.file.includes(only)) continue;
  console.log(
    `=== ${note.file}\n${which === 'summarize' ? summarizeText(note.text) : structureText(note.text)}\n`,
  );
}
