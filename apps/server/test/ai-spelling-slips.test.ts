import { describe, expect, it } from 'vitest';
import { collect } from '../src/engines/ai/builtin/eval/builtin-engine';
import { fixGrammar } from '../src/engines/ai/builtin/grammar';
import { slipsAway } from '../src/engines/ai/builtin/spelling-edits';

/**
 * The spelling engine's typing slips beyond one edit, and the lower-case names and abbreviations it
 * keeps (decision 080). Both texts were run through the engine before this change (commit e32c551):
 * it left every slip as written and turned 'centril' into 'central' and 'lang' into 'long'.
 */
const grammar = (text: string) => collect(fixGrammar(text));

describe('spelling: slips and kept words', () => {
  it('finds a letter moved two places and a run typed twice', () => {
    expect(slipsAway('yrea')).toContain('year');
    expect(slipsAway('intoto')).toContain('into');
    expect(slipsAway('functionon')).toContain('function');
  });

  it('corrects moved letters, doubled first letters, stray keys and common words behind a stray letter', {
    timeout: 120_000,
  }, async () => {
    const out = await grammar(
      'Last yrea we tried to aadd a cache. It was jstu too slow. We went intoto the details and ethe results were bad.',
    );
    expect(out).toBe(
      'Last year we tried to add a cache. It was just too slow. We went into the details and the results were bad.',
    );
  });

  it('keeps a lower-case handle used as a person and a clipped word', { timeout: 120_000 }, async () => {
    const text = [
      'Thanks to centril for the review.',
      'As nikomatsakis said, the parser is fine. We cc aturon, and petrochenkov said yes.',
      'The change (by jonsterling) is merged. It was looking for a lang that is well specified.',
    ].join('\n\n');
    expect(await grammar(text)).toBe(text);
  });
});
