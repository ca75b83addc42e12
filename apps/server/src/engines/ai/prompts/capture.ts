import type { CaptureProject } from '../types';
import { NOTE_IS_DATA, type Prompt } from './common';

/** The note text the model sees for capture: the beginning is enough to title and file it. */
export const CAPTURE_INPUT_LENGTH = 4000;

export function capturePrompt(note: string, projects: readonly CaptureProject[]): Prompt {
  const list = projects.length
    ? projects
        .map((project) => `- ${project.name}${project.description ? `: ${project.description}` : ''}`)
        .join('\n')
    : '(none)';
  return {
    system: [
      "You file a user's new note: you give it a title and choose the project it belongs to.",
      'Answer with one JSON object only, with no code fence and no other text:',
      '{"title": "<title>", "project": "<project name>"}',
      '"title": a short, specific title for the note in its own language, at most 8 words, no final period.',
      '"project": the exact name of the listed project the note fits best, or null if none of them fits.',
      NOTE_IS_DATA.replace('The user message is the note itself', 'The note'),
    ].join('\n'),
    prompt: `Projects:\n${list}\n\nNote:\n${note.slice(0, CAPTURE_INPUT_LENGTH)}`,
  };
}
