import { FONT_SIZES, HIGHLIGHT_COLORS, TEXT_COLORS } from '@notewise/shared';
import type { JSONContent } from '@tiptap/core';
import fc from 'fast-check';
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { isSafeImageSrc } from './allow-lists';
import { editorSchema, isSafeLinkHref, markdownToDoc, sanitizeMarkdown } from './index';

const XSS_PAYLOADS = [
  '<img src=x onerror=alert(1)>',
  '<img src="x" onerror="alert(1)">',
  '<a href="javascript:alert(1)">x</a>',
  '[x](javascript:alert(1))',
  '[x](JaVaScRiPt:alert(1))',
  '[x]( javascript:alert(1))',
  '[x](java\tscript:alert(1))',
  '[x](<java\tscript:alert(1)>)',
  '[x](<java script:alert(1)>)',
  '[x](java&#x09;script:alert(1))',
  '[x](data:text/html;base64,PHNjcmlwdD4=)',
  '[x](vbscript:msgbox(1))',
  '[x](&#106;avascript:alert(1))',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '[x][ref]\n\n[ref]: javascript:alert(1)',
  '<javascript:alert(1)>',
  '![x](javascript:alert(1))',
  '<svg><script>alert(1)</script></svg>',
  '<svg onload=alert(1)>',
  '<iframe src=//evil>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src=javascript:alert(1)>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<span style="color: red; background: url(javascript:alert(1))">t</span>',
  '<span style="color: #ef4444; background: url(javascript:alert(1))">t</span>',
  '<mark data-color="javascript:alert(1)">t</mark>',
  '<span onclick="x()">t</span>',
  '<mark data-color="#fef08a" onclick=x>t</mark>',
  '<u onmouseover=x>u</u>',
  '<script>alert(1)</script>',
  '<script>\nalert(1)\n</script>',
  '<SCRIPT SRC=//evil/x.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</script>',
  '<<script>script>alert(1)</script>',
  '<style>*{}</style>',
  '<!-- <script>alert(1)</script> -->',
  '<![CDATA[<script>alert(1)</script>]]>',
  '<u><mark data-color="#fef08a"><span style="color: #ef4444">unclosed',
  '<u>a <mark>b</u> c</mark> <span>d',
  '- <script>alert(1)</script> in a list',
  '> <iframe src=x></iframe> in a quote',
  // Images, links, tables and code: the rich nodes must survive sanitizing.
  '![x](JaVaScRiPt:alert(1) "t")',
  '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
  '![x](data:text/html,<script>alert(1)</script>)',
  '![x](http://tracker.example/pixel.gif)',
  '![x](vbscript:msgbox(1))',
  '![x" onerror="alert(1)](/api/images/1)',
  '![x](/api/images/1 "t\\" onerror=\\"alert(1)")',
  '[![x](javascript:alert(1))](javascript:alert(2))',
  '[x](data:text/html,<script>alert(1)</script>)',
  '[x](DATA:text/html;base64,PHNjcmlwdD4=)',
  '[x](vBsCrIpT:msgbox(1))',
  '<data:text/html,<script>alert(1)</script>>',
  '| a |\n| - |\n| <script>alert(1)</script> |',
  '| <img src=x onerror=alert(1)> | b |\n| - | - |\n| [c](javascript:alert(1)) | ![d](javascript:alert(1)) |',
  '| a |\n| :-: |\n| <span style="color: red">x</span> |',
  '```html\n<script>alert(1)</script>\n```',
  '```"><script>alert(1)</script>\nx\n```',
  '~~~ x" onmouseover="alert(1)\ny\n~~~',
  '    <iframe src="javascript:alert(1)"></iframe>',
  '`</code><script>alert(1)</script>`',
  '<div onclick="alert(1)">\n\n*md*\n\n</div>',
];

/**
 * Renders stored content the way a careless consumer would (raw HTML passed through, every link
 * accepted), then checks every tag and attribute of the result: only what the editor schema can
 * produce, palette values, and safe link and image targets. Raw HTML kept as visible text is escaped
 * by the renderer and so is text here, never a tag.
 */
const careless = new MarkdownIt('commonmark', { html: true }).enable(['table', 'strikethrough']);
careless.validateLink = () => true;

const decode = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const paletteStyles: ReadonlySet<string> = new Set([
  ...TEXT_COLORS.flatMap((color) => (color.value ? [`color: ${color.value}`] : [])),
  ...FONT_SIZES.map((size) => `font-size: ${size}`),
]);
const ATTRIBUTE_CHECKS: Readonly<Record<string, Readonly<Record<string, (value: string) => boolean>>>> = {
  a: { href: isSafeLinkHref, title: () => true },
  img: { src: isSafeImageSrc, alt: () => true, title: () => true },
  ol: { start: (value) => /^\d+$/.test(value) },
  code: { class: (value) => /^language-[^\s"'<>]+$/.test(value) },
  mark: { 'data-color': (value) => HIGHLIGHT_COLORS.some((color) => color.value === value) },
  span: { style: (value) => value.split('; ').every((declaration) => paletteStyles.has(declaration)) },
  th: { style: (value) => /^text-align:(left|right|center)$/.test(value) },
  td: { style: (value) => /^text-align:(left|right|center)$/.test(value) },
};
const PLAIN_TAGS = new Set(
  'p h1 h2 h3 h4 h5 h6 blockquote ul ol li pre code hr br strong em s u mark span a img table thead tbody tr th td'.split(
    ' ',
  ),
);

function expectOnlySafeHtml(markdown: string): void {
  const html = careless.render(markdown);
  for (const [, name = '', attributes = ''] of html.matchAll(/<\/?([a-zA-Z][\w-]*)([^>]*)>/g)) {
    expect(PLAIN_TAGS.has(name), `<${name}> in ${html}`).toBe(true);
    for (const [, attribute = '', value = ''] of attributes.matchAll(/([^\s=/]+)(?:="([^"]*)")?/g)) {
      const check = ATTRIBUTE_CHECKS[name]?.[attribute];
      expect(check, `${attribute} on <${name}> in ${html}`).toBeDefined();
      // The renderer escapes attribute values: a class is checked as written (no quote can end it).
      const checked = attribute === 'class' ? value : decode(value);
      expect(check?.(checked), `${attribute}="${value}" in ${html}`).toBe(true);
    }
  }
}

/** The document itself: only schema nodes and marks, and only safe hrefs and image sources. */
function expectSafeDocument(json: JSONContent): void {
  editorSchema.nodeFromJSON(json).check();
  const visit = (node: JSONContent) => {
    if (node.type === 'image') expect(isSafeImageSrc(node.attrs?.src)).toBe(true);
    for (const mark of node.marks ?? []) {
      if (mark.type === 'link') expect(isSafeLinkHref(mark.attrs?.href)).toBe(true);
    }
    for (const child of node.content ?? []) visit(child);
  };
  visit(json);
}

function expectHarmless(markdown: string): void {
  expectOnlySafeHtml(markdown);
  expectSafeDocument(markdownToDoc(markdown));
}

describe('sanitizeMarkdown against XSS', () => {
  it.each(XSS_PAYLOADS)('%j', (payload) => {
    expectSafeDocument(markdownToDoc(payload));
    const alone = sanitizeMarkdown(payload);
    expectHarmless(alone);
    expect(sanitizeMarkdown(alone)).toBe(alone);

    // Safe content around the payload survives: in neighbouring blocks, and inline before it.
    const surrounded = sanitizeMarkdown(`Keep **this**.\n\n${payload}\n\nAnd *that*.`);
    expectHarmless(surrounded);
    expect(surrounded).toMatch(/^Keep \*\*this\*\*\./);
    expect(surrounded).toMatch(/And \*that\*\.$/);
    const inline = sanitizeMarkdown(`before <u>safe</u> ${payload}`);
    expectHarmless(inline);
    expect(inline).toMatch(/^before <u>safe<\/u>/);
    // Inside containers too.
    expectHarmless(
      sanitizeMarkdown(`- ${payload.replace(/\n/g, '\n  ')}\n\n> ${payload.replace(/\n/g, '\n> ')}`),
    );
  });

  it('the careless renderer check itself catches what it must', () => {
    expect(() => expectOnlySafeHtml('[x](javascript:alert(1))')).toThrow();
    expect(() => expectOnlySafeHtml('<img src=x onerror=alert(1)>')).toThrow();
    expect(() => expectOnlySafeHtml('![x](data:image/png;base64,AAAA)')).toThrow();
    expect(() => expectOnlySafeHtml('<span style="color: red">x</span>')).toThrow();
  });

  it('keeps the text of refused links, and refused tags as visible text', () => {
    expect(sanitizeMarkdown('[click](javascript:alert(1)) <a href="javascript:x">here</a>')).toBe(
      'click &lt;a href="javascript:x">here&lt;/a>',
    );
    expect(sanitizeMarkdown('![a cat](javascript:alert(1)) ![a dog](data:image/png;base64,AA)')).toBe(
      'a cat a dog',
    );
    expect(sanitizeMarkdown('<u onmouseover=x>u</u> <span onclick="x()">t</span>')).toBe('<u>u</u> t');
    expect(sanitizeMarkdown('<span style="color: #ef4444; background: url(x)">t</span>')).toBe(
      '<span style="color: #ef4444">t</span>',
    );
  });

  it('keeps escaped markup as text, still escaped in storage', () => {
    const escaped = '&lt;script&gt;alert(1)&lt;/script&gt;';
    expect(markdownToDoc(escaped)).toMatchObject({
      content: [{ content: [{ text: '<script>alert(1)</script>' }] }],
    });
    expect(sanitizeMarkdown(escaped)).toBe('&lt;script>alert(1)&lt;/script>');
  });

  it('keeps dangerous elements as inert visible text: inline as text, a block as an html code block', () => {
    expect(sanitizeMarkdown('a <script>alert(1)</script>b <style>*{}</style>c')).toBe(
      'a &lt;script>alert(1)&lt;/script>b &lt;style>\\*{}&lt;/style>c',
    );
    expect(sanitizeMarkdown('<svg><script>alert(1)</script></svg>\n\nafter')).toBe(
      '&lt;svg>&lt;script>alert(1)&lt;/script>&lt;/svg>\n\nafter',
    );
    expect(sanitizeMarkdown('<div onclick="x()">\n<script>alert(1)</script>\n</div>\n\nafter')).toBe(
      '```html\n<div onclick="x()">\n<script>alert(1)</script>\n</div>\n```\n\nafter',
    );
  });

  it('code that looks like HTML stays code', () => {
    expect(sanitizeMarkdown('`<img src=x onerror=alert(1)>`')).toBe('`<img src=x onerror=alert(1)>`');
    expect(markdownToDoc('```\n<script>alert(1)</script>\n```')).toMatchObject({
      content: [{ type: 'codeBlock', content: [{ text: '<script>alert(1)</script>' }] }],
    });
  });

  it('keeps safe links', () => {
    expect(sanitizeMarkdown('[a](https://example.com/?q=1&b=2) [b](mailto:x@example.com)')).toBe(
      '[a](https://example.com/?q=1&b=2) [b](mailto:x@example.com)',
    );
  });
});

describe('isSafeLinkHref', () => {
  it.each([
    'https://example.com',
    'HTTP://example.com',
    'mailto:a@example.com',
    ' https://example.com',
    '/relative',
    '../up/page.md',
    'page.html#part',
    '#part',
    '?q=1',
    '//host.example/path',
    'example.com',
    'java_script:alert(1)',
    '',
  ])('allows %j', (href) => {
    expect(isSafeLinkHref(href)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'java\u0000script:alert(1)',
    'java script:alert(1)',
    'java\u00a0script:alert(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://example.com',
    'irc://example.com',
  ])('refuses %j', (href) => {
    expect(isSafeLinkHref(href)).toBe(false);
  });

  it('refuses non-strings', () => {
    expect(isSafeLinkHref(null)).toBe(false);
    expect(isSafeLinkHref(undefined)).toBe(false);
  });
});

/** Random input assembled from Markdown and HTML pieces, valid or not. */
const markdownPiece = fc.oneof(
  fc.constantFrom(...Array.from('ab1 \t\n*_[]()<>\\#-+=~`!&;.:|"\'/\u00a0')),
  fc.constantFrom(
    '\n\n',
    '\n  ',
    '\n    ',
    '- ',
    '* ',
    '1. ',
    '3) ',
    '> ',
    '# ',
    '#### ',
    '- [ ] ',
    '[x] ',
    '<u>',
    '</u>',
    '<mark data-color="#bbf7d0">',
    '<mark data-color="red">',
    '</mark>',
    '<span style="color: #ef4444; font-size: 24px">',
    '<span style="color: red">',
    '</span>',
    '<strong>',
    '</em>',
    '<br>',
    '<script>',
    '</script>',
    '<svg onload=x>',
    '<div>',
    '<!-- x -->',
    '[a](https://x.y)',
    '[b](javascript:x)',
    '<https://q.r>',
    '![i](https://i)',
    '![j](javascript:x)',
    '[k](/rel)',
    '~~s~~',
    '| a | b |\n| - | :-: |\n',
    '| c |',
    '```js\n',
    '~~~\n',
    '```\n',
    '***',
    '---',
    '===',
    '&amp;',
    '&#32;',
    '\\\n',
    '  \n',
    '[r]: https://r',
    '[r]',
    '`c`',
    '**b**',
    '*i*',
    '_u_',
  ),
);

describe('sanitizeMarkdown (property)', () => {
  it('is idempotent and only leaves allow-listed tags, for random input (300 runs)', () => {
    fc.assert(
      fc.property(fc.array(markdownPiece, { maxLength: 40 }), (pieces) => {
        const once = sanitizeMarkdown(pieces.join(''));
        expect(sanitizeMarkdown(once)).toBe(once);
        expectHarmless(once);
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});
