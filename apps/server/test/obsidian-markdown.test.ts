import { describe, expect, it } from 'vitest';
import { obsidianMarkdown } from '../src/modules/export-import/obsidian-export';

const paths = new Map([['n1', 'Garden/Seeds']]);
const convert = (markdown: string) => {
  const images = new Set<string>();
  return { text: obsidianMarkdown(markdown, paths, images), images: [...images] };
};

describe('obsidianMarkdown', () => {
  it('writes links to exported notes as wikilinks and keeps other links', () => {
    expect(convert('See [the \\[seed\\] list](/quick-view?project=p1&note=n1) now').text).toBe(
      'See [[Garden/Seeds|the seed list]] now',
    );
    // A note outside the export (another user's, deleted): the in-app link stays as it was.
    const gone = '[old](/quick-view?project=p1&note=n9)';
    expect(convert(gone).text).toBe(gone);
    expect(convert('[site](https://example.com/?note=n1)').text).toBe('[site](https://example.com/?note=n1)');
  });

  it('embeds pictures from attachments/ and collects them; a caption of digits is dropped', () => {
    const result = convert('![bowl](/api/images/abc-123.webp) ![200](/api/images/def-4.webp "t")');
    expect(result.text).toBe('![[attachments/abc-123.webp|bowl]] ![[attachments/def-4.webp]]');
    expect(result.images).toEqual(['abc-123.webp', 'def-4.webp']);
  });

  it('turns titled quotes of a callout type into callouts, only on a quote first line', () => {
    expect(convert('> **Warning: Hot**\n>\n> Careful.').text).toBe('> [!warning] Hot\n>\n> Careful.');
    expect(convert('> **Note**\n> body').text).toBe('> [!note]\n> body');
    // Not a callout type, or not the quote's first line: left as written.
    expect(convert('> **Menu: Soup**').text).toBe('> **Menu: Soup**');
    expect(convert('> intro\n> **Tip: Salt**').text).toBe('> intro\n> **Tip: Salt**');
  });

  it('leaves code alone', () => {
    const code = '```\n[x](/quick-view?project=p1&note=n1)\n> **Tip: a**\n```';
    expect(convert(code).text).toBe(code);
    expect(convert('`![a](/api/images/x.webp)`').images).toEqual([]);
  });
});
