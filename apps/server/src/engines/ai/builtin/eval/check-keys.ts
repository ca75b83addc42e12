import { readdirSync, readFileSync } from 'node:fs';
import type { KeyedText, ReferenceKey } from './score-keys';

/**
 * The check set for summaries and structure (decision 091): real texts in
 * test/fixtures/third-party/summary-check, keyed in ./check-keys by someone who had not read the
 * summariser or structure code, before the engine ever ran on them. It says whether a change that
 * helped the development texts also helps text nobody tuned on. Only ./run-check.ts reads it, and
 * that prints totals only: a miss read here and fixed would make it one more tuning set.
 */
const FIXTURES = new URL('../../../../../test/fixtures/third-party/', import.meta.url);
const KEYS = new URL('./check-keys/', import.meta.url);

/** Where a text came from, as `summary-check/manifest.json` records it. */
export interface CheckSource {
  id: string;
  kind: string;
  source: string;
  path: string;
  commit: string;
  url: string;
  licence: string;
  copyright: string;
  file: string;
  words: number;
  excerpt: boolean;
}

export function loadCheckSources(): CheckSource[] {
  const manifest = JSON.parse(readFileSync(new URL('summary-check/manifest.json', FIXTURES), 'utf8')) as {
    texts: CheckSource[];
  };
  return manifest.texts;
}

export function loadCheckKeyed(): KeyedText[] {
  return readdirSync(KEYS)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((file) => {
      const raw = JSON.parse(readFileSync(new URL(file, KEYS), 'utf8')) as {
        kind: string;
        /** The text, relative to test/fixtures/third-party. */
        file: string;
        key: ReferenceKey;
      };
      return {
        id: `check-${file.replace(/\.json$/, '')}`,
        kind: raw.kind,
        text: readFileSync(new URL(raw.file, FIXTURES), 'utf8'),
        key: raw.key,
      };
    });
}
