import { describe, expect, it } from 'vitest';
import { markdownToPlainText, previewText } from './index';

describe('markdownToPlainText', () => {
  it('drops markup and puts blocks and list items on their own lines', () => {
    const markdown = [
      '# Shopping',
      '**Buy** <u>these</u> <mark data-color="#fef08a">today</mark>:',
      '- [ ] milk\n- [x] <span style="color: #ef4444">eggs</span>',
      '1. one\n2. [two](https://example.com)',
      '> quoted\\\nline',
    ].join('\n\n');
    expect(markdownToPlainText(markdown)).toBe(
      'Shopping\nBuy these today:\nmilk\neggs\none\ntwo\nquoted\nline',
    );
  });

  it('drops checkboxes typed as text at the start of a line (card previews never show "[ ]")', () => {
    expect(markdownToPlainText('\\[ \\] milk\n\n- \\[x\\] eggs\n- [] bread')).toBe('milk\neggs\nbread');
    expect(markdownToPlainText('Use [x] as a mark: a [ ] b')).toBe('Use [x] as a mark: a [ ] b');
  });

  it('leaves out dropped content and decodes escapes', () => {
    expect(markdownToPlainText('a <script>alert(1)</script>b \\*c\\* &amp; &lt;d>')).toBe('a b *c* & <d>');
  });

  it('is empty for empty content', () => {
    expect(markdownToPlainText('')).toBe('');
    expect(markdownToPlainText('<!-- nothing -->')).toBe('');
  });
});

describe('previewText', () => {
  it('collapses whitespace to one line', () => {
    expect(previewText('# Title\n\nSome   text\n\n- a\n- b', 120)).toBe('Title Some text a b');
  });

  it('cuts at the length and adds an ellipsis', () => {
    expect(previewText('abcdefghij', 10)).toBe('abcdefghij');
    expect(previewText('abcdefghijk', 10)).toBe('abcdefghij…');
    expect(previewText('**one two** three', 8)).toBe('one two…');
    expect(previewText('x'.repeat(2000), 1200)).toHaveLength(1201);
  });

  it('does not split an emoji', () => {
    expect(previewText('ab😀cd', 3)).toBe('ab…');
  });
});
