import { describe, expect, it } from 'vitest';
import { markdownToPlainText } from './plain-text';
import { markdownToTextFile } from './text-file';

describe('markdownToTextFile (the .txt export)', () => {
  it('numbers a list that starts at 0 from 0', () => {
    expect(markdownToTextFile('0. zero\n1. one')).toBe('0. zero\n1. one');
  });

  it('keeps list markers, numbering from the start, nesting and checkbox state', () => {
    const markdown = [
      '# Groceries',
      '',
      'Buy **these** from [the shop](https://shop.example) or <https://x.example>:',
      '',
      '- fruit',
      '  - apples',
      '    1. green',
      '    2. red',
      '- bread',
      '',
      '3. third',
      '4. fourth',
      '',
      '- [x] milk',
      '- [ ] eggs',
      '  - [ ] free range',
      '',
      '> quoted',
      '',
      '| a | b |',
      '| --- | --- |',
      '| 1 | 2 |',
    ].join('\n');
    expect(markdownToTextFile(markdown)).toBe(
      [
        'Groceries',
        '',
        'Buy these from the shop (https://shop.example) or https://x.example:',
        '',
        '- fruit',
        '  - apples',
        '    1. green',
        '    2. red',
        '- bread',
        '',
        '3. third',
        '4. fourth',
        '',
        '[x] milk',
        '[ ] eggs',
        '    [ ] free range',
        '',
        '> quoted',
        '',
        'a | b',
        '1 | 2',
      ].join('\n'),
    );
    // The search text is unchanged: no markers there.
    expect(markdownToPlainText('- [x] milk')).toBe('milk');
  });

  it('keeps a loose list item’s paragraphs and code as they are', () => {
    expect(markdownToTextFile('1. first\n\n   more\n\n2. second\n\n```\n  x = 1\n```')).toBe(
      '1. first\n\n   more\n2. second\n\n  x = 1',
    );
  });
});
