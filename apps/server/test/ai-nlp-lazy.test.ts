import { describe, expect, it } from 'vitest';
import { createBuiltinProvider } from '../src/engines/ai/builtin';
import { nlpRequested } from '../src/engines/ai/builtin/nlp';
import { dialects, startTestApp } from './helpers';

/**
 * The part-of-speech model of summaries and structure (wink-nlp's lite English model, about 4 MB of
 * JSON, a second or more to load) loads on the first summary or structure, not when the server starts.
 */
describe('the part-of-speech model loads lazily', () => {
  it('a started server has not loaded it; the first structure request does', {
    timeout: 60_000,
  }, async () => {
    const app = await startTestApp(dialects[0] ?? 'sqlite');
    try {
      expect(nlpRequested()).toBe(false);
      let text = '';
      for await (const chunk of createBuiltinProvider().structure(
        'Attendees\nMaria Lopez\nTom Becker\n\nAction items\nTom will fix the tests by Friday',
      ))
        text += chunk;
      expect(text).toBe(
        '## Attendees\n\n- Maria Lopez\n- Tom Becker\n\n## Action items\n\n- [ ] Tom will fix the tests by Friday',
      );
      expect(nlpRequested()).toBe(true);
    } finally {
      await app.close();
    }
  });
});
