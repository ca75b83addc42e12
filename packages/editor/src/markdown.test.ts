import type { JSONContent } from '@tiptap/core';
import { describe, expect, it } from 'vitest';
import { docToMarkdown, editorSchema, markdownToDoc } from './index';

/** A document as markdownToDoc returns it (default attributes filled in by the schema). */
const doc = (...content: JSONContent[]): JSONContent =>
  editorSchema.nodeFromJSON({ type: 'doc', content }).toJSON() as JSONContent;
const text = (value: string, ...marks: JSONContent['marks'] & object): JSONContent => ({
  type: 'text',
  text: value,
  marks,
});
const paragraph = (...content: JSONContent[]): JSONContent => ({ type: 'paragraph', content });
const heading = (level: number, ...content: JSONContent[]): JSONContent => ({
  type: 'heading',
  attrs: { level },
  content,
});
const hardBreak: JSONContent = { type: 'hardBreak' };
const listItem = (...content: JSONContent[]): JSONContent => ({ type: 'listItem', content });
const taskItem = (checked: boolean, ...content: JSONContent[]): JSONContent => ({
  type: 'taskItem',
  attrs: { checked },
  content,
});
const bold = { type: 'bold' };
const italic = { type: 'italic' };
const underline = { type: 'underline' };
const highlight = (color: string) => ({ type: 'highlight', attrs: { color } });
const textStyle = (attrs: { color?: string; fontSize?: string }) => ({ type: 'textStyle', attrs });
const link = (href: string, title: string | null = null) => ({ type: 'link', attrs: { href, title } });
const codeBlock = (language: string | null, code: string): JSONContent => ({
  type: 'codeBlock',
  attrs: { language },
  ...(code ? { content: [{ type: 'text', text: code }] } : {}),
});

/** The stored form and the document convert into each other exactly. */
function expectBothWays(markdown: string, expected: JSONContent): void {
  expect(markdownToDoc(markdown)).toEqual(expected);
  expect(docToMarkdown(expected)).toBe(markdown);
}

describe('blocks', () => {
  it('paragraphs', () => {
    expectBothWays('One\n\nTwo', doc(paragraph(text('One')), paragraph(text('Two'))));
  });

  it('headings 1 to 3', () => {
    expectBothWays(
      '# One\n\n## Two\n\n### Three',
      doc(heading(1, text('One')), heading(2, text('Two')), heading(3, text('Three'))),
    );
  });

  it('blockquotes, also nested and holding lists', () => {
    expectBothWays(
      '> Quote\n>\n> > Inner\n>\n> - item',
      doc({
        type: 'blockquote',
        content: [
          paragraph(text('Quote')),
          { type: 'blockquote', content: [paragraph(text('Inner'))] },
          { type: 'bulletList', content: [listItem(paragraph(text('item')))] },
        ],
      }),
    );
  });

  it('bullet lists with nested lists directly below an item', () => {
    expectBothWays(
      '- one\n  - nested\n- two',
      doc({
        type: 'bulletList',
        content: [
          listItem(paragraph(text('one')), {
            type: 'bulletList',
            content: [listItem(paragraph(text('nested')))],
          }),
          listItem(paragraph(text('two'))),
        ],
      }),
    );
  });

  it('list items with several blocks', () => {
    expectBothWays(
      '- first\n\n  second\n\n  > quote',
      doc({
        type: 'bulletList',
        attrs: { tight: false },
        content: [
          listItem(paragraph(text('first')), paragraph(text('second')), {
            type: 'blockquote',
            content: [paragraph(text('quote'))],
          }),
        ],
      }),
    );
  });

  it('numbered lists keep their start number', () => {
    expectBothWays(
      '1. one\n2. two\n\n7) seven',
      doc(
        {
          type: 'orderedList',
          content: [listItem(paragraph(text('one'))), listItem(paragraph(text('two')))],
        },
        { type: 'orderedList', attrs: { start: 7 }, content: [listItem(paragraph(text('seven')))] },
      ),
    );
  });

  it('task lists (GFM), nested inside task items', () => {
    expectBothWays(
      '- [ ] todo\n- [x] done\n  - [ ] sub-task',
      doc({
        type: 'taskList',
        content: [
          taskItem(false, paragraph(text('todo'))),
          taskItem(true, paragraph(text('done')), {
            type: 'taskList',
            content: [taskItem(false, paragraph(text('sub-task')))],
          }),
        ],
      }),
    );
    expect(markdownToDoc('- [X] upper-case x')).toEqual(
      doc({ type: 'taskList', content: [taskItem(true, paragraph(text('upper-case x')))] }),
    );
  });

  it('empty list and task items', () => {
    expectBothWays(
      '- [ ]\n- [x] done',
      doc({
        type: 'taskList',
        content: [taskItem(false, { type: 'paragraph' }), taskItem(true, paragraph(text('done')))],
      }),
    );
    expectBothWays(
      '-\n  - nested only',
      doc({
        type: 'bulletList',
        content: [
          listItem(
            { type: 'paragraph' },
            { type: 'bulletList', content: [listItem(paragraph(text('nested only')))] },
          ),
        ],
      }),
    );
  });

  it('a list is a task list only if every item has a checkbox', () => {
    expectBothWays(
      '- \\[ \\] not a task\n- plain',
      doc({
        type: 'bulletList',
        content: [listItem(paragraph(text('[ ] not a task'))), listItem(paragraph(text('plain')))],
      }),
    );
    expect(markdownToDoc('- [ ] a\n- b')).toEqual(markdownToDoc('- \\[ \\] a\n- b'));
  });

  it('alternates markers so adjacent lists stay separate', () => {
    expectBothWays(
      '- a\n\n* b\n\n- [ ] c\n\n1. d\n\n1) e',
      doc(
        { type: 'bulletList', content: [listItem(paragraph(text('a')))] },
        { type: 'bulletList', content: [listItem(paragraph(text('b')))] },
        { type: 'taskList', content: [taskItem(false, paragraph(text('c')))] },
        { type: 'orderedList', content: [listItem(paragraph(text('d')))] },
        { type: 'orderedList', content: [listItem(paragraph(text('e')))] },
      ),
    );
  });

  it('an empty document is one empty paragraph', () => {
    expectBothWays('', doc({ type: 'paragraph' }));
    expect(markdownToDoc('  \n\n ')).toEqual(doc({ type: 'paragraph' }));
  });

  it('drops empty paragraphs', () => {
    expect(docToMarkdown(doc(paragraph(text('a')), { type: 'paragraph' }, paragraph(text('b'))))).toBe(
      'a\n\nb',
    );
  });
});

describe('inline formatting', () => {
  it('bold, italic and both', () => {
    expectBothWays(
      '**bold** *italic* ***both***',
      doc(
        paragraph(
          text('bold', bold),
          text(' '),
          text('italic', italic),
          text(' '),
          text('both', bold, italic),
        ),
      ),
    );
  });

  it('falls back to <strong>/<em> where * cannot express the emphasis', () => {
    expectBothWays(
      '<strong>bold </strong>x<em>:</em>y',
      doc(paragraph(text('bold ', bold), text('x'), text(':', italic), text('y'))),
    );
  });

  it('underline', () => {
    expectBothWays('<u>under</u>', doc(paragraph(text('under', underline))));
  });

  it('highlight with a palette colour', () => {
    expectBothWays(
      '<mark data-color="#bbf7d0">green</mark>',
      doc(paragraph(text('green', highlight('#bbf7d0')))),
    );
    expect(markdownToDoc('<mark>plain</mark>')).toEqual(doc(paragraph(text('plain', highlight('#fef08a')))));
    expect(markdownToDoc('<mark data-color="#BBF7D0">upper</mark>')).toEqual(
      doc(paragraph(text('upper', highlight('#bbf7d0')))),
    );
  });

  it('text colour and font size, alone or in one span', () => {
    expectBothWays(
      '<span style="color: #ef4444">red</span> <span style="font-size: 18px">big</span> <span style="color: #3b82f6; font-size: 24px">both</span>',
      doc(
        paragraph(
          text('red', textStyle({ color: '#ef4444' })),
          text(' '),
          text('big', textStyle({ fontSize: '18px' })),
          text(' '),
          text('both', textStyle({ color: '#3b82f6', fontSize: '24px' })),
        ),
      ),
    );
    expect(markdownToDoc('<span style="color:#EF4444;font-size:18px">x</span>')).toEqual(
      doc(paragraph(text('x', textStyle({ color: '#ef4444', fontSize: '18px' })))),
    );
    expect(
      markdownToDoc('<span style="color: #ef4444"><span style="font-size: 20px">nested</span></span>'),
    ).toEqual(doc(paragraph(text('nested', textStyle({ color: '#ef4444', fontSize: '20px' })))));
  });

  it('drops colours and sizes outside the palettes', () => {
    expect(
      docToMarkdown(
        doc(paragraph(text('x', textStyle({ color: 'red', fontSize: '99px' }), highlight('#000000')))),
      ),
    ).toBe('x');
    expect(markdownToDoc('<span style="color: red; font-size: 13px">x</span>')).toEqual(
      doc(paragraph(text('x'))),
    );
  });

  it('links, with or without a title', () => {
    expectBothWays(
      '[site](https://example.com) [mail](mailto:a@example.com "Write")',
      doc(
        paragraph(
          text('site', link('https://example.com')),
          text(' '),
          text('mail', link('mailto:a@example.com', 'Write')),
        ),
      ),
    );
  });

  it('links with parentheses, spaces and marks inside', () => {
    expectBothWays(
      '[**a** b](<https://example.com/a\\(1\\) b>)',
      doc(
        paragraph(
          text('a', link('https://example.com/a(1) b'), bold),
          text(' b', link('https://example.com/a(1) b')),
        ),
      ),
    );
  });

  it('drops unsafe links but keeps their text', () => {
    expect(markdownToDoc('[x](javascript:alert(1)) [y](data:text/html,x)')).toEqual(
      doc(paragraph(text('x y'))),
    );
    expect(docToMarkdown(doc(paragraph(text('x', link('javascript:alert(1)')))))).toBe('x');
  });

  it('autolinks become links', () => {
    expect(markdownToDoc('<https://example.com>')).toEqual(
      doc(paragraph(text('https://example.com', link('https://example.com')))),
    );
  });

  it('hard breaks: backslash inside a paragraph, <br> at its end and in headings', () => {
    expectBothWays('a\\\nb<br>', doc(paragraph(text('a'), hardBreak, text('b'), hardBreak)));
    expectBothWays('# a<br>b', doc(heading(1, text('a'), hardBreak, text('b'))));
    expectBothWays(
      '- a\\\n  b',
      doc({ type: 'bulletList', content: [listItem(paragraph(text('a'), hardBreak, text('b')))] }),
    );
    expect(markdownToDoc('a  \nb')).toEqual(doc(paragraph(text('a'), hardBreak, text('b'))));
  });

  it('accepts <b>, <i>, <strong> and <em> and stores them as Markdown', () => {
    const parsed = markdownToDoc('<b>b</b> <strong>s</strong> <i>i</i> <em>e</em>');
    expect(parsed).toEqual(
      doc(
        paragraph(
          text('b', bold),
          text(' '),
          text('s', bold),
          text(' '),
          text('i', italic),
          text(' '),
          text('e', italic),
        ),
      ),
    );
    expect(docToMarkdown(parsed)).toBe('**b** **s** *i* *e*');
  });

  it('opens the longest-running mark first', () => {
    expectBothWays('<u>**x**y</u>', doc(paragraph(text('x', bold, underline), text('y', underline))));
  });

  it('splits overlapping marks', () => {
    expectBothWays(
      '<u>a <strong>b</strong></u><strong> c</strong>',
      doc(paragraph(text('a ', underline), text('b', bold, underline), text(' c', bold))),
    );
  });
});

describe('escaping', () => {
  it.each([
    ['# not a heading', '\\# not a heading'],
    ['- not a list', '\\- not a list'],
    ['+ not a list', '\\+ not a list'],
    ['1. not a list', '1\\. not a list'],
    ['> not a quote', '\\> not a quote'],
    ['=== not a heading', '\\=== not a heading'],
    ['~~~ not code', '\\~\\~\\~ not code'],
    ['~~not struck~~', '\\~\\~not struck\\~\\~'],
    ['a | b', 'a | b'],
    ['2*3*4 and snake_case', '2\\*3\\*4 and snake\\_case'],
    ['[not](a link)', '\\[not\\](a link)'],
    ['a <b> & c', 'a &lt;b> & c'],
    ['&amp; stays', '\\&amp; stays'],
    ['back\\slash `code`', 'back\\\\slash \\`code\\`'],
    ['wow![', 'wow!\\['],
  ])('%j', (value, markdown) => {
    expectBothWays(markdown, doc(paragraph(text(value))));
  });

  it('a trailing # in a heading', () => {
    expectBothWays('## C \\#', doc(heading(2, text('C #'))));
  });

  it('leading, trailing and repeated whitespace', () => {
    expectBothWays('&#32;  spaced  &#32;', doc(paragraph(text('   spaced   '))));
    expectBothWays('&#9;tab', doc(paragraph(text('\ttab'))));
    expectBothWays('a&#32;\\\n&#32;b', doc(paragraph(text('a '), hardBreak, text(' b'))));
  });
});

describe('documents outside the normalised shape', () => {
  it('line breaks inside text become spaces', () => {
    expect(docToMarkdown(doc(paragraph(text('one\ntwo\r\n# three'))))).toBe('one two # three');
  });

  it('heading levels and list numbers are clamped to what Markdown can hold', () => {
    expect(docToMarkdown(doc(heading(5, text('deep'))))).toBe('##### deep');
    expect(
      docToMarkdown({
        type: 'doc',
        content: [{ type: 'heading', attrs: { level: 9 }, content: [text('x')] }],
      }),
    ).toBe('###### x');
    const list = (start: number) =>
      doc({
        type: 'orderedList',
        attrs: { start },
        content: [listItem(paragraph(text('a'))), listItem(paragraph(text('b')))],
      });
    expect(docToMarkdown(list(-3))).toBe('0. a\n1. b');
    expect(docToMarkdown(list(5_000_000_000))).toBe('999999998. a\n999999999. b');
  });

  it('empty text styles and links without href are dropped', () => {
    expect(
      docToMarkdown(doc(paragraph(text('x', textStyle({}), { type: 'link', attrs: { href: null } })))),
    ).toBe('x');
  });
});

describe('input outside the stored format', () => {
  it('setext headings are read as headings', () => {
    expect(markdownToDoc('#### Four')).toEqual(doc(heading(4, text('Four'))));
    expect(markdownToDoc('Title\n=====')).toEqual(doc(heading(1, text('Title'))));
    expect(markdownToDoc('Sub\n---')).toEqual(doc(heading(2, text('Sub'))));
  });

  it('indented code becomes a fenced code block, `***` a rule', () => {
    expect(markdownToDoc('    let a;\n      b();\n\n***')).toEqual(
      doc(codeBlock(null, 'let a;\n  b();'), { type: 'horizontalRule' }),
    );
    expect(docToMarkdown(markdownToDoc('    let a;\n      b();\n\n***'))).toBe(
      '```\nlet a;\n  b();\n```\n\n---',
    );
  });

  it('soft line breaks become spaces, CRLF is fine', () => {
    expect(markdownToDoc('one\r\ntwo')).toEqual(doc(paragraph(text('one two'))));
  });

  it('raw HTML stays visible: inline as text, a block as an html code block', () => {
    expect(markdownToDoc('a <abbr title="x">b</abbr> <!-- c -->')).toEqual(
      doc(paragraph(text('a <abbr title="x">b</abbr> <!-- c -->'))),
    );
    expect(markdownToDoc('<div>in a <abbr title="x">div</abbr></div>')).toEqual(
      doc(codeBlock('html', '<div>in a <abbr title="x">div</abbr></div>')),
    );
    expect(docToMarkdown(markdownToDoc('a <abbr>b</abbr>'))).toBe('a &lt;abbr>b&lt;/abbr>');
  });

  it('numbered lists written with ) and bullets with * or +', () => {
    expect(markdownToDoc('3) c\n\n+ d')).toEqual(
      doc(
        { type: 'orderedList', attrs: { start: 3 }, content: [listItem(paragraph(text('c')))] },
        { type: 'bulletList', content: [listItem(paragraph(text('d')))] },
      ),
    );
  });
});

describe('code, rules, images, tables, strikethrough', () => {
  const strike = { type: 'strike' };
  const code = { type: 'code' };
  const image = (src: string, alt: string | null = null, title: string | null = null): JSONContent => ({
    type: 'image',
    attrs: { src, alt, title },
  });
  const cell = (type: 'tableHeader' | 'tableCell', align: string | null, ...content: JSONContent[]) => ({
    type,
    attrs: { align },
    content: [{ type: 'paragraph', ...(content.length > 0 ? { content } : {}) }],
  });
  const row = (...cells: JSONContent[]): JSONContent => ({ type: 'tableRow', content: cells });

  it('headings 4 to 6', () => {
    expectBothWays(
      '#### Four\n\n##### Five\n\n###### Six',
      doc(heading(4, text('Four')), heading(5, text('Five')), heading(6, text('Six'))),
    );
  });

  it('strikethrough, also combined with other marks', () => {
    expectBothWays(
      '~~gone~~ and ***~~all~~***',
      doc(paragraph(text('gone', strike), text(' and '), text('all', bold, italic, strike))),
    );
    expect(markdownToDoc('<s>a</s> <del>b</del>')).toEqual(
      doc(paragraph(text('a', strike), text(' '), text('b', strike))),
    );
  });

  it('code spans: backtick runs, spaces kept, no escaping inside, inside links and bold', () => {
    expectBothWays('`a*b_c\\`', doc(paragraph(text('a*b_c\\', code))));
    expectBothWays('``a`b``', doc(paragraph(text('a`b', code))));
    expectBothWays('`` `tick` ``', doc(paragraph(text('`tick`', code))));
    expectBothWays('`  two  `', doc(paragraph(text(' two ', code))));
    // Line separators (U+2028) inside still pad: both end spaces survive (found by the property test).
    expectBothWays('`  a\u2028b\u2028c  `', doc(paragraph(text(' a\u2028b\u2028c ', code))));
    expectBothWays('`<script>`', doc(paragraph(text('<script>', code))));
    expectBothWays(
      '[`npm test`](https://docs.example) **`x`**',
      doc(paragraph(text('npm test', code, link('https://docs.example')), text(' '), text('x', bold, code))),
    );
  });

  it('fenced code keeps its language; a longer fence when the code holds one', () => {
    expectBothWays(
      '```ts\nconst a = 1;\n\n  return a;\n```',
      doc(codeBlock('ts', 'const a = 1;\n\n  return a;')),
    );
    expectBothWays('````md\n```\nx\n```\n````', doc(codeBlock('md', '```\nx\n```')));
    expectBothWays('```\n```', doc(codeBlock(null, '')));
    expect(markdownToDoc('~~~ python startline=3\nprint(1)\n~~~')).toEqual(
      doc(codeBlock('python', 'print(1)')),
    );
    expect(markdownToDoc('```\n<b>&amp;</b>\n```')).toEqual(doc(codeBlock(null, '<b>&amp;</b>')));
  });

  it('code blocks inside lists and quotes', () => {
    expectBothWays(
      '- item\n  ```js\n  x();\n  ```\n\n> ```\n> a\n>\n> b\n> ```',
      doc(
        { type: 'bulletList', content: [listItem(paragraph(text('item')), codeBlock('js', 'x();'))] },
        { type: 'blockquote', content: [codeBlock(null, 'a\n\nb')] },
      ),
    );
  });

  it('horizontal rules; `***` right below a paragraph line in a tight list', () => {
    expectBothWays(
      'a\n\n---\n\nb',
      doc(paragraph(text('a')), { type: 'horizontalRule' }, paragraph(text('b'))),
    );
    expectBothWays(
      '- a\n  ***',
      doc({ type: 'bulletList', content: [listItem(paragraph(text('a')), { type: 'horizontalRule' })] }),
    );
  });

  it('images with alt text and title, inline in their paragraph, also linked', () => {
    expectBothWays(
      'See ![a \\*cat\\*](/api/images/1 "The cat") here',
      doc(paragraph(text('See '), image('/api/images/1', 'a *cat*', 'The cat'), text(' here'))),
    );
    expect(markdownToDoc('![a *cat*](https://x.io/c.png)')).toEqual(
      doc(paragraph(image('https://x.io/c.png', 'a cat'))),
    );
    expectBothWays(
      '[![moon](moon.jpg)](/uri)',
      doc(paragraph({ ...image('moon.jpg', 'moon'), marks: [link('/uri')] })),
    );
  });

  it('unsafe images become their alt text', () => {
    for (const src of [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'http://x.io/a.png',
      'vbscript:x',
    ]) {
      expect(markdownToDoc(`![alt](${src})`)).toEqual(doc(paragraph(text('alt'))));
    }
    expect(
      docToMarkdown(
        doc(paragraph(text('a '), { type: 'image', attrs: { src: 'https://x.io/a.png', alt: 'b' } })),
      ),
    ).toBe('a ![b](https://x.io/a.png)');
  });

  it('relative, anchor and mailto links are kept', () => {
    expectBothWays(
      '[a](/notes/1) [b](../x.md#part) [c](#top) [d](mailto:a@b.c) [e](<with space.md>)',
      doc(
        paragraph(
          text('a', link('/notes/1')),
          text(' '),
          text('b', link('../x.md#part')),
          text(' '),
          text('c', link('#top')),
          text(' '),
          text('d', link('mailto:a@b.c')),
          text(' '),
          text('e', link('with space.md')),
        ),
      ),
    );
  });

  it('GFM tables with alignment, inline marks and escaped pipes', () => {
    expectBothWays(
      '| Name | Qty | Note |\n| :-- | --: | :-: |\n| **a\\|b** | `1\\|2` | ~~x~~ |\n| c |  | [d](/d) |',
      doc({
        type: 'table',
        content: [
          row(
            cell('tableHeader', 'left', text('Name')),
            cell('tableHeader', 'right', text('Qty')),
            cell('tableHeader', 'center', text('Note')),
          ),
          row(
            cell('tableCell', 'left', text('a|b', bold)),
            cell('tableCell', 'right', text('1|2', code)),
            cell('tableCell', 'center', text('x', strike)),
          ),
          row(
            cell('tableCell', 'left', text('c')),
            cell('tableCell', 'right'),
            cell('tableCell', 'center', text('d', link('/d'))),
          ),
        ],
      }),
    );
  });

  it('table cells made in the editor: several blocks, hard breaks, short rows', () => {
    const table = {
      type: 'table',
      content: [
        row(cell('tableHeader', null, text('h1')), cell('tableHeader', null, text('h2'))),
        row({
          type: 'tableCell',
          content: [paragraph(text('one'), hardBreak, text('two')), paragraph(text('three'))],
        }),
      ],
    };
    expect(docToMarkdown(doc(table))).toBe('| h1 | h2 |\n| --- | --- |\n| one<br>two<br>three |  |');
    expect(markdownToDoc('| a |\n| - |\n| b | c |')).toEqual(
      doc({
        type: 'table',
        content: [row(cell('tableHeader', null, text('a'))), row(cell('tableCell', null, text('b')))],
      }),
    );
  });

  it('loose lists stay loose, tight lists tight', () => {
    expectBothWays(
      '- a\n\n- b\n\n* c\n* d',
      doc(
        {
          type: 'bulletList',
          attrs: { tight: false },
          content: [listItem(paragraph(text('a'))), listItem(paragraph(text('b')))],
        },
        { type: 'bulletList', content: [listItem(paragraph(text('c'))), listItem(paragraph(text('d')))] },
      ),
    );
  });

  it('hard breaks: two spaces or a backslash, stored as a backslash', () => {
    expect(docToMarkdown(markdownToDoc('a  \nb\\\nc'))).toBe('a\\\nb\\\nc');
  });

  it('a line break from a character reference is a space, never a newline in text', () => {
    expect(markdownToDoc('a&#10;b&#13;c')).toEqual(doc(paragraph(text('a b c'))));
  });

  it('nested emphasis', () => {
    expectBothWays(
      '*a **b** c*',
      doc(paragraph(text('a ', italic), text('b', bold, italic), text(' c', italic))),
    );
  });
});
