import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSafeLinkHref, markdownToDoc, sanitizeMarkdown } from './index';

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
];

/** Nothing that could execute or load something may survive, in any case. */
const FORBIDDEN = [
  '<script',
  'onerror',
  'onload',
  'onclick',
  'onmouseover',
  'javascript:',
  'data:text/html',
  'vbscript:',
  '<iframe',
  '<svg',
  '<style',
  '<object',
  '<embed',
  '<math',
  '<img',
];

function expectHarmless(output: string): void {
  for (const forbidden of FORBIDDEN) expect(output.toLowerCase()).not.toContain(forbidden);
}

/** Every `<` in stored content starts an allow-listed tag (or a link destination in `](<...>)`). */
const ALLOWED_TAG =
  /<\/?(?:u|strong|em)>|<br>|<mark data-color="#[0-9a-f]{6}">|<\/mark>|<span style="[a-z0-9#:; -]+">|<\/span>|\]\(</g;

describe('sanitizeMarkdown against XSS', () => {
  it.each(XSS_PAYLOADS)('%j', (payload) => {
    const alone = sanitizeMarkdown(payload);
    expectHarmless(alone);
    expectHarmless(JSON.stringify(markdownToDoc(payload)));
    expect(alone.replace(ALLOWED_TAG, '')).not.toContain('<');

    // Safe content around the payload survives: in neighbouring blocks, and inline before it.
    const surrounded = sanitizeMarkdown(`Keep **this**.\n\n${payload}\n\nAnd *that*.`);
    expectHarmless(surrounded);
    expect(surrounded).toMatch(/^Keep \*\*this\*\*\./);
    expect(surrounded).toMatch(/And \*that\*\.$/);
    const inline = sanitizeMarkdown(`before <u>safe</u> ${payload}`);
    expectHarmless(inline);
    expect(inline).toMatch(/^before <u>safe<\/u>/);
  });

  it('keeps the text of refused links and tags', () => {
    expect(sanitizeMarkdown('[click](javascript:alert(1)) <a href="javascript:x">here</a>')).toBe(
      'click here',
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

  it('drops dangerous elements together with their content', () => {
    expect(sanitizeMarkdown('a <script>alert(1)</script>b <style>*{}</style>c')).toBe('a b c');
    expect(sanitizeMarkdown('<svg><script>alert(1)</script></svg>\n\nafter')).toBe('after');
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
        expect(once.replace(ALLOWED_TAG, '')).not.toContain('<');
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});
