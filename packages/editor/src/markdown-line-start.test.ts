import { describe, expect, it } from 'vitest';
import {
  LIST_MARKER,
  MARKDOWN_LINE_START,
  MARKDOWN_MARKERS_ONLY,
  markdownLineStarts,
} from './markdown-line-start';

describe('Markdown line starts', () => {
  it.each([
    ['- buy milk', '- '],
    ['* buy milk', '* '],
    ['+ buy milk', '+ '],
    ['12. call Anna', '12. '],
    ['3) call Anna', '3) '],
    ['- [ ] open task', '- [ ] '],
    ['- [x] done task', '- [x] '],
    ['  * [X] nested done', '  * [X] '],
    ['## Heading', '## '],
    ['> quoted', '> '],
    ['> > - quoted list', '> > - '],
    ['\t1. tabbed', '\t1. '],
    ['Plain sentence.', ''],
    ['#hashtag is not a heading', ''],
    ['-not a list', ''],
    ['1234567890. too many digits', ''],
    ['####### seven hashes', ''],
  ])('finds the markers of %j', (line, markers) => {
    expect(MARKDOWN_LINE_START.exec(line)?.[0]).toBe(markers);
  });

  it('finds the markers on every line, fresh each call', () => {
    const text = '# Title\nSome text.\n- [ ] task\n> quote';
    const found = [...text.matchAll(markdownLineStarts())].map((m) => m[0]).filter(Boolean);
    expect(found).toEqual(['# ', '- [ ] ', '> ']);
    expect(text.replace(markdownLineStarts(), '')).toBe('Title\nSome text.\ntask\nquote');
    // A second call starts from the beginning again.
    expect([...text.matchAll(markdownLineStarts())].map((m) => m[0]).filter(Boolean)).toHaveLength(3);
  });

  it('tells a line of markers only from one with text', () => {
    expect(MARKDOWN_MARKERS_ONLY.test('- [ ] ')).toBe(true);
    expect(MARKDOWN_MARKERS_ONLY.test('> ')).toBe(true);
    expect(MARKDOWN_MARKERS_ONLY.test('- [ ] milk')).toBe(false);
  });

  it('exposes the list marker for rules built on it', () => {
    const item = new RegExp(`^${LIST_MARKER}[ \\t]+`);
    expect(item.test('7) seven')).toBe(true);
    expect(item.test('- eight')).toBe(true);
    expect(item.test('nine')).toBe(false);
  });
});
