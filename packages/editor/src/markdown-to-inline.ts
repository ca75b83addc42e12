import { Mark, type Node as ProseMirrorNode } from '@tiptap/pm/model';
import MarkdownIt, { type Token } from 'markdown-it';
import {
  DEFAULT_HIGHLIGHT_COLOR,
  isSafeImageSrc,
  isSafeLinkHref,
  toPaletteFontSize,
  toPaletteHighlightColor,
  toPaletteTextColor,
} from './allow-lists';
import { editorSchema, markTypes as marks, nodeTypes as nodes } from './editor-extensions';
import { type HtmlTag, parseHtmlTag, parseStyleAttribute } from './html-tag';

/*
 * The inline half of markdownToDoc (markdown-to-doc.ts), and the markdown-it set-up both halves use:
 * markdown-it inline tokens -> text, image and hard-break nodes with their marks, reading only the
 * allow-listed inline HTML as formatting.
 */

export const markdownIt = new MarkdownIt('commonmark', {
  html: true,
  linkify: false,
  typographer: false,
}).enable(['table', 'strikethrough']);
// Let markdown-it parse every link: unsafe ones are dropped below while keeping their text (its own
// check would instead leave `[x](javascript:...)` in the note as literal text).
markdownIt.validateLink = () => true;
// Keep hrefs exactly as written (no percent-encoding) so they round-trip unchanged.
markdownIt.normalizeLink = (url) => url;
markdownIt.normalizeLinkText = (text) => text;

/**
 * An open emphasis, link or allow-listed tag; `mark` is null when it was refused (bad colour,
 * unsafe href) but its end must still be matched. `key` is the tag name, or the Markdown delimiter.
 */
interface OpenElement {
  key: string;
  mark: Mark | null;
}

/** The marks in effect inside the open elements. Nested spans add up; otherwise the innermost wins. */
function activeMarks(open: readonly OpenElement[]): readonly Mark[] {
  const byType = new Map<string, Mark>();
  for (const { mark } of open) {
    if (!mark) continue;
    const outer = byType.get(mark.type.name);
    if (outer && mark.type === marks.textStyle) {
      byType.set(
        mark.type.name,
        marks.textStyle.create({
          color: mark.attrs.color ?? outer.attrs.color,
          fontSize: mark.attrs.fontSize ?? outer.attrs.fontSize,
        }),
      );
    } else {
      byType.set(mark.type.name, mark);
    }
  }
  return Mark.setFrom([...byType.values()]);
}

function closeElement(open: OpenElement[], key: string): void {
  const index = open.findLastIndex((element) => element.key === key);
  if (index !== -1) open.splice(index, 1);
}

/** Tags read as formatting (markForTag) or as a line break; any other tag stays visible as text. */
export const ALLOW_LISTED_TAGS: ReadonlySet<string> = new Set([
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'del',
  'strike',
  'mark',
  'span',
  'br',
]);

/** The mark an allow-listed opening tag stands for, null if refused, undefined if not allow-listed. */
function markForTag(tag: HtmlTag): Mark | null | undefined {
  switch (tag.name) {
    case 'strong':
    case 'b':
      return marks.bold.create();
    case 'em':
    case 'i':
      return marks.italic.create();
    case 'u':
      return marks.underline.create();
    case 's':
    case 'del':
    case 'strike':
      return marks.strike.create();
    case 'mark': {
      const color = tag.attributes.get('data-color');
      const paletteColor = color === undefined ? DEFAULT_HIGHLIGHT_COLOR : toPaletteHighlightColor(color);
      return paletteColor ? marks.highlight.create({ color: paletteColor }) : null;
    }
    case 'span': {
      const style = parseStyleAttribute(tag.attributes.get('style') ?? '');
      const color = toPaletteTextColor(style.get('color'));
      const fontSize = toPaletteFontSize(style.get('font-size'));
      return color || fontSize ? marks.textStyle.create({ color, fontSize }) : null;
    }
    default:
      return undefined;
  }
}

/** The text of inline tokens without any markup, as Markdown renders an image's alt text. */
function plainTextOf(tokens: readonly Token[]): string {
  return tokens
    .map((token) => {
      if (token.type === 'image') return plainTextOf(token.children ?? []);
      if (token.type === 'softbreak' || token.type === 'hardbreak') return ' ';
      return token.type === 'text' || token.type === 'code_inline' ? token.content : '';
    })
    .join('');
}

/** Line breaks only come from character references here (`&#10;`); Markdown would read them as a space. */
const LINE_BREAK = /\r\n?|\n/g;

/** Converts markdown-it inline tokens to text, image and hard-break nodes. */
export function inlineTokensToNodes(tokens: readonly Token[]): ProseMirrorNode[] {
  const result: ProseMirrorNode[] = [];
  const open: OpenElement[] = [];
  // The text of an unsafe autolink is its URL: kept as plain text.

  const addText = (text: string, extraMarks: readonly Mark[] = []) => {
    const cleaned = text.replace(LINE_BREAK, ' ');
    if (!cleaned) return;
    let nodeMarks = activeMarks(open);
    for (const mark of extraMarks) nodeMarks = mark.addToSet(nodeMarks);
    result.push(editorSchema.text(cleaned, nodeMarks));
  };

  for (const token of tokens) {
    switch (token.type) {
      case 'text':
        addText(token.content);
        break;
      case 'code_inline':
        addText(token.content, [marks.code.create()]);
        break;
      case 'softbreak':
        addText(' ');
        break;
      case 'hardbreak':
        result.push(nodes.hardBreak.create(null, null, activeMarks(open)));
        break;
      case 'strong_open':
        open.push({ key: '**', mark: marks.bold.create() });
        break;
      case 'strong_close':
        closeElement(open, '**');
        break;
      case 'em_open':
        open.push({ key: '*', mark: marks.italic.create() });
        break;
      case 'em_close':
        closeElement(open, '*');
        break;
      case 's_open':
        open.push({ key: '~~', mark: marks.strike.create() });
        break;
      case 's_close':
        closeElement(open, '~~');
        break;
      case 'link_open': {
        const href = token.attrGet('href');
        open.push({
          key: '[]',
          mark: isSafeLinkHref(href)
            ? marks.link.create({ href, title: token.attrGet('title') || null })
            : null,
        });
        break;
      }
      case 'link_close':
        closeElement(open, '[]');
        break;
      case 'image': {
        const src = token.attrGet('src');
        const alt = plainTextOf(token.children ?? []).replace(LINE_BREAK, ' ');
        if (isSafeImageSrc(src)) {
          result.push(
            nodes.image.create(
              { src, alt: alt || null, title: token.attrGet('title') || null },
              null,
              activeMarks(open),
            ),
          );
        } else {
          addText(alt);
        }
        break;
      }
      case 'html_inline': {
        const tag = parseHtmlTag(token.content);
        const mark = tag && !tag.closing ? markForTag(tag) : undefined;
        if (tag?.name === 'br' && !tag.closing) {
          result.push(nodes.hardBreak.create(null, null, activeMarks(open)));
        } else if (tag?.closing && ALLOW_LISTED_TAGS.has(tag.name)) {
          closeElement(open, tag.name);
        } else if (tag && mark !== undefined) {
          open.push({ key: tag.name, mark });
        } else {
          // Raw HTML is not interpreted, but stays visible as what was written.
          addText(token.content);
        }
        break;
      }
    }
  }
  return result;
}

/** Parses one line of inline Markdown (no block structure) to inline nodes. */
export function parseInlineMarkdown(markdown: string): ProseMirrorNode[] {
  return inlineTokensToNodes(markdownIt.parseInline(markdown, {})[0]?.children ?? []);
}
