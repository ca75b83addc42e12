import { describe, expect, it } from 'vitest';
import { HELP_ARTICLES, HELP_CATEGORIES, type HelpArticle, parseArticle } from './help-articles';
import { highlightParts, searchHelp } from './help-search';

const slugs = (query: string, articles: readonly HelpArticle[] = HELP_ARTICLES) =>
  searchHelp(articles, query).map((result) => result.article.slug);

describe('help articles', () => {
  it('loads every Markdown article with a title, a known category and keywords', () => {
    expect(HELP_ARTICLES.length).toBeGreaterThanOrEqual(10);
    for (const article of HELP_ARTICLES) {
      expect(article.title).not.toBe('');
      expect(HELP_CATEGORIES.map((c) => c.id)).toContain(article.category);
      expect(article.keywords.length).toBeGreaterThan(0);
      expect(article.plainText.length).toBeGreaterThan(200);
    }
    expect(HELP_ARTICLES[0]?.slug).toBe('getting-started');
  });

  it('accepts the blank line Biome puts after the opening ---, and refuses a missing title', () => {
    const article = parseArticle(
      'x',
      '---\n\ntitle: X\ncategory: faq\nkeywords: [a, b c]\n---\n\nBody **text**.',
    );
    expect(article).toMatchObject({
      title: 'X',
      category: 'faq',
      keywords: ['a', 'b c'],
      plainText: 'Body text.',
    });
    expect(() => parseArticle('y', '---\ncategory: faq\n---\nBody')).toThrow(/no title/);
    expect(() => parseArticle('z', '---\ntitle: Z\ncategory: blog\n---\nBody')).toThrow(/unknown category/);
  });
});

describe('help search', () => {
  it('puts the article whose title is the query first, case-insensitively', () => {
    expect(slugs('voice')[0]).toBe('voice-assistant');
    expect(slugs('VOICE ASSISTANT')[0]).toBe('voice-assistant');
    expect(slugs('keyboard shortcuts')[0]).toBe('keyboard-shortcuts');
    expect(slugs('troubleshooting')[0]).toBe('troubleshooting');
    expect(slugs('self-hosting')[0]).toBe('self-hosting');
  });

  it('finds articles by keyword and by content', () => {
    // 'ollama' is a keyword of AI actions; 'hotkey' only a keyword of Keyboard shortcuts.
    expect(slugs('ollama')[0]).toBe('ai-actions');
    expect(slugs('hotkey')).toEqual(['keyboard-shortcuts']);
    // 'pg_dump' appears only in the Self-hosting text.
    expect(slugs('pg_dump')).toEqual(['self-hosting']);
    expect(slugs('6-digit code')).toContain('shared-projects');
  });

  it('returns nothing (the page shows the overview) for a query no article contains', () => {
    expect(slugs('xylophone')).toEqual([]);
    expect(slugs('   ')).toEqual([]);
  });

  it('returns at most 10 results', () => {
    const many = Array.from({ length: 15 }, (_, i) =>
      parseArticle(
        `a${i}`,
        `---\ntitle: Note ${i}\ncategory: faq\nkeywords: [note]\n---\nA note about notes.`,
      ),
    );
    expect(searchHelp(many, 'note')).toHaveLength(10);
    // A common word across the real articles is capped too.
    expect(searchHelp([...HELP_ARTICLES, ...many], 'the').length).toBe(10);
  });

  it('gives an excerpt around the match and highlights each query word', () => {
    const [first] = searchHelp(HELP_ARTICLES, 'microphone permission');
    expect(first?.article.slug).toBe('voice-assistant');
    expect(first?.excerpt.toLowerCase()).toContain('microphone');
    expect(highlightParts('Allow the Microphone permission', 'microphone permission')).toEqual([
      { text: 'Allow the ', match: false },
      { text: 'Microphone', match: true },
      { text: ' ', match: false },
      { text: 'permission', match: true },
    ]);
    expect(highlightParts('a.b (c)', '(c)')).toEqual([
      { text: 'a.b ', match: false },
      { text: '(c)', match: true },
    ]);
  });
});
