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
    ['~~~ not code', '\\~~~ not code'],
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
    expect(docToMarkdown(doc(heading(5, text('deep'))))).toBe('### deep');
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
  it('deeper headings become level 3, setext headings are read', () => {
    expect(markdownToDoc('#### Four')).toEqual(doc(heading(3, text('Four'))));
    expect(markdownToDoc('Title\n=====')).toEqual(doc(heading(1, text('Title'))));
  });

  it('code becomes plain text', () => {
    expect(markdownToDoc('`x`')).toEqual(doc(paragraph(text('x'))));
    expect(markdownToDoc('```js\nlet a;\n  b();\n```')).toEqual(
      doc(paragraph(text('let a;'), hardBreak, text('  b();'))),
    );
  });

  it('thematic breaks disappear, images keep their alt text', () => {
    expect(markdownToDoc('a\n\n---\n\n![a cat](https://example.com/cat.png)')).toEqual(
      doc(paragraph(text('a')), paragraph(text('a cat'))),
    );
  });

  it('soft line breaks become spaces, CRLF is fine', () => {
    expect(markdownToDoc('one\r\ntwo')).toEqual(doc(paragraph(text('one two'))));
  });

  it('unknown tags are dropped, their text kept', () => {
    expect(markdownToDoc('<div>in a <abbr title="x">div</abbr></div>')).toEqual(
      doc(paragraph(text('in a div'))),
    );
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
