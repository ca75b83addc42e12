import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { builtinEvalEngine } from '../src/engines/ai/builtin/eval/builtin-engine';
import {
  evaluateKeyed,
  formatKeyedTotals,
  type KeyedReport,
} from '../src/engines/ai/builtin/eval/evaluate-keys';
import {
  type KeyedText,
  type ReferenceKey,
  scoreKeyedSummary,
} from '../src/engines/ai/builtin/eval/score-keys';

/**
 * Summaries and structure on text nobody here wrote: 76 real texts (held-out/sources, shared with
 * the grammar set, and held-out/summary-sources) with keys written from reading each text before the
 * engine ever ran on it (held-out/summary-keys). Scored only here; the engine is tuned on
 * src/engines/ai/builtin/eval/notes. Each run is recorded in docs/decisions/062, 074 and 081.
 *
 * The issue asks for key-point coverage >= 75 % with every decision kept and structure action items
 * >= 80 %. Where a figure is below its target the floor is what was reached (062 says so), so a
 * regression still fails.
 */
const HELD_OUT = new URL('./fixtures/third-party/held-out/', import.meta.url);
const SRC = fileURLToPath(new URL('../src/', import.meta.url));

/**
 * Reached on the last recorded run (081, commit b802b40): key points 64.9 % and decisions 57.7 %
 * (every decision kept in 9 of 16 texts), both below the issue's 75 % and 100 %; structure action
 * items 88.9 %, above its 80 %. The floors are those figures, so a regression fails. Summary action
 * items fell to 62.3 % (43/69, was 65.2 %) on that run, the price of keeping more decisions within
 * the same length; the lead lowered that one floor to 0.62 (decision 081 says why), so a further
 * loss still fails. Floors are otherwise only raised: decision 092's run (commit 79c7049) kept 73.1 %
 * of decisions (every decision in 11 of 16 texts), the rest as 081. The lead's run at ce49be1
 * (decision 093's owned action items): structure action items 91.1 % (precision 74.4 %), headings on
 * plain text precision 68.7 %; summaries as 092. Decision 100's run at c8c401b (labelled action
 * lines): structure action items 93.3 % (precision 75.6 %), headings 69.7 %.
 */
const HELD_OUT_SUMMARY_FLOOR = {
  coverage: 0.64,
  decisions: 0.73,
  summaryActions: 0.62,
  attendees: 1,
  faithfulness: 0.99,
  structureActions: 0.93,
  structureActionPrecision: 0.75,
  headingPrecision: 0.69,
};

interface ManifestText {
  id: string;
  kind: string;
  file: string;
  source: string;
  url: string;
  licence: string;
}

function loadHeldOut(): KeyedText[] {
  const texts: KeyedText[] = [];
  for (const dir of ['sources/', 'summary-sources/']) {
    const base = new URL(dir, HELD_OUT);
    const manifest = JSON.parse(
      readFileSync(
        new URL(dir === 'sources/' ? 'manifest.json' : 'summary-sources/manifest.json', HELD_OUT),
        'utf8',
      ),
    ) as { texts: ManifestText[] };
    for (const entry of manifest.texts) {
      const key = JSON.parse(
        readFileSync(new URL(`summary-keys/${entry.id}.json`, HELD_OUT), 'utf8'),
      ) as ReferenceKey;
      texts.push({
        id: entry.id,
        kind: entry.kind,
        text: readFileSync(new URL(entry.file, base), 'utf8'),
        key,
      });
    }
  }
  return texts;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('summaries and structure on the held-out set', () => {
  const texts = loadHeldOut();
  let report: KeyedReport;

  it('holds at least 60 real texts of six kinds, each with a key of 5-15 points', () => {
    expect(texts.length).toBeGreaterThanOrEqual(60);
    expect(new Set(texts.map((text) => text.kind)).size).toBeGreaterThanOrEqual(6);
    for (const text of texts) {
      expect(text.key.points.length, text.id).toBeGreaterThanOrEqual(5);
      expect(text.key.points.length, text.id).toBeLessThanOrEqual(15);
    }
    expect(readdirSync(new URL('summary-keys/', HELD_OUT)).filter((f) => f.endsWith('.json'))).toHaveLength(
      texts.length,
    );
    expect(existsSync(new URL('summary-sources/manifest.json', HELD_OUT))).toBe(true);
  });

  it('every key phrase is in its text (keys quote the text, they do not paraphrase it)', () => {
    const unquoted: string[] = [];
    for (const { id, text, key } of texts) {
      const source = scoreKeyedSummary(text, key, text);
      for (const miss of source.missing) unquoted.push(`${id}: ${miss}`);
    }
    expect(unquoted).toEqual([]);
  });

  it('is never read by the engine or its tuning code: nothing under src names it', () => {
    const readers = filesUnder(SRC).filter((file) =>
      /held-out|summary-keys|summary-sources/.test(readFileSync(file, 'utf8')),
    );
    expect(readers).toEqual([]);
  });

  it('scores at or above the recorded floors', { timeout: 120_000 }, async () => {
    report = await evaluateKeyed(builtinEvalEngine, texts);
    console.log(formatKeyedTotals(report));
    const scores = report.scores as unknown as Record<string, number>;
    for (const [name, floor] of Object.entries(HELD_OUT_SUMMARY_FLOOR))
      expect(scores[name], name).toBeGreaterThanOrEqual(floor);
  });

  it('structure never loses, reorders or joins a line’s words, as written and typed without Markdown', () => {
    expect(report.results.flatMap((r) => r.structure.violations.map((v) => `${r.text.id}: ${v}`))).toEqual(
      [],
    );
  });
});
