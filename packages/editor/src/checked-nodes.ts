import { nodeInputRule } from '@tiptap/core';
import CodeBlock from '@tiptap/extension-code-block';
import Image from '@tiptap/extension-image';
import { TableCell, TableHeader } from '@tiptap/extension-table';
import { isSafeImageSrc, toCellAlignment, toCodeLanguage, toColumnWidths, toTableSpan } from './allow-lists';

/*
 * Nodes whose attributes the schema itself checks (`validate`), so a document holding an unsafe
 * value cannot be built, whether it comes from pasted HTML, a command or a collaborator's update.
 */

/** `![alt](src "title")` typed at the end of a line (TipTap's pattern, title in either quotes). */
const IMAGE_INPUT = /(?:^|\s)(!\[([^\]]*)\]\((\S+)(?:\s+["']([^"']+)["'])?\))$/;

function assertSafeImageSrc(src: unknown): void {
  if (!isSafeImageSrc(src)) throw new RangeError('image src must be https: or a relative path');
}

/**
 * Images are inline, as in Markdown (`text ![alt](src) text` keeps its place in the paragraph), and
 * carry only what Markdown stores: src, alt and title. The src is checked by the schema itself
 * (`validate`), so a document holding `javascript:`/`data:`/`http:` image cannot be built: pasted
 * HTML with such an image is not parsed as one, setImage and the input rule refuse it, and the
 * co-editing validator (node.check()) refuses an update carrying it.
 */
export const SafeImage = Image.extend({
  addAttributes() {
    return {
      src: {
        default: null,
        validate: assertSafeImageSrc,
        parseHTML: (element) => element.getAttribute('src'),
      },
      alt: { default: null },
      title: { default: null },
    };
  },
  parseHTML() {
    return [
      {
        tag: 'img[src]',
        getAttrs: (element) => (isSafeImageSrc(element.getAttribute('src')) ? null : false),
      },
    ];
  },
  addCommands() {
    return {
      setImage:
        (options) =>
        ({ commands }) =>
          isSafeImageSrc(options.src) &&
          commands.insertContent({
            type: this.name,
            attrs: { src: options.src, alt: options.alt ?? null, title: options.title ?? null },
          }),
    };
  },
  addInputRules() {
    return [
      nodeInputRule({
        find: (text) => {
          const match = IMAGE_INPUT.exec(text);
          if (!match?.[1] || !isSafeImageSrc(match[3])) return null;
          return {
            index: match.index + match[0].length - match[1].length,
            text: match[1],
            data: { src: match[3], alt: match[2] || null, title: match[4] ?? null },
          };
        },
        type: this.type,
        getAttributes: (match) => match.data ?? {},
      }),
    ];
  },
}).configure({ inline: true, allowBase64: false });

/** The part of a DOM element the parse rules below read (the server compiles without the DOM types). */
interface ParsedElement {
  getAttribute(name: string): string | null;
  readonly style: { readonly textAlign: string };
  readonly firstElementChild: ParsedElement | null;
}

/** A `validate` for an attribute: the value must already be what `normalise` makes of it. */
function normalised<T>(normalise: (value: unknown) => T, what: string) {
  return (value: unknown) => {
    if (JSON.stringify(normalise(value)) !== JSON.stringify(value)) throw new RangeError(`invalid ${what}`);
  };
}

/**
 * Table cells as TipTap makes them, with their attributes checked by the schema: the stock ones take
 * any value from a collaborator and render it into `style` (`text-align: ...`, `width: ...px`) or
 * feed it to the table layout (a string or huge colspan). Pasted HTML is read into valid values.
 */
function checkedCellAttributes<Parent>(parent: Parent) {
  return {
    ...parent,
    colspan: {
      default: 1,
      validate: normalised(toTableSpan, 'colspan'),
      parseHTML: (element: ParsedElement) => toTableSpan(element.getAttribute('colspan')),
    },
    rowspan: {
      default: 1,
      validate: normalised(toTableSpan, 'rowspan'),
      parseHTML: (element: ParsedElement) => toTableSpan(element.getAttribute('rowspan')),
    },
    colwidth: {
      default: null,
      validate: normalised(toColumnWidths, 'colwidth'),
      parseHTML: (element: ParsedElement) =>
        toColumnWidths(
          element
            .getAttribute('colwidth')
            ?.split(',')
            .map((width) => Number(width)),
        ),
    },
    align: {
      default: null,
      validate: normalised(toCellAlignment, 'align'),
      parseHTML: (element: ParsedElement) =>
        toCellAlignment(
          (element.style.textAlign || element.getAttribute('align') || '').trim().toLowerCase(),
        ),
      renderHTML: (attributes: Record<string, unknown>) => {
        const align = toCellAlignment(attributes.align);
        return align ? { style: `text-align: ${align}` } : {};
      },
    },
  };
}

export const CheckedTableCell = TableCell.extend({
  addAttributes() {
    return checkedCellAttributes(this.parent?.());
  },
});

export const CheckedTableHeader = TableHeader.extend({
  addAttributes() {
    return checkedCellAttributes(this.parent?.());
  },
});

/**
 * StarterKit's plain code block (``` and ```lang input rules) with its language checked: it ends up
 * in a `class` attribute and after a Markdown fence, so one word, no whitespace or control characters
 * (read from pasted HTML the same way). The web adds highlighting as a decoration; the schema (and
 * the server) never needs a highlighter.
 */
export const CheckedCodeBlock = CodeBlock.extend({
  addAttributes() {
    return {
      language: {
        default: null,
        validate: normalised(toCodeLanguage, 'language'),
        parseHTML: (element: ParsedElement) => {
          const classes = ((element.firstElementChild ?? element).getAttribute('class') ?? '').split(/\s+/);
          return toCodeLanguage(
            classes.find((name) => name.startsWith('language-'))?.slice('language-'.length),
          );
        },
        // CodeBlock's own renderHTML puts the (checked) language on the <code> element.
        renderHTML: () => ({}),
      },
    };
  },
}).configure({ defaultLanguage: null });
