import {
  IMPORT_REPORT,
  type ImportCount,
  type ImportIssue,
  MAX_NOTE_TITLE_LENGTH,
  MAX_TAG_LENGTH,
  MAX_TAGS,
} from '@notewise/shared';
import type { NoteReport } from './docx-convert';
import { type PropertyValue, readFrontMatter } from './front-matter';
import {
  escapeMarkdownText,
  type LinkContext,
  outsideCode,
  type PendingLink,
  rewriteLinks,
} from './markdown-links';
import { readImportedMarkdown } from './note-markdown';

/*
 * One Markdown file of an import (Obsidian, Bear, Notion, our own export) -> what the note keeps:
 * title, tags (front matter and inline `#tag/sub`), dates, the project our export names, every other
 * property as a visible table at the top, callouts as titled quotes, links and embeds (markdown-links.ts),
 * and a report of what was converted, approximated or dropped. Runs in the import worker.
 */

export interface ConvertedMarkdown {
  title: string;
  content: string;
  tags: string[];
  createdAt?: string;
  updatedAt?: string;
  /** `project:` as our own export writes it. */
  projectName?: string;
  /** Our export's `shared: true` beside `project:`: that project was shared. */
  sharedProject?: boolean;
  links: PendingLink[];
  report: NoteReport;
}

/** Read by us, not shown in the properties table. */
const TITLE_KEYS = new Set(['title']);
const TAG_KEYS = new Set(['tags', 'tag']);
const CREATED_KEYS = ['created', 'date', 'created_at', 'createdAt'];
const UPDATED_KEYS = ['updated', 'modified', 'updated_at', 'updatedAt'];

const DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** A front matter date as an ISO timestamp, or null when it is not one we may store. */
export function importDate(value: PropertyValue | undefined, now = Date.now()): string | null {
  if (typeof value !== 'string' || !DATE.test(value.trim())) return null;
  let text = value.trim().replace(' ', 'T');
  // A date or time without a zone is read as UTC, so the result does not depend on the server's zone.
  if (!/(Z|[+-]\d{2}:?\d{2})$/.test(text)) text += text.length === 10 ? 'T00:00:00Z' : 'Z';
  const ms = Date.parse(text);
  // Never in the future (a typo or a clock gone wrong would pin the note to the top for years).
  if (!Number.isFinite(ms) || ms > now || ms < Date.UTC(1900, 0, 1)) return null;
  return new Date(ms).toISOString();
}

/** `#work`, `work`, `a/b` -> `work`, `a/b`; a list or a comma/space separated string. */
function tagList(value: PropertyValue): string[] {
  const items = Array.isArray(value) ? value : value.split(/[,\s]+/);
  return items.map((item) => item.trim().replace(/^#+/, '').trim()).filter(Boolean);
}

/** Inline tags in prose: `#tag`, `#tag/sub` (not `# heading`, `#123`, `a#b`, URLs or code). */
const INLINE_TAG = /(^|[\s(,;])#([\p{L}\p{N}_/-]*[\p{L}_/-][\p{L}\p{N}_/-]*)/gu;

const BEAR_TAG = /(^|\s)#([\p{L}\p{N}_/-][^#\n]*?\s[^#\n]*?[\p{L}\p{N}_/-])#(?=\s|$|[.,;:!?)])/gu;

function inlineTags(body: string): string[] {
  const found: string[] = [];
  outsideCode(body, (text) => {
    for (const line of text.split('\n')) {
      // Link destinations (`](#part)`) and bare URLs are no place for tags.
      let prose = line.replace(/\]\([^)]*\)/g, '](…)').replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, '');
      // Bear's tags with spaces close with a second `#` (`#to read#`): taken first, whole.
      prose = prose.replace(BEAR_TAG, (_tag, before: string, name: string) => {
        found.push(name.trim().replace(/\s+/g, ' '));
        return before;
      });
      for (const match of prose.matchAll(INLINE_TAG)) found.push((match[2] ?? '').replace(/\/+$/, ''));
    }
    return text;
  });
  return found.filter(Boolean);
}

/**
 * `> [!tip] Title` (Obsidian, GitHub) -> `> **Tip: Title**` and the body below it: the editor has no
 * callout block, a quote with its type and title in bold keeps what the reader saw.
 */
function rewriteCallouts(body: string): { body: string; count: number } {
  let count = 0;
  const rewritten = outsideCode(body, (text) =>
    text.replace(
      /^((?:[ \t]{0,3}>[ \t]?)+)\[!([A-Za-z][\w-]*)\][+-]?[ \t]*(.*)$/gm,
      (_line, quote: string, type: string, title: string) => {
        count += 1;
        const kind = type.charAt(0).toUpperCase() + type.slice(1).toLowerCase().replace(/-/g, ' ');
        const heading = (title.trim() ? `${kind}: ${title.trim()}` : kind).replace(/\*\*/g, '');
        // A quote line of its own, so the body is a paragraph below the title rather than run into it.
        return `${quote}**${heading}**\n${quote.trimEnd()}`;
      },
    ),
  );
  return { body: rewritten, count };
}

function cellText(value: PropertyValue): string {
  const text = Array.isArray(value) ? value.join(', ') : value;
  // Wikilinks in values (`"[[Steph Ango]]"`) stay links: only the table's own syntax is escaped.
  return text.replace(/\r?\n/g, '; ').replace(/\|/g, '\\|') || ' ';
}

function propertiesTable(rows: Array<{ key: string; value: PropertyValue }>): string {
  if (rows.length === 0) return '';
  const lines = rows.map((row) => `| ${escapeMarkdownText(row.key)} | ${cellText(row.value)} |`);
  return ['| Property | Value |', '| --- | --- |', ...lines].join('\n');
}

const count = (what: string, n: number): ImportCount[] => (n > 0 ? [{ what, count: n }] : []);
/** The summary names at most this many of a kind (a vault can have hundreds of one). */
export const NAMED_ISSUES = 10;

const issue = (what: string, n: number, reason: string, names?: readonly string[]): ImportIssue[] =>
  n > 0
    ? [
        {
          what,
          count: n,
          reason,
          ...(names?.length ? { names: [...new Set(names)].slice(0, NAMED_ISSUES) } : {}),
        },
      ]
    : [];

/** A Markdown file's text -> the note to store, its pending links and its report. */
export function convertMarkdown(text: string, fileName: string, context: LinkContext): ConvertedMarkdown {
  const source = text.replace(/^\ufeff/, '').replace(/\r\n?/g, '\n');
  const front = readFrontMatter(source);
  const properties = front?.properties ?? [];
  const find = (keys: readonly string[]) => properties.find((p) => keys.includes(p.key));
  const titleProperty = properties.find(
    (p) => TITLE_KEYS.has(p.key) && typeof p.value === 'string' && p.value.trim() !== '',
  );
  const read = titleProperty
    ? {
        // Cut to the longest title a note may have (by characters, so no emoji is split).
        title: [...String(titleProperty.value).replace(/\s+/g, ' ').trim()]
          .slice(0, MAX_NOTE_TITLE_LENGTH)
          .join(''),
        content: (front?.body ?? '').trim(),
      }
    : readImportedMarkdown(front?.body ?? source, fileName);
  const used = new Set<string>(titleProperty ? [titleProperty.key] : []);

  const frontTags = properties.filter((p) => TAG_KEYS.has(p.key)).flatMap((p) => tagList(p.value));
  for (const p of properties) if (TAG_KEYS.has(p.key)) used.add(p.key);
  const callouts = rewriteCallouts(read.content);
  const bodyTags = inlineTags(callouts.body);
  const allTags: string[] = [];
  for (const tag of [...frontTags, ...bodyTags]) {
    if (!allTags.some((known) => known.toLowerCase() === tag.toLowerCase())) allTags.push(tag);
  }
  const tags = allTags.filter((tag) => [...tag].length <= MAX_TAG_LENGTH).slice(0, MAX_TAGS);
  const extraTags = allTags.filter((tag) => !tags.includes(tag));

  let createdAt: string | undefined;
  let updatedAt: string | undefined;
  let badDates = 0;
  for (const [keys, set] of [
    [CREATED_KEYS, (iso: string) => (createdAt = iso)],
    [UPDATED_KEYS, (iso: string) => (updatedAt = iso)],
  ] as const) {
    const property = find(keys);
    if (!property) continue;
    const iso = importDate(property.value);
    if (iso) {
      set(iso);
      used.add(property.key);
    } else badDates += 1;
  }
  if (createdAt && updatedAt && updatedAt < createdAt) updatedAt = createdAt;
  if (createdAt && !updatedAt) updatedAt = createdAt;
  if (updatedAt && !createdAt) createdAt = updatedAt;

  const project = properties.find((p) => p.key === 'project' && typeof p.value === 'string' && p.value);
  if (project) used.add(project.key);
  // Our export's mark, read only beside its `project:`; anyone else's `shared` is a property.
  const shared = project ? properties.find((p) => p.key === 'shared' && p.value === 'true') : undefined;
  if (shared) used.add(shared.key);
  const kept = properties.filter((p) => !used.has(p.key));
  if (extraTags.length > 0) kept.push({ key: 'tags (over the limit)', value: extraTags });
  const table = propertiesTable(kept);
  const body = [table, callouts.body].filter(Boolean).join('\n\n');
  const rewritten = rewriteLinks(body, context);
  const c = rewritten.counts;
  const converted = [
    ...count('tags', tags.length),
    ...count('dates', (createdAt ? 1 : 0) + (updatedAt && updatedAt !== createdAt ? 1 : 0)),
  ];
  const approximated = [
    ...issue('properties', kept.length, IMPORT_REPORT.propertiesAsTable),
    ...issue('callouts', callouts.count, IMPORT_REPORT.callouts),
    ...issue('note embeds', c.noteEmbeds, IMPORT_REPORT.noteEmbeds),
    ...issue('links to headings', c.headingLinks, IMPORT_REPORT.headingLinks),
    ...issue('http images', c.httpImages, IMPORT_REPORT.httpImages),
    ...issue('dates', badDates, IMPORT_REPORT.badDates),
    ...issue('tags', extraTags.length, IMPORT_REPORT.tagLimit),
  ];
  const dropped = [
    ...issue(
      'unsupported embeds',
      c.unsupportedEmbeds.length,
      IMPORT_REPORT.unsupportedEmbeds,
      c.unsupportedEmbeds,
    ),
    ...issue('images', c.imagesMissing.length, IMPORT_REPORT.imagesMissing, c.imagesMissing),
    ...issue('images', c.imagesUnreadable.length, IMPORT_REPORT.imageUnreadable, c.imagesUnreadable),
  ];
  return {
    title: read.title || 'Untitled',
    content: rewritten.markdown,
    tags,
    ...(createdAt ? { createdAt } : {}),
    ...(updatedAt ? { updatedAt } : {}),
    ...(project ? { projectName: String(project.value) } : {}),
    ...(shared ? { sharedProject: true } : {}),
    links: rewritten.links,
    report: { converted, approximated, dropped },
  };
}
