import type { JSONContent } from '@tiptap/core';

/*
 * The editor document (ProseMirror JSON from markdownToDoc) as the PDF and Word writers read it.
 * Written over the node and mark names of the editor schema, including those that only some
 * versions of the schema have (strike, code, codeBlock, horizontalRule, image, tables): a document
 * always renders, and a node this code does not know falls back to its text.
 */

export type DocNode = JSONContent;

/** A stretch of text with one set of formatting; `text` is '\n' for a hard break. */
export interface InlineRun {
  text: string;
  bold: boolean;
  italic: boolean;
  underline: boolean;
  strike: boolean;
  code: boolean;
  /** Palette hex (#rrggbb) or undefined. */
  color?: string | undefined;
  highlight?: string | undefined;
  href?: string | undefined;
  /** CSS size such as '18px'. */
  fontSize?: string | undefined;
}

const HEX = /^#[0-9a-f]{6}$/i;
const hexOrUndefined = (value: unknown) => (typeof value === 'string' && HEX.test(value) ? value : undefined);

function runFor(text: string, marks: DocNode['marks']): InlineRun {
  const run: InlineRun = { text, bold: false, italic: false, underline: false, strike: false, code: false };
  for (const mark of marks ?? []) {
    const attrs = mark.attrs ?? {};
    switch (mark.type) {
      case 'bold':
        run.bold = true;
        break;
      case 'italic':
        run.italic = true;
        break;
      case 'underline':
        run.underline = true;
        break;
      case 'strike':
        run.strike = true;
        break;
      case 'code':
        run.code = true;
        break;
      case 'link':
        run.href = typeof attrs.href === 'string' ? attrs.href : undefined;
        break;
      case 'highlight':
        run.highlight = hexOrUndefined(attrs.color) ?? '#fef08a';
        break;
      case 'textStyle':
        run.color = hexOrUndefined(attrs.color) ?? run.color;
        run.fontSize = typeof attrs.fontSize === 'string' ? attrs.fontSize : run.fontSize;
        break;
    }
  }
  return run;
}

/** The inline content of a textblock as runs; unknown inline nodes give their text. */
export function inlineRuns(node: DocNode): InlineRun[] {
  const runs: InlineRun[] = [];
  const visit = (child: DocNode) => {
    if (child.type === 'text') {
      if (child.text) runs.push(runFor(child.text, child.marks));
    } else if (child.type === 'hardBreak') {
      runs.push(runFor('\n', child.marks));
    } else if (child.type === 'image') {
      const alt = typeof child.attrs?.alt === 'string' ? child.attrs.alt : '';
      runs.push(runFor(alt ? `[image: ${alt}]` : '[image]', child.marks));
    } else {
      for (const grandchild of child.content ?? []) visit(grandchild);
    }
  };
  for (const child of node.content ?? []) visit(child);
  return runs;
}

/** All text under a node, blocks separated by newlines: the fallback for nodes we do not know. */
export function textOf(node: DocNode): string {
  if (node.type === 'text') return node.text ?? '';
  if (node.type === 'hardBreak') return '\n';
  const children = node.content ?? [];
  const isTextblock = children.some((child) => child.type === 'text' || child.type === 'hardBreak');
  return children.map(textOf).join(isTextblock ? '' : '\n');
}

/** Font size in points for a palette CSS size ('18px' -> 13.5 pt). */
export function pointsOf(fontSize: string | undefined): number | undefined {
  const px = fontSize ? /^(\d+(?:\.\d+)?)px$/.exec(fontSize)?.[1] : undefined;
  return px ? Number(px) * 0.75 : undefined;
}

/** The code block's text (its children are text nodes, maybe with hard breaks). */
export function codeText(node: DocNode): string {
  return textOf(node);
}

/** The rows of a table as cells, each cell a list of blocks, with header flags. */
export function tableRows(node: DocNode): { header: boolean; blocks: DocNode[] }[][] {
  return (node.content ?? [])
    .filter((row) => row.type === 'tableRow')
    .map((row) =>
      (row.content ?? []).map((cell) => ({
        header: cell.type === 'tableHeader',
        blocks: cell.content ?? [],
      })),
    );
}
