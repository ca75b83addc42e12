import { readdirSync, readFileSync } from 'node:fs';
import { loadEvalNotes } from './corpus';
import type { KeyedText, ReferenceKey } from './score-keys';

/**
 * The development texts for summaries and structure, in the keyed form: the evaluation notes
 * (./notes, their points and checklists) and the texts in ./dev-keys written for the reviewers'
 * findings (attendee lists, a decision among minutes, an item removed from the agenda, a messy
 * action list), some keyed on the grammar development set's real texts. Tuning uses these only.
 */
const FIXTURES = new URL('../../../../../test/fixtures/third-party/', import.meta.url);

export function loadDevKeyed(): KeyedText[] {
  const notes = loadEvalNotes().map((note) => ({
    id: note.file.replace(/\.json$/, ''),
    kind: note.kind,
    text: note.text,
    key: {
      points: note.summary.points,
      decisions: [],
      actions: [],
      attendees: [],
      structure: { actions: note.structure.checklist, optional: [], headings: note.structure.headings },
    } satisfies ReferenceKey,
  }));
  const dir = new URL('./dev-keys/', import.meta.url);
  const written = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((file) => {
      const raw = JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as {
        kind: string;
        /** The text itself, or `file`: a text of the grammar development set (test/fixtures/third-party). */
        note?: string[];
        file?: string;
        key: ReferenceKey;
      };
      return {
        id: `dev-${file.replace(/\.json$/, '')}`,
        kind: raw.kind,
        text: raw.file ? readFileSync(new URL(raw.file, FIXTURES), 'utf8') : (raw.note ?? []).join('\n'),
        key: raw.key,
      };
    });
  return [...notes, ...written];
}
