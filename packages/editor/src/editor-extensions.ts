import { type Extensions, getSchema } from '@tiptap/core';
import Highlight from '@tiptap/extension-highlight';
import { TaskItem, TaskList } from '@tiptap/extension-list';
import { Color, FontSize, TextStyle } from '@tiptap/extension-text-style';
import { Placeholder } from '@tiptap/extensions';
import type { MarkType, NodeType } from '@tiptap/pm/model';
import StarterKit from '@tiptap/starter-kit';
import {
  DEFAULT_HIGHLIGHT_COLOR,
  isSafeLinkHref,
  toPaletteFontSize,
  toPaletteHighlightColor,
  toPaletteTextColor,
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
      heading: { levels: [1, 2, 3] },
      // Not part of the stored format (ARCHITECTURE 6): no Markdown/HTML form we keep for them.
      code: false,
      codeBlock: false,
      strike: false,
      horizontalRule: false,
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
] as const;
const markNames = ['bold', 'italic', 'underline', 'link', 'textStyle', 'highlight'] as const;

/** The node and mark types the Markdown conversion handles, looked up once (and checked to exist). */
export const nodeTypes = Object.fromEntries(
  nodeNames.map((name) => [name, requiredType(editorSchema.nodes, name)]),
) as Record<(typeof nodeNames)[number], NodeType>;
export const markTypes = Object.fromEntries(
  markNames.map((name) => [name, requiredType(editorSchema.marks, name)]),
) as Record<(typeof markNames)[number], MarkType>;
