import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { nodeTypes as nodes } from './editor-extensions';
import { parseMarkdownDocument } from './markdown-to-doc';

/*
 * A note as a plain-text file (the .txt export), for people rather than for search: unlike
 * markdownToPlainText, blocks are apart by a blank line and a list keeps what a reader needs,
 * its markers (`-`, `1.`, numbered from the list's start), checkbox state (`[ ]`/`[x]`) and nesting
 * (each level indented under its item's text). Quotes keep `> `, table cells are apart by ` | `,
 * a link whose text is not its address keeps the address in brackets, images give their alt text.
 */

function inlineText(textblock: ProseMirrorNode): string {
  let text = '';
  // The link being written: its address follows its last piece of text.
  let link: { href: string; text: string } | null = null;
  const endLink = () => {
    if (link && link.href !== link.text && !link.href.startsWith('mailto:')) text += ` (${link.href})`;
    link = null;
  };
  textblock.forEach((node) => {
    const href = node.marks.find((mark) => mark.type.name === 'link')?.attrs.href;
    if (link && link.href !== href) endLink();
    if (node.isText) {
      text += node.text ?? '';
      if (typeof href === 'string' && href) {
        link ??= { href, text: '' };
        link.text += node.text ?? '';
      }
    } else if (node.type === nodes.hardBreak) text += '\n';
    else if (node.type === nodes.image && node.attrs.alt) text += `[${node.attrs.alt}]`;
  });
  endLink();
  return text;
}

const indent = (lines: readonly string[], prefix: string) =>
  lines.map((line) => (line ? prefix + line : line));

function listLines(list: ProseMirrorNode): string[] {
  const lines: string[] = [];
  const declared = Math.trunc(Number(list.attrs.start ?? 1));
  // A list may start at 0 (Markdown "0." is valid); only a missing or unreadable start means 1.
  const start = Number.isFinite(declared) ? declared : 1;
  list.forEach((item, _offset, index) => {
    const marker =
      list.type === nodes.orderedList
        ? `${start + index}.`
        : list.type === nodes.taskList
          ? `[${item.attrs.checked ? 'x' : ' '}]`
          : '-';
    const [first = '', ...rest] = blocksText(item.children, true);
    lines.push(`${marker} ${first}`.trimEnd(), ...indent(rest, ' '.repeat(marker.length + 1)));
  });
  return lines;
}

function blockLines(block: ProseMirrorNode): string[] {
  if (block.type === nodes.codeBlock) return block.textContent.split('\n');
  if (block.isTextblock) return inlineText(block).split('\n');
  if (block.type === nodes.bulletList || block.type === nodes.orderedList || block.type === nodes.taskList)
    return listLines(block);
  if (block.type === nodes.blockquote)
    return blocksText(block.children).map((line) => (line ? `> ${line}` : '>'));
  if (block.type === nodes.horizontalRule) return ['---'];
  if (block.type === nodes.table) {
    const rows: string[] = [];
    block.forEach((row) => {
      const cells: string[] = [];
      row.forEach((cell) => {
        cells.push(blocksText(cell.children, true).join(' ').trim());
      });
      rows.push(cells.join(' | '));
    });
    return rows;
  }
  return blocksText(block.children);
}

/** Blocks apart by a blank line; inside a list item (`tight`), lists follow their text directly. */
function blocksText(blocks: readonly ProseMirrorNode[], tight = false): string[] {
  const lines: string[] = [];
  let previousWasText = false;
  for (const block of blocks) {
    const own = blockLines(block);
    if (own.length === 0 || (own.length === 1 && own[0] === '')) continue;
    const isList =
      block.type === nodes.bulletList || block.type === nodes.orderedList || block.type === nodes.taskList;
    if (lines.length > 0 && !(tight && isList && previousWasText)) lines.push('');
    lines.push(...own);
    previousWasText = block.isTextblock;
  }
  return lines;
}

/** Stored note content -> the body of its .txt export (no trailing newline). */
export function markdownToTextFile(markdown: string): string {
  return blocksText(parseMarkdownDocument(markdown).children).join('\n').trim();
}
