import { Fragment, type Mark, type Node as ProseMirrorNode } from '@tiptap/pm/model';
import {
  DEFAULT_HIGHLIGHT_COLOR,
  isSafeImageSrc,
  isSafeLinkHref,
  toPaletteFontSize,
  toPaletteHighlightColor,
  toPaletteTextColor,
} from './allow-lists';
import { editorSchema, markTypes as marks, nodeTypes as nodes } from './editor-extensions';
import { parseInlineMarkdown } from './markdown-to-inline';

/*
 * The inline half of docToMarkdown (doc-to-markdown.ts): one textblock's text, marks, images and hard
 * breaks -> one (or, with hard breaks, several) lines of Markdown, with the escaping that makes
 * markdownToDoc read them back as the same inline nodes.
 */

type EmphasisStyle = 'markdown' | 'html';

/** Where inline content is written: table cells have no line breaks and split on `|`. */
interface InlineContext {
  inHeading: boolean;
  inTable: boolean;
  /** The textblock has hard breaks: a later line must not be read as a table's delimiter row. */
  multiLine: boolean;
}

/** A mark as stored, or null when it carries a value outside the allow-lists (then it is dropped). */
function allowedMark(mark: Mark): Mark | null {
  switch (mark.type) {
    case marks.link: {
      if (!isSafeLinkHref(mark.attrs.href)) return null;
      // Titles are one line in Markdown; target/rel/class are presentation and always the defaults.
      const title =
        typeof mark.attrs.title === 'string' ? mark.attrs.title.replace(/\s*[\r\n]+\s*/g, ' ') : '';
      return marks.link.create({ href: mark.attrs.href, title: title || null });
    }
    case marks.textStyle: {
      const color = toPaletteTextColor(mark.attrs.color);
      const fontSize = toPaletteFontSize(mark.attrs.fontSize);
      return color || fontSize ? marks.textStyle.create({ color, fontSize }) : null;
    }
    case marks.highlight: {
      const color =
        mark.attrs.color == null ? DEFAULT_HIGHLIGHT_COLOR : toPaletteHighlightColor(mark.attrs.color);
      return color ? marks.highlight.create({ color }) : null;
    }
    default:
      return mark;
  }
}

const oneLine = (text: string) => text.replace(/\r\n?|\n/g, ' ').replaceAll('\0', '\ufffd');

/**
 * The inline content with only allow-listed marks, and without line breaks inside text (the editor
 * does not make them; Markdown would read them as a space). Unsafe images become their alt text.
 * Only text can be code. Adjacent text that now looks alike is merged.
 */
function allowedInline(content: Fragment): ProseMirrorNode[] {
  const cleaned: ProseMirrorNode[] = [];
  content.forEach((node) => {
    const nodeMarks = node.marks.flatMap((mark) => allowedMark(mark) ?? []);
    const notCode = nodeMarks.filter((mark) => mark.type !== marks.code);
    if (node.isText) {
      const text = oneLine(node.text ?? '');
      if (text) cleaned.push(editorSchema.text(text, nodeMarks));
    } else if (node.type === nodes.hardBreak) {
      cleaned.push(nodes.hardBreak.create(null, null, notCode));
    } else if (node.type === nodes.image) {
      const alt = typeof node.attrs.alt === 'string' ? oneLine(node.attrs.alt) : '';
      const title = typeof node.attrs.title === 'string' ? oneLine(node.attrs.title) : '';
      if (isSafeImageSrc(node.attrs.src)) {
        cleaned.push(
          nodes.image.create({ src: node.attrs.src, alt: alt || null, title: title || null }, null, notCode),
        );
      } else if (alt) {
        cleaned.push(editorSchema.text(alt, notCode));
      }
    }
  });
  return [...Fragment.fromArray(cleaned).content];
}

/** An `&` that would start a character reference: escaped so text like `&amp;` stays as typed. */
export const ENTITY_LIKE_AMPERSAND = /&(?=#?[a-z0-9]+;)/gi;

function escapeLinkDestination(href: string): string {
  const escaped = href.replace(/[\\()<>]/g, '\\$&').replace(ENTITY_LIKE_AMPERSAND, '\\&');
  return href === '' || /\s/.test(href) ? `<${escaped}>` : escaped;
}

function escapeLinkTitle(title: string): string {
  return `"${title.replace(/[\\"]/g, '\\$&').replace(ENTITY_LIKE_AMPERSAND, '\\&')}"`;
}

function openingSyntax(mark: Mark, emphasis: EmphasisStyle): string {
  switch (mark.type) {
    case marks.bold:
      return emphasis === 'markdown' ? '**' : '<strong>';
    case marks.italic:
      return emphasis === 'markdown' ? '*' : '<em>';
    case marks.strike:
      return emphasis === 'markdown' ? '~~' : '<s>';
    case marks.underline:
      return '<u>';
    case marks.highlight:
      return `<mark data-color="${mark.attrs.color}">`;
    case marks.textStyle: {
      const declarations = [
        mark.attrs.color ? `color: ${mark.attrs.color}` : null,
        mark.attrs.fontSize ? `font-size: ${mark.attrs.fontSize}` : null,
      ];
      return `<span style="${declarations.filter(Boolean).join('; ')}">`;
    }
    case marks.link:
      return '[';
    default:
      return '';
  }
}

function closingSyntax(mark: Mark, emphasis: EmphasisStyle): string {
  switch (mark.type) {
    case marks.bold:
      return emphasis === 'markdown' ? '**' : '</strong>';
    case marks.italic:
      return emphasis === 'markdown' ? '*' : '</em>';
    case marks.strike:
      return emphasis === 'markdown' ? '~~' : '</s>';
    case marks.underline:
      return '</u>';
    case marks.highlight:
      return '</mark>';
    case marks.textStyle:
      return '</span>';
    case marks.link: {
      const title = mark.attrs.title ? ` ${escapeLinkTitle(mark.attrs.title)}` : '';
      return `](${escapeLinkDestination(mark.attrs.href)}${title})`;
    }
    default:
      return '';
  }
}

/**
 * A code span: a backtick run that does not occur in the code, and a space inside each end when the
 * code starts or ends with a backtick or with a space on both sides (Markdown strips one of those).
 */
export function codeSpan(code: string): string {
  const runs = new Set((code.match(/`+/g) ?? []).map((run) => run.length));
  let length = 1;
  while (runs.has(length)) length++;
  const fence = '`'.repeat(length);
  // Not a `.`-regex for "space, something, space": `.` stops at U+2028/U+2029, which code may hold.
  const spaceOnBothEnds = code.length > 1 && code.startsWith(' ') && code.endsWith(' ') && /[^ ]/.test(code);
  const pad = /^`|`$/.test(code) || spaceOnBothEnds ? ' ' : '';
  return `${fence}${pad}${code}${pad}${fence}`;
}

interface TextPosition {
  /** First thing on its line: block syntax (`#`, `-`, `1.`, `>`...) and leading whitespace matter. */
  lineStart: boolean;
  /** Last thing on its line: trailing whitespace would be trimmed. */
  lineEnd: boolean;
  /** Last thing in a heading: a trailing `#` would be read as the optional closing sequence. */
  headingEnd: boolean;
  /** Escape `|` too (a later line could otherwise complete a table). */
  pipes: boolean;
}

/** Whitespace as a numeric character reference, which Markdown neither trims nor treats as indentation. */
function whitespaceReference(character: string): string {
  return `&#${character.codePointAt(0)};`;
}

function escapeText(text: string, position: TextPosition): string {
  let escaped = text
    .replace(/[\\*_`[\]~]/g, '\\$&')
    .replace(ENTITY_LIKE_AMPERSAND, '\\&')
    // `&lt;` rather than `\<`: then every `<` in stored text starts an allow-listed tag.
    .replace(/</g, '&lt;');
  if (position.pipes) escaped = escaped.replace(/\|/g, '\\|');
  // A link may follow, and `![` would start an image.
  escaped = escaped.replace(/!$/, '\\!');
  if (position.headingEnd) escaped = escaped.replace(/#$/, '\\#');
  if (position.lineStart) {
    escaped = escaped
      .replace(/^[#>+=-]/, '\\$&')
      .replace(/^(\d{1,9})([.)])/, '$1\\$2')
      .replace(/^\s/, whitespaceReference);
  }
  if (position.lineEnd) escaped = escaped.replace(/\s$/, whitespaceReference);
  return escaped;
}

/** How many inline nodes from `start` on carry `mark`: longer-running marks are opened first. */
function markRunLength(inline: readonly ProseMirrorNode[], start: number, mark: Mark): number {
  let end = start;
  while (end < inline.length && mark.isInSet(inline[end]!.marks)) end++;
  return end - start;
}

function serializeInline(
  inline: readonly ProseMirrorNode[],
  context: InlineContext,
  emphasis: EmphasisStyle,
): string {
  let output = '';
  const openMarks: Mark[] = [];
  // The text of the open code span (code is always the innermost mark: nothing opens inside it).
  let code: string | null = null;
  const close = () => {
    const mark = openMarks.pop()!;
    if (mark.type === marks.code) {
      output += codeSpan(code ?? '');
      code = null;
    } else {
      output += closingSyntax(mark, emphasis);
    }
  };
  const isCode = (mark: Mark) => (mark.type === marks.code ? 1 : 0);

  inline.forEach((node, index) => {
    let keep = 0;
    while (keep < openMarks.length && openMarks[keep]!.isInSet(node.marks)) keep++;
    let toOpen = node.marks.filter((mark) => !mark.isInSet(openMarks.slice(0, keep)));
    // Another mark starting inside code: close the code span and open it again inside that mark.
    if (code !== null && keep === openMarks.length && toOpen.length > 0) keep--;
    while (openMarks.length > keep) close();
    toOpen = node.marks
      .filter((mark) => !mark.isInSet(openMarks))
      .sort(
        (a, b) => isCode(a) - isCode(b) || markRunLength(inline, index, b) - markRunLength(inline, index, a),
      );
    for (const mark of toOpen) {
      if (mark.type === marks.code) code = '';
      else output += openingSyntax(mark, emphasis);
      openMarks.push(mark);
    }

    const isLast = index === inline.length - 1;
    if (node.isText && code !== null) {
      code += node.text ?? '';
    } else if (node.isText) {
      output += escapeText(node.text ?? '', {
        lineStart: index === 0 || inline[index - 1]!.type === nodes.hardBreak,
        lineEnd: isLast || inline[index + 1]!.type === nodes.hardBreak,
        headingEnd: context.inHeading && isLast,
        pipes: context.multiLine,
      });
    } else if (node.type === nodes.image) {
      const alt = escapeText(node.attrs.alt ?? '', {
        lineStart: false,
        lineEnd: false,
        headingEnd: false,
        pipes: false,
      });
      const title = node.attrs.title ? ` ${escapeLinkTitle(node.attrs.title)}` : '';
      output += `![${alt}](${escapeLinkDestination(node.attrs.src)}${title})`;
    } else {
      // A backslash before the line end is the Markdown hard break, but it is literal at the end
      // of a paragraph, and headings and table cells are a single line.
      output += context.inHeading || context.inTable || isLast ? '<br>' : '\\\n';
    }
  });
  while (openMarks.length > 0) close();
  return output;
}

/**
 * CommonMark only reads `*`/`**`/`~~` as emphasis when they "flank" the text just so (not next to
 * whitespace on the inside, careful with punctuation, the rule of three...). Rather than
 * re-implementing those rules, check the result and fall back to `<strong>`/`<em>`/`<s>` for the
 * block when Markdown would read it differently.
 */
export function serializeTextblock(textblock: ProseMirrorNode, inTable = false): string {
  const inline = allowedInline(textblock.content);
  const context: InlineContext = {
    inHeading: textblock.type === nodes.heading,
    inTable,
    multiLine: inline.some((node) => node.type === nodes.hardBreak),
  };
  const markdown = serializeInline(inline, context, 'markdown');
  const hasMarks = inline.some((node) => node.marks.length > 0);
  // In a table the cell's pipes are escaped afterwards, which the table parser undoes first.
  if (!hasMarks || Fragment.fromArray(parseInlineMarkdown(markdown)).eq(Fragment.fromArray(inline))) {
    return markdown;
  }
  return serializeInline(inline, context, 'html');
}
