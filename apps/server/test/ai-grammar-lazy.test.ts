import { describe, expect, it } from 'vitest';
import { createBuiltinProvider } from '../src/engines/ai/builtin';
import { harperRequested } from '../src/engines/ai/builtin/grammar';
import { spellingRequested } from '../src/engines/ai/builtin/spelling';
import { dialects, startTestApp } from './helpers';

/**
 * The grammar engines (harper's WebAssembly, two Hunspell dictionaries, the word frequencies: seconds
 * and hundreds of MB) load on the first grammar request, not when the server starts.
 */
describe('grammar engines load lazily', () => {
  it('a started server has loaded none; the first grammar request loads both', {
    timeout: 120_000,
  }, async () => {
    const app = await startTestApp(dialects[0] ?? 'sqlite');
    try {
      expect(harperRequested()).toBe(false);
      expect(spellingRequested()).toBe(false);
      let text = '';
      for await (const chunk of createBuiltinProvider().grammar('We will recieve teh results tomorow.'))
        text += chunk;
      expect(text).toBe('We will receive the results tomorrow.');
      expect(harperRequested()).toBe(true);
      expect(spellingRequested()).toBe(true);
    } finally {
      await app.close();
    }
  });
});
