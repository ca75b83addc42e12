import { readdirSync, readFileSync } from 'node:fs';

// The evaluation's notes (./notes/*.json) and recorded thresholds (./thresholds.json).
export interface EvalNote {
  file: string;
  kind: string;
  /** The note's Markdown (stored as an array of lines so the JSON stays readable). */
  text: string;
  summary: {
    /** Key points in note order; a point is found when any of its '|'-separated phrases is in the summary. */
    points: string[];
    /** Longest acceptable summary, in words, as a share of the note's words (default 0.6). */
    maxRatio?: number;
  };
  structure: {
    /** Texts that must become headings. */
    headings: string[];
    /** Texts that must be (part of) a bullet or numbered list item. */
    bullets: string[];
    /** Texts that must be (part of) a checklist item ('- [ ] '). */
    checklist: string[];
    /** Texts that must stay plain paragraphs: no heading, list or checklist (structure must not overdo it). */
    plain: string[];
  };
  grammar: {
    /** [before, after]: the fix is made when the output contains `after` and no longer `before`. */
    fixes: Array<[string, string]>;
    /** Words (names, acronyms, foreign or code words) that must come out exactly as often as they went in. */
    keep: string[];
  };
}

export interface Thresholds {
  summarize: { coverage: number; order: number; length: number };
  structure: { headings: number; bullets: number; checklist: number; plain: number };
  grammar: { fixes: number };
}

const EVAL_DIR = new URL('./', import.meta.url);
/** A summary may keep at most this share of the note's words unless the note says otherwise. */
export const DEFAULT_MAX_RATIO = 0.6;

export function loadEvalNotes(): EvalNote[] {
  const dir = new URL('notes/', EVAL_DIR);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((file) => {
      const raw = JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as Omit<EvalNote, 'file' | 'text'> & {
        note: string[];
      };
      return {
        file,
        kind: raw.kind,
        text: raw.note.join('\n'),
        summary: raw.summary,
        structure: raw.structure,
        grammar: raw.grammar,
      };
    });
}

export function loadThresholds(): Thresholds {
  return JSON.parse(readFileSync(new URL('thresholds.json', EVAL_DIR), 'utf8')) as Thresholds;
}

// ---------------------------------------------------------------- summarize
