import { docToMarkdown, markdownToDoc } from '@notewise/editor';
import { MAX_NOTE_TITLE_LENGTH } from '@notewise/shared';
import type { DocNode } from './doc-model';

/**
 * A note as a Markdown file: YAML front matter (title, project, `shared: true` when the project is
 * shared, dates), then the stored content.
 */
export function noteMarkdownFile(note: {
  title: string;
  projectName: string;
  /** The project is shared: the import says its sharing is not restored. */
  shared?: boolean;
  createdAt: string;
  updatedAt: string;
  content: string;
}): string {
  // JSON strings are valid YAML double-quoted scalars, so any title survives (quotes, colons, '#').
  const frontMatter = [
    '---',
    `title: ${JSON.stringify(note.title)}`,
    `project: ${JSON.stringify(note.projectName)}`,
    ...(note.shared ? ['shared: true'] : []),
    `created: ${note.createdAt}`,
    `updated: ${note.updatedAt}`,
    '---',
  ].join('\n');
  return `${frontMatter}\n\n${note.content}${note.content ? '\n' : ''}`;
}

const FRONT_MATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/;
/** Notion appends a 32-hex-digit page id to its export file names ("Plan 0a1b...f.md"). */
const NOTION_ID = /\s+[0-9a-f]{32}$/i;

/** A front matter scalar as text: quoted ('...' or "...") or plain. */
function yamlScalar(raw: string): string {
  const value = raw.trim();
  if (value.startsWith('"')) {
    try {
      const parsed: unknown = JSON.parse(value);
      if (typeof parsed === 'string') return parsed;
    } catch {
      // Not JSON-compatible: fall through to the plain reading.
    }
  }
  if (value.startsWith("'") && value.endsWith("'") && value.length >= 2) {
    return value.slice(1, -1).replace(/''/g, "'");
  }
  return value.replace(/\s+#.*$/, '');
}

function cleanTitle(title: string): string {
  return [...title.replace(/\s+/g, ' ').trim()].slice(0, MAX_NOTE_TITLE_LENGTH).join('');
}

/**
 * A heading's Markdown as a title: its words without markup. Images (a README's badges) are left
 * out unless they are all there is, then their alt text; links keep their text.
 */
export function headingTitle(markdown: string): string {
  const words: string[] = [];
  const alts: string[] = [];
  const visit = (node: DocNode) => {
    if (node.type === 'text') words.push(node.text ?? '');
    else if (node.type === 'image' && typeof node.attrs?.alt === 'string') alts.push(node.attrs.alt, ' ');
    else if (node.type === 'hardBreak') words.push(' ');
    node.content?.forEach(visit);
  };
  visit(markdownToDoc(`# ${markdown}`));
  return cleanTitle(words.join('')) || cleanTitle(alts.join(''));
}

/** Title and body of an imported Markdown file: front matter removed, a leading H1 used as title. */
export function readImportedMarkdown(text: string, fileName: string): { title: string; content: string } {
  let body = text.replace(/^\ufeff/, '');
  let title = '';
  const frontMatter = FRONT_MATTER.exec(body);
  if (frontMatter) {
    body = body.slice(frontMatter[0].length);
    const titleLine = /^title:[ \t]*(.+)$/im.exec(frontMatter[1] ?? '');
    if (titleLine?.[1]) title = cleanTitle(yamlScalar(titleLine[1]));
  }
  if (!title) {
    // Obsidian, Bear and Notion start a page with its title as `# Title`: it becomes the note title.
    const heading = /^[ \t]*\n*# +(.+?)[ \t#]*(?:\r?\n|$)/.exec(body.replace(/^\s*\n/, ''));
    const fromHeading = heading?.[1] ? headingTitle(heading[1]) : '';
    if (heading && fromHeading) {
      title = fromHeading;
      body = body.replace(/^\s*\n/, '').slice(heading[0].length);
    }
  }
  if (!title) title = cleanTitle(fileName.replace(/\.[^.]+$/, '').replace(NOTION_ID, ''));
  return { title: title || 'Untitled', content: body.trim() };
}

/** Plain text as stored Markdown that reads back as the same text (nothing becomes markup). */
export function plainTextToMarkdown(text: string): string {
  const paragraphs = text
    .replace(/^\ufeff/, '')
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.replace(/^\n+|\n+$/g, ''))
    .filter((paragraph) => paragraph.trim() !== '');
  const doc: DocNode = {
    type: 'doc',
    content: paragraphs.map((paragraph) => ({
      type: 'paragraph',
      content: paragraph
        .split('\n')
        .flatMap((line, index) => [
          ...(index > 0 ? [{ type: 'hardBreak' }] : []),
          ...(line ? [{ type: 'text', text: line.replace(/\t/g, '    ') }] : []),
        ]),
    })),
  };
  return docToMarkdown(doc);
}
