import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadCheckKeyed, loadCheckSources } from '../src/engines/ai/builtin/eval/check-keys';
import { loadDevKeyed } from '../src/engines/ai/builtin/eval/dev-keys';
import { scoreKeyedSummary } from '../src/engines/ai/builtin/eval/score-keys';

/**
 * The check set for summaries and structure (decision 091): 22 real texts keyed blind. It is for
 * checking a change, never for tuning, so this test asserts what the set is and who reads it, and
 * no floors (`npm run ai-eval:check` prints its totals).
 */
const SRC = fileURLToPath(new URL('../src/', import.meta.url));
const FIXTURES = fileURLToPath(new URL('./fixtures/third-party/', import.meta.url));
/** The loader, the totals-only run and the keys themselves: the only files under src that may name the set. */
const ALLOWED_READERS = ['engines/ai/builtin/eval/check-keys.ts', 'engines/ai/builtin/eval/run-check.ts'];
const KEYS_DIR = 'engines/ai/builtin/eval/check-keys/';
const PERMISSIVE = /^(MIT|Apache-2\.0|BSD-3-Clause|CC-BY-4\.0|CC0-1\.0 OR public domain|Public domain)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('the summary check set', () => {
  const texts = loadCheckKeyed();
  const sources = loadCheckSources();

  it('holds 20-24 real texts of at least six kinds, each with a key and a source', () => {
    expect(texts.length).toBeGreaterThanOrEqual(20);
    expect(texts.length).toBeLessThanOrEqual(24);
    expect(new Set(texts.map((text) => text.kind)).size).toBeGreaterThanOrEqual(6);
    expect(texts.map((text) => text.id).sort()).toEqual(sources.map((source) => `check-${source.id}`).sort());
    for (const text of texts) {
      const words = text.text.split(/\s+/).filter(Boolean).length;
      expect(words, text.id).toBeGreaterThanOrEqual(150);
      expect(words, text.id).toBeLessThanOrEqual(1500);
      expect(text.key.points.length, text.id).toBeGreaterThanOrEqual(5);
    }
  });

  it('records for every text a licence that allows keeping it, its copyright, commit and URL', () => {
    for (const source of sources) {
      expect(source.licence, source.id).toMatch(PERMISSIVE);
      expect(source.copyright, source.id).not.toBe('');
      expect(source.commit, source.id).toMatch(/^[0-9a-f]{40}$/);
      expect(source.url, source.id).toBe(
        `https://github.com/${source.source}/blob/${source.commit}/${source.path}`,
      );
      expect(statSync(join(FIXTURES, 'summary-check/sources', source.file)).isFile(), source.id).toBe(true);
    }
  });

  it('keys quote their text: every phrase can be covered, every action line is in the text', () => {
    const unquoted: string[] = [];
    for (const { id, text, key } of texts) {
      for (const miss of scoreKeyedSummary(text, key, text).missing) unquoted.push(`${id}: ${miss}`);
      for (const line of [...key.structure.actions, ...(key.structure.optional ?? [])])
        if (!text.includes(line)) unquoted.push(`${id}: structure line ${line}`);
    }
    expect(unquoted).toEqual([]);
  });

  it('is read by no tuning code: only its loader and the totals-only run name it', () => {
    const readers = filesUnder(SRC)
      .map((file) => relative(SRC, file).split('\\').join('/'))
      .filter((file) => !ALLOWED_READERS.includes(file) && !file.startsWith(KEYS_DIR))
      .filter((file) =>
        /check-keys|summary-check|loadCheckKeyed|run-check/.test(readFileSync(join(SRC, file), 'utf8')),
      );
    expect(readers).toEqual([]);
  });

  it('is not among the development texts the engine is tuned on', () => {
    const checkTexts = new Set(texts.map((text) => text.text.trim()));
    const overlapping = loadDevKeyed().filter(
      (text) => text.id.startsWith('check-') || checkTexts.has(text.text.trim()),
    );
    expect(overlapping.map((text) => text.id)).toEqual([]);
  });
});
