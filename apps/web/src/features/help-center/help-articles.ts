import { markdownToPlainText } from '@notewise/editor';

/** docs/product.md §3, Help article categories, in the order the overview shows them. */
export const HELP_CATEGORIES = [
  { id: 'getting-started', title: 'Getting Started' },
  { id: 'features', title: 'Features' },
  { id: 'troubleshooting', title: 'Troubleshooting' },
  { id: 'faq', title: 'FAQ' },
] as const;
export type HelpCategoryId = (typeof HELP_CATEGORIES)[number]['id'];

export interface HelpArticle {
  /** The file name without `.md`; the article's URL is /help-center/<slug>. */
  slug: string;
  title: string;
  category: HelpCategoryId;
  keywords: string[];
  /** Position inside its category. */
  order: number;
  /** The article's body (front matter removed). */
  markdown: string;
  /** The body as plain text, for search and excerpts. */
  plainText: string;
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

function parseValue(value: string): string | string[] {
  const trimmed = value.trim();
  if (trimmed.startsWith('[') && trimmed.endsWith(']')) {
    return trimmed
      .slice(1, -1)
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
  }
  return trimmed;
}

/** Reads an article file: `---` front matter (title, category, keywords, order) then Markdown. */
export function parseArticle(slug: string, raw: string): HelpArticle {
  const match = FRONT_MATTER.exec(raw);
  if (!match) throw new Error(`Help article ${slug} has no front matter`);
  const fields = new Map<string, string | string[]>();
  for (const line of (match[1] ?? '').split(/\r?\n/)) {
    const separator = line.indexOf(':');
    if (separator > 0) fields.set(line.slice(0, separator).trim(), parseValue(line.slice(separator + 1)));
  }
  const title = fields.get('title');
  const category = fields.get('category');
  const keywords = fields.get('keywords') ?? [];
  if (typeof title !== 'string' || !title) throw new Error(`Help article ${slug} has no title`);
  if (!HELP_CATEGORIES.some((known) => known.id === category)) {
    throw new Error(`Help article ${slug} has an unknown category: ${String(category)}`);
  }
  const markdown = raw.slice(match[0].length).trim();
  return {
    slug,
    title,
    category: category as HelpCategoryId,
    keywords: Array.isArray(keywords) ? keywords : [keywords],
    order: Number(fields.get('order') ?? 100),
    markdown,
    plainText: markdownToPlainText(markdown),
  };
}

// Bundled at build time into the Help Center's own chunk (this module is only imported by it).
const files = import.meta.glob<string>('./articles/*.md', { query: '?raw', import: 'default', eager: true });

/** Every article, in category then `order` sequence. */
export const HELP_ARTICLES: readonly HelpArticle[] = Object.entries(files)
  .map(([file, raw]) => parseArticle(file.replace(/^.*\//, '').replace(/\.md$/, ''), raw))
  .sort(
    (a, b) =>
      HELP_CATEGORIES.findIndex((c) => c.id === a.category) -
        HELP_CATEGORIES.findIndex((c) => c.id === b.category) ||
      a.order - b.order ||
      a.title.localeCompare(b.title),
  );

/** A heading's anchor id: "Translation needs a model" -> "translation-needs-a-model". Links use it. */
export function headingAnchor(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The anchor ids of an article's `##`/`###` headings, in order. */
export function articleAnchors(article: Pick<HelpArticle, 'markdown'>): string[] {
  return [...article.markdown.matchAll(/^#{2,3}\s+(.+)$/gm)].map((match) => headingAnchor(match[1] ?? ''));
}

export function findArticle(slug: string | undefined): HelpArticle | undefined {
  return slug ? HELP_ARTICLES.find((article) => article.slug === slug) : undefined;
}
