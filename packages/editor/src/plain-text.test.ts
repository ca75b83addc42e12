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

  it('keeps raw HTML as the text it is and decodes escapes', () => {
    expect(markdownToPlainText('a <script>alert(1)</script>b \\*c\\* &amp; &lt;d>')).toBe(
      'a <script>alert(1)</script>b *c* & <d>',
    );
  });

  it('is empty for empty content', () => {
    expect(markdownToPlainText('')).toBe('');
    expect(markdownToPlainText('---\n\n![](/api/images/1)')).toBe('');
  });

  it('keeps code searchable, image alt text, and table cells apart by spaces', () => {
    const markdown = [
      'Run `npm test` now ![a red fox](/api/images/7) ~~old~~',
      '```sh\nnpm ci\n\nnpm run build\n```',
      '| Name | Qty |\n| --- | --: |\n| apples | 3 |\n| pears<br>green | `4` |',
      '---',
      '###### Six',
    ].join('\n\n');
    expect(markdownToPlainText(markdown)).toBe(
      'Run npm test now a red fox old\nnpm ci\n\nnpm run build\nName Qty\napples 3\npears green 4\nSix',
    );
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
