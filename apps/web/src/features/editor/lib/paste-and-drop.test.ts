import { describe, expect, it } from 'vitest';
import { cleanPastedHtml, looksLikeMarkdown } from './paste-and-drop';

describe('looksLikeMarkdown', () => {
  it.each([
    '# Heading',
    '###### Sixth',
    '> quoted',
    '- item\n- item',
    '1. first\n2. second',
    '```js\nlet a = 1;\n```',
    '| a | b |\n| --- | --- |\n| 1 | 2 |',
    'above\n\n---\n\nbelow',
    'some **bold** words',
    'a ~~struck~~ word',
    'run `npm test` now',
    'see [the docs](./docs/readme.md)',
    '![diagram](/api/images/abc-123.webp)',
  ])('treats %j as Markdown', (text) => {
    expect(looksLikeMarkdown(text)).toBe(true);
  });

  it.each([
    'Just a sentence.',
    'Two lines\nof plain prose',
    '2*3*4 = 24',
    'snake_case_name and file_name.txt',
    '#hashtag without a space',
    '-5 degrees outside',
    'price: $5 - $10',
  ])('leaves %j as plain text', (text) => {
    expect(looksLikeMarkdown(text)).toBe(false);
  });
});

describe('cleanPastedHtml', () => {
  it("drops Google Docs' whole-document bold wrapper but keeps its content", () => {
    const html =
      '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-12ab-34cd"><p dir="ltr"><span style="font-weight:700">Bold</span> text</p></b>';
    const cleaned = cleanPastedHtml(html);
    expect(cleaned).not.toContain('docs-internal-guid');
    expect(cleaned).not.toContain('<meta');
    expect(cleaned).toContain('<span style="font-weight:700">Bold</span> text');
  });

  it('removes scripts, styles, iframes and templates with their content', () => {
    const cleaned = cleanPastedHtml(
      '<p>keep</p><script>alert(1)</script><style>p{color:red}</style><iframe src="https://x"></iframe><template><img src=x onerror=alert(1)></template><SCRIPT type="module">x()</SCRIPT >',
    );
    expect(cleaned).toBe('<p>keep</p>');
  });

  it('unwraps Google Sheets origin tags', () => {
    expect(
      cleanPastedHtml(
        '<google-sheets-html-origin><table><tr><td>1</td></tr></table></google-sheets-html-origin>',
      ),
    ).toBe('<table><tr><td>1</td></tr></table>');
  });
});
