import { markdownToPlainText } from '@notewise/editor';
import { UNTITLED_NOTE_TITLE } from '@notewise/shared';
import type { CaptureProject, CaptureProposal } from '../types';
import { contentWords, splitSentences } from './text';

export const MAX_CAPTURE_TITLE_LENGTH = 80;

/** A title as people write one: trimmed, one line, at most 80 characters (cut at a word), no final period. */
export function cleanTitle(raw: string): string {
  let title = raw
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^["'“‘«]+|["'”’»]+$/g, '')
    .trim();
  if (title.length > MAX_CAPTURE_TITLE_LENGTH) {
    const head = title.slice(0, MAX_CAPTURE_TITLE_LENGTH - 1);
    const cut = head.lastIndexOf(' ');
    title = `${(cut > MAX_CAPTURE_TITLE_LENGTH / 2 ? head.slice(0, cut) : head).replace(/[\s,;:.-]+$/, '')}…`;
  }
  return title.replace(/[.。:;,]+$/, '').trim();
}

/** The first sentence of the note's first line of text (Markdown and inline HTML removed). */
export function titleFromContent(markdown: string): string {
  const plain = markdownToPlainText(markdown);
  const firstLine = plain.split('\n').find((line) => line.trim() !== '') ?? '';
  const firstSentence = splitSentences(firstLine.trim())[0] ?? '';
  return cleanTitle(firstSentence) || UNTITLED_NOTE_TITLE;
}

/**
 * The project whose name and description share the most distinct meaningful words with the note
 * (stop words ignored, light stemming: 'meetings' matches 'meeting'); ties go to the first project
 * in the list; no shared word at all gives null.
 */
export function bestProject(markdown: string, projects: readonly CaptureProject[]): string | null {
  const noteWords = new Set(contentWords(markdownToPlainText(markdown)));
  let best: { id: string; overlap: number } | undefined;
  for (const project of projects) {
    const projectWords = new Set(contentWords(`${project.name} ${project.description}`));
    let overlap = 0;
    for (const word of projectWords) if (noteWords.has(word)) overlap += 1;
    if (overlap > 0 && (!best || overlap > best.overlap)) best = { id: project.id, overlap };
  }
  return best?.id ?? null;
}

export function captureNote(markdown: string, projects: readonly CaptureProject[]): CaptureProposal {
  return { title: titleFromContent(markdown), projectId: bestProject(markdown, projects) };
}
