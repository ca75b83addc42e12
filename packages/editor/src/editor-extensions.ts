import { Extension, type Extensions, getSchema, nodeInputRule } from '@tiptap/core';
import Code from '@tiptap/extension-code';
import CodeBlock from '@tiptap/extension-code-block';
import Highlight from '@tiptap/extension-highlight';
import Image from '@tiptap/extension-image';
import { TaskItem, TaskList } from '@tiptap/extension-list';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import { Color, FontSize, TextStyle } from '@tiptap/extension-text-style';
import { Placeholder } from '@tiptap/extensions';
import type { MarkType, NodeType } from '@tiptap/pm/model';
import StarterKit from '@tiptap/starter-kit';
import {
  DEFAULT_HIGHLIGHT_COLOR,
  isSafeImageSrc,
  isSafeLinkHref,
  toCellAlignment,
  toCodeLanguage,
  toColumnWidths,
  toPaletteFontSize,
  toPaletteHighlightColor,
  toPaletteTextColor,
  toTableSpan,
} from './allow-lists';
import { ChecklistInputRules } from './checklist-input-rules';

/**
 * The stock extensions accept any CSS value and render it verbatim into a `style` attribute, so a
 * pasted `color: red; background: url(...)` or a value sent by another collaborator would reach the
 * page. These overrides keep the same attributes and commands but only parse, set and render palette
 * values; anything else becomes "no colour" / "no size".
 */

const PaletteColor = Color.extend({
  addGlobalAttributes() {
    return [
      {
        types: ['textStyle'],
        attributes: {
          color: {
            default: null,
            parseHTML: (element) => toPaletteTextColor(element.style.color),
            renderHTML: (attributes) => {
              const color = toPaletteTextColor(attributes.color);
              return color ? { style: `color: ${color}` } : {};
            },
          },
        },
      },
    ];
  },
  addCommands() {
    return {
      ...this.parent?.(),
      setColor:
        (color) =>
        ({ chain }) => {
          const paletteColor = toPaletteTextColor(color);
          return paletteColor !== null && chain().setMark('textStyle', { color: paletteColor }).run();
        },
    };
  },
});

const PaletteFontSize = FontSize.extend({
  addGlobalAttributes() {
    return [
      {
        types: ['textStyle'],
        attributes: {
          fontSize: {
            default: null,
            parseHTML: (element) => toPaletteFontSize(element.style.fontSize),
            renderHTML: (attributes) => {
              const fontSize = toPaletteFontSize(attributes.fontSize);
              return fontSize ? { style: `font-size: ${fontSize}` } : {};
            },
          },
        },
      },
    ];
  },
  addCommands() {
    return {
      ...this.parent?.(),
      setFontSize:
        (fontSize) =>
        ({ chain }) => {
          const size = toPaletteFontSize(fontSize);
          return size !== null && chain().setMark('textStyle', { fontSize: size }).run();
        },
    };
  },
});

const PaletteHighlight = Highlight.extend({
  addAttributes() {
    return {
      color: {
        // A highlight always has a palette colour: `==text==` and toggleHighlight() get the first one.
        default: DEFAULT_HIGHLIGHT_COLOR,
        parseHTML: (element) =>
          toPaletteHighlightColor(element.getAttribute('data-color') ?? element.style.backgroundColor) ??
          DEFAULT_HIGHLIGHT_COLOR,
        renderHTML: (attributes) => {
          const color = toPaletteHighlightColor(attributes.color) ?? DEFAULT_HIGHLIGHT_COLOR;
          return { 'data-color': color, style: `background-color: ${color}; color: inherit` };
        },
      },
    };
  },
  addCommands() {
    const paletteAttributes = (attributes?: { color: string }) => ({
      color: toPaletteHighlightColor(attributes?.color) ?? DEFAULT_HIGHLIGHT_COLOR,
    });
    return {
      ...this.parent?.(),
      setHighlight:
        (attributes) =>
        ({ commands }) =>
          commands.setMark(this.name, paletteAttributes(attributes)),
      toggleHighlight:
        (attributes) =>
        ({ commands }) =>
          commands.toggleMark(this.name, paletteAttributes(attributes)),
    };
  },
}).configure({ multicolor: true });

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
const SafeImage = Image.extend({
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

const CheckedTableCell = TableCell.extend({
  addAttributes() {
    return checkedCellAttributes(this.parent?.());
  },
});

const CheckedTableHeader = TableHeader.extend({
  addAttributes() {
    return checkedCellAttributes(this.parent?.());
  },
});

/**
 * TipTap's inline code excludes every other mark; Markdown allows a code span inside a link or bold
 * (`[`npm test`](https://...)`), so only code itself is excluded here.
 */
const MarkdownCode = Code.extend({ excludes: 'code' });

/**
 * Markdown tells a tight list (`<li>text</li>`) from a loose one (items apart, `<li><p>text</p></li>`).
 * Kept as an attribute so a loose list stays loose; lists made in the editor are tight.
 */
const ListSpacing = Extension.create({
  name: 'listSpacing',
  addGlobalAttributes() {
    return [
      {
        types: ['bulletList', 'orderedList', 'taskList'],
        attributes: {
          tight: {
            default: true,
            validate: 'boolean',
            parseHTML: (element) => element.getAttribute('data-tight') !== 'false',
            renderHTML: (attributes) => (attributes.tight === false ? { 'data-tight': 'false' } : {}),
          },
        },
      },
    ];
  },
});

/**
 * StarterKit's plain code block (``` and ```lang input rules) with its language checked: it ends up
 * in a `class` attribute and after a Markdown fence, so one word, no whitespace or control characters
 * (read from pasted HTML the same way). The web adds highlighting as a decoration; the schema (and
 * the server) never needs a highlighter.
 */
const CheckedCodeBlock = CodeBlock.extend({
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

export interface EditorExtensionOptions {
  /** Shown in an empty editor (browser only; no effect on the schema). */
  placeholder?: string;
  /**
   * For co-editing (Yjs): leaves out StarterKit's undo/redo history, which the Collaboration
   * extension replaces with its own. No effect on the schema.
   */
  collaboration?: boolean;
}

/**
 * THE extension list for notes, shared by the web editor and the server (collaboration persistence,
 * Markdown conversion). Anything added here needs a stored form in doc-to-markdown.ts and
 * markdown-to-doc.ts. Safe in Node without a DOM: nothing touches `document` until an editor view
 * is mounted.
 */
export function createEditorExtensions(options: EditorExtensionOptions = {}): Extensions {
  const extensions: Extensions = [
    StarterKit.configure({
      // Markdown input rules (`# `..`###### `, `> `, `- `, `1. `, ``` ``` ```/```lang, `---`, `~~x~~`,
      // `**x**`, `*x*`) are StarterKit's own; checklists and images add theirs below.
      heading: { levels: [1, 2, 3, 4, 5, 6] },
      // Replaced by MarkdownCode below.
      code: false,
      // Replaced by CheckedCodeBlock below.
      codeBlock: false,
      // Appends an empty paragraph in every client, which races under collaboration; the stored
      // format drops empty paragraphs anyway.
      trailingNode: false,
      ...(options.collaboration ? { undoRedo: false as const } : {}),
      link: {
        autolink: true,
        openOnClick: false,
        linkOnPaste: true,
        defaultProtocol: 'https',
        HTMLAttributes: { rel: 'noopener noreferrer nofollow' },
        // http/https/mailto are linkify built-ins, so nothing to register in `protocols`; this check
        // is what limits links to SAFE_LINK_PROTOCOLS (on paste, autolink, setLink and render).
        isAllowedUri: (url) => isSafeLinkHref(url),
      },
    }),
    TextStyle,
    PaletteColor,
    PaletteFontSize,
    PaletteHighlight,
    TaskList,
    TaskItem.configure({ nested: true }),
    ListSpacing,
    MarkdownCode,
    SafeImage,
    // GFM tables. Column widths have no Markdown form, so no resizing (it would not survive a save).
    Table.configure({ resizable: false }),
    TableRow,
    CheckedTableHeader,
    CheckedTableCell,
    CheckedCodeBlock,
    // Typing shortcuts only (no schema change).
    ChecklistInputRules,
  ];
  if (options.placeholder) extensions.push(Placeholder.configure({ placeholder: options.placeholder }));
  return extensions;
}

/** The ProseMirror schema of a note, built once (usable in Node). */
export const editorSchema = getSchema(createEditorExtensions());

function requiredType<T>(types: Readonly<Record<string, T>>, name: string): T {
  const type = types[name];
  if (!type) throw new Error(`editorSchema has no "${name}"`);
  return type;
}

const nodeNames = [
  'doc',
  'paragraph',
  'heading',
  'blockquote',
  'bulletList',
  'orderedList',
  'listItem',
  'taskList',
  'taskItem',
  'hardBreak',
  'codeBlock',
  'horizontalRule',
  'image',
  'table',
  'tableRow',
  'tableHeader',
  'tableCell',
] as const;
const markNames = [
  'bold',
  'italic',
  'underline',
  'strike',
  'code',
  'link',
  'textStyle',
  'highlight',
] as const;

/** The node and mark types the Markdown conversion handles, looked up once (and checked to exist). */
export const nodeTypes = Object.fromEntries(
  nodeNames.map((name) => [name, requiredType(editorSchema.nodes, name)]),
) as Record<(typeof nodeNames)[number], NodeType>;
export const markTypes = Object.fromEntries(
  markNames.map((name) => [name, requiredType(editorSchema.marks, name)]),
) as Record<(typeof markNames)[number], MarkType>;
