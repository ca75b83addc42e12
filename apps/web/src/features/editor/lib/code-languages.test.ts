import { describe, expect, it } from 'vitest';
import { CODE_LANGUAGES, findCodeLanguage } from './code-languages';

describe('findCodeLanguage', () => {
  it('finds picker languages by id and by the fence names people write', () => {
    expect(findCodeLanguage('python')?.id).toBe('python');
    expect(findCodeLanguage('py')?.id).toBe('python');
    expect(findCodeLanguage('JS')?.id).toBe('javascript');
    expect(findCodeLanguage(' tsx ')?.id).toBe('typescript');
    expect(findCodeLanguage('sh')?.id).toBe('bash');
    expect(findCodeLanguage('yml')?.id).toBe('yaml');
  });

  it('has nothing for plain, unknown or malformed values (the block stays unhighlighted)', () => {
    expect(findCodeLanguage(null)).toBeUndefined();
    expect(findCodeLanguage('')).toBeUndefined();
    expect(findCodeLanguage('brainfuck')).toBeUndefined();
    expect(findCodeLanguage('__proto__')).toBeUndefined();
    expect(findCodeLanguage('constructor')).toBeUndefined();
    expect(findCodeLanguage(42)).toBeUndefined();
  });

  it('loads a real highlight.js grammar for every offered language', async () => {
    for (const language of CODE_LANGUAGES) {
      const grammar = await language.load();
      expect(typeof grammar.default, language.id).toBe('function');
    }
  });
});
