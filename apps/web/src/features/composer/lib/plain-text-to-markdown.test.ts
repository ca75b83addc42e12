import { markdownToDoc } from '@notewise/editor';
import { describe, expect, it } from 'vitest';
import { plainTextToMarkdown } from './plain-text-to-markdown';

describe('plainTextToMarkdown', () => {
  it('keeps single line breaks as hard breaks', () => {
    expect(plainTextToMarkdown('one\ntwo\nthree')).toBe('one\\\ntwo\\\nthree');
    const doc = markdownToDoc(plainTextToMarkdown('one\ntwo'));
    expect(doc.content?.[0]?.content?.map((node) => node.type)).toEqual(['text', 'hardBreak', 'text']);
  });

  it('leaves paragraphs, lists, headings and quotes alone', () => {
    expect(plainTextToMarkdown('a\n\nb')).toBe('a\n\nb');
    expect(plainTextToMarkdown('Shopping\n- milk\n- eggs')).toBe('Shopping\n- milk\n- eggs');
    expect(plainTextToMarkdown('# Title\nbody')).toBe('# Title\nbody');
    expect(plainTextToMarkdown('text\n> quote')).toBe('text\n> quote');
    const doc = markdownToDoc(plainTextToMarkdown('Shopping\n- milk\n- eggs'));
    expect(doc.content?.map((node) => node.type)).toEqual(['paragraph', 'bulletList']);
  });

  it('normalises Windows line endings and keeps an existing trailing backslash', () => {
    expect(plainTextToMarkdown('a\r\nb')).toBe('a\\\nb');
    expect(plainTextToMarkdown('a\\\nb')).toBe('a\\\nb');
  });

  it('leaves code fences, their content and table rows alone', () => {
    const typed = 'Run this:\n```sh\nnpm ci\nnpm test\n```\nthen\nrelax\n| a | b |\n| - | - |\n| 1 | 2 |';
    const markdown = plainTextToMarkdown(typed);
    expect(markdown).toBe(
      'Run this:\n```sh\nnpm ci\nnpm test\n```\nthen\\\nrelax\n| a | b |\n| - | - |\n| 1 | 2 |',
    );
    expect(markdownToDoc(markdown).content?.map((node) => node.type)).toEqual([
      'paragraph',
      'codeBlock',
      'paragraph',
      'table',
    ]);
    expect(plainTextToMarkdown('~~~\na\n```\nb\n~~~\nc\nd')).toBe('~~~\na\n```\nb\n~~~\nc\\\nd');
  });
});
