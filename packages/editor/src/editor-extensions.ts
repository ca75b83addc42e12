import { Extension, type Extensions, getSchema } from '@tiptap/core';
import Code from '@tiptap/extension-code';
import { TaskItem, TaskList } from '@tiptap/extension-list';
import { Table, TableRow } from '@tiptap/extension-table';
import { TextStyle } from '@tiptap/extension-text-style';
import { Placeholder } from '@tiptap/extensions';
import type { MarkType, NodeType } from '@tiptap/pm/model';
import StarterKit from '@tiptap/starter-kit';
import { isSafeLinkHref } from './allow-lists';
import { CheckedCodeBlock, CheckedTableCell, CheckedTableHeader, SafeImage } from './checked-nodes';
import { ChecklistInputRules } from './checklist-input-rules';
import { PaletteColor, PaletteFontSize, PaletteHighlight } from './palette-marks';

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
