/*
 * Links and embeds of an imported Markdown file, rewritten in its text before it is stored:
 * - `[[Note]]`, `[[Note|label]]`, `[[Note#Heading]]`, `![[Note]]`, `[label](Other%20note.md)` and
 *   `obsidian://open?file=...` links become Markdown links whose target is a placeholder
 *   (`#import-link-N`), resolved to the imported note once every file of the upload is known
 *   (import-links.ts) or turned back into their text;
 * - image embeds (`![[a.png]]`, `![[a.png|100]]`, `![[a.png#anchor]]`, `![alt](a.png)`) found in the
 *   archive become images with a placeholder source that the upload pipeline replaces (import-images.ts);
 * - other embeds (`![[Movies.base]]`, PDFs, audio) keep their name as text and are counted.
 * Code (fenced and inline) is left alone. Everything not carried over is counted for the summary.
 */

export const IMAGE_EXTENSIONS = new Set([
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'svg',
  'bmp',
  'tif',
  'tiff',
  'heic',
  'avif',
  'ico',
]);

/** A link to another note of the upload, to be resolved by name. */
export interface PendingLink {
  placeholder: string;
  /** What it names: a file name or path (no extension) or a title. */
  target: string;
}

export interface LinkCounts {
  links: number;
  noteEmbeds: number;
  unsupportedEmbeds: string[];
  imagesFound: number;
  imagesMissing: string[];
  imagesUnreadable: string[];
  obsidianLinks: number;
  headingLinks: number;
  httpImages: number;
}

export interface LinkContext {
  /** An image this file names: its placeholder source once registered, or why it cannot be shown. */
  image: (reference: string) => { src: string } | { missing: true } | { unreadable: true };
}

const extension = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';

function decodeSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Text that reads back as itself in Markdown (link labels, kept names). */
export function escapeMarkdownText(text: string): string {
  return text.replace(/([\\`*_[\]<>#|!~])/g, '\\$1');
}

/** Runs `rewrite` on the parts of `markdown` outside fenced code blocks and inline code spans. */
export function outsideCode(markdown: string, rewrite: (text: string) => string): string {
  const out: string[] = [];
  let prose: string[] = [];
  let fence: string | null = null;
  const flush = () => {
    if (prose.length === 0) return;
    const text = prose.join('\n');
    // Inline code spans (`x`, ``x``) stay as written; so do autolinks <https://...>.
    const parts = text.split(/(`+[^`]*?`+|<https?:[^>\s]+>)/);
    out.push(parts.map((part, index) => (index % 2 === 1 ? part : rewrite(part))).join(''));
    prose = [];
  };
  for (const line of markdown.split('\n')) {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      out.push(line);
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker)
        fence = null;
    } else if (marker) {
      flush();
      fence = marker;
      out.push(line);
    } else prose.push(line);
  }
  flush();
  // Lines were collected by prose runs and code lines in order: rejoin them in that order.
  return out.join('\n');
}

/** Rewrites links and embeds; answers the rewritten text, its pending links and counts. */
export function rewriteLinks(markdown: string, context: LinkContext) {
  const links: PendingLink[] = [];
  const counts: LinkCounts = {
    links: 0,
    noteEmbeds: 0,
    unsupportedEmbeds: [],
    imagesFound: 0,
    imagesMissing: [],
    imagesUnreadable: [],
    obsidianLinks: 0,
    headingLinks: 0,
    httpImages: 0,
  };
  const link = (target: string, label: string) => {
    const placeholder = `#import-link-${links.length + 1}`;
    links.push({ placeholder, target });
    return `[${escapeMarkdownText(label)}](${placeholder})`;
  };
  const image = (reference: string, alt: string) => {
    const found = context.image(reference);
    if ('src' in found) {
      counts.imagesFound += 1;
      return `![${escapeMarkdownText(alt)}](${found.src})`;
    }
    if ('missing' in found) counts.imagesMissing.push(reference);
    else counts.imagesUnreadable.push(reference);
    return escapeMarkdownText(alt || reference.split('/').pop() || reference);
  };
  const rewrite = (text: string) =>
    text
      // Wikilinks and embeds: ![[target#part|label]]
      .replace(/(!?)\[\[([^\]\n]+?)\]\]/g, (_whole, bang: string, inner: string) => {
        // In a table a label's bar is written `\|`.
        const [rawTarget = '', ...rest] = inner.replace(/\\\|/g, '|').split('|');
        const label = rest.join('|').trim();
        const hash = rawTarget.indexOf('#');
        const target = (hash >= 0 ? rawTarget.slice(0, hash) : rawTarget).trim();
        const part =
          hash >= 0
            ? rawTarget
                .slice(hash + 1)
                .replace(/^\^/, '')
                .trim()
            : '';
        const ext = extension(target);
        if (IMAGE_EXTENSIONS.has(ext)) {
          // `|100` or `|100x80` is a size, not a caption. A plain link to a picture (a `cover:`
          // property) shows it too: the picture is what it points at, and it is imported.
          return image(target, /^\d+(x\d+)?$/.test(label) ? '' : label);
        }
        if (ext && ext !== 'md') {
          counts.unsupportedEmbeds.push(target);
          return escapeMarkdownText(target + (part ? `#${part}` : ''));
        }
        if (!target) return escapeMarkdownText(label || part);
        if (bang) counts.noteEmbeds += 1;
        else counts.links += 1;
        if (part) counts.headingLinks += 1;
        const shown = label || (part ? `${target} > ${part}` : target);
        return link(target.replace(/\.md$/i, ''), shown);
      })
      // Markdown images to files: ![alt](path "title")
      .replace(
        /!\[([^\]\n]*)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g,
        (whole, alt: string, src: string) => {
          // Notes show only https pictures (no mixed content): an http one stays as a link to it.
          if (/^http:/i.test(src)) {
            counts.httpImages += 1;
            return `[${alt || src}](${src})`;
          }
          return /^(https:|data:|\/)/i.test(src) ? whole : image(decodeSafe(src), alt);
        },
      )
      // Markdown links to another Markdown file of the upload, and obsidian://open links.
      .replace(
        /(^|[^!\\])\[([^\]\n]*)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g,
        (whole, before: string, label: string, href: string) => {
          if (/^obsidian:/i.test(href)) {
            counts.obsidianLinks += 1;
            const file = /[?&](?:file|path)=([^&]+)/.exec(href)?.[1];
            const name = file ? (decodeSafe(file).split('/').pop() ?? '') : '';
            return `${before}${link(name.replace(/\.md$/i, ''), label || name)}`;
          }
          const path = decodeSafe(href.split('#')[0] ?? '');
          if (/^[a-z][a-z0-9+.-]*:/i.test(href) || !/\.md$/i.test(path)) return whole;
          counts.links += 1;
          return `${before}${link(path.replace(/\.md$/i, ''), label || path)}`;
        },
      );
  return { markdown: outsideCode(markdown, rewrite), links, counts };
}
