import { isSafeLinkHref } from '@notewise/editor';
import type { DocNode } from './doc-model';
import { type DocxCounts, emptyCounts } from './docx-counts';
import { type HtmlElement, type HtmlNode, isElement, textContent } from './docx-html';
import { BLOCK_TAGS, convertTable, paragraph, trimEdges } from './docx-table';

/*
 * Mammoth's HTML tree -> an editor document (ProseMirror JSON of the editor schema), which
 * docToMarkdown then writes in the one stored Markdown form: no second Markdown writer. What the
 * schema cannot hold is approximated in a way that keeps the words (merged cells become empty cells,
 * lists and tables inside a cell become lines of its text, super/subscript plain text) and counted,
 * so the import summary can say so. Word bookmarks (`<a id>`) and footnote back-links are dropped:
 * they never become visible text.
 */

type Mark = NonNullable<DocNode['marks']>[number];

const MARK_TAGS: Readonly<Record<string, Mark>> = {
  strong: { type: 'bold' },
  b: { type: 'bold' },
  em: { type: 'italic' },
  i: { type: 'italic' },
  u: { type: 'underline' },
  s: { type: 'strike' },
  del: { type: 'strike' },
  strike: { type: 'strike' },
  code: { type: 'code' },
};

/** Our exporter's checkboxes (☐/☑) and Word's checked glyph (☒), at the start of a paragraph. */
const TASK_GLYPH = /^\s*([☐☑☒])\s?/;
const NOTE_ID = /^(?:footnote|endnote)-\d+$/;
const NOTE_REF = /^#(?:footnote|endnote)-\d+$/;
const BACK_LINK = /^#(?:footnote|endnote)-ref-\d+$/;
/** Deeper than this, nested lists and quotes are flattened (a crafted document cannot overflow the stack). */
const MAX_DEPTH = 40;

function withMark(marks: readonly Mark[], mark: Mark): Mark[] {
  return marks.some((existing) => existing.type === mark.type) ? [...marks] : [...marks, mark];
}

class Converter {
  readonly counts = emptyCounts();

  /** The document's bookmarks (`<a id>`): a link to one points into the Word file. */
  constructor(
    private readonly bookmarks: ReadonlySet<string>,
    /** Code block languages by index, as docx-convert.ts tags their blocks (`code-language-N`). */
    private readonly codeLanguages: readonly string[],
  ) {}

  inline(nodes: readonly HtmlNode[], marks: readonly Mark[] = []): DocNode[] {
    const out: DocNode[] = [];
    for (const node of nodes) {
      if (!isElement(node)) {
        const text = node.text.replace(/\r?\n/g, ' ');
        if (text) out.push({ type: 'text', text, ...(marks.length > 0 ? { marks: [...marks] } : {}) });
        continue;
      }
      const mark = MARK_TAGS[node.tag];
      if (mark) out.push(...this.inline(node.children, withMark(marks, mark)));
      else if (node.tag === 'br') out.push({ type: 'hardBreak' });
      else if (node.tag === 'a') out.push(...this.anchor(node, marks));
      else if (node.tag === 'img') {
        const src = node.attrs.src ?? '';
        if (!src) continue;
        this.counts.images += 1;
        out.push({ type: 'image', attrs: { src, alt: node.attrs.alt ?? null } });
      } else if (node.tag === 'input') {
        // A content-control checkbox in running text keeps its state as the glyph.
        out.push({ type: 'text', text: node.attrs.checked ? '☒' : '☐' });
      } else if (node.tag === 'sup' || node.tag === 'sub') {
        const isNoteReference = node.children.some(
          (child) => isElement(child) && child.tag === 'a' && NOTE_REF.test(child.attrs.href ?? ''),
        );
        if (!isNoteReference) this.counts.superSubscripts += 1;
        out.push(...this.inline(node.children, marks));
      } else out.push(...this.inline(node.children, marks));
    }
    return out;
  }

  private anchor(node: HtmlElement, marks: readonly Mark[]): DocNode[] {
    const href = node.attrs.href;
    // A bookmark: nothing visible in Word, nothing here.
    if (href === undefined) return this.inline(node.children, marks);
    if (BACK_LINK.test(href)) return [];
    // A footnote reference keeps its number as text ("[1]"), matching the list at the end.
    if (NOTE_REF.test(href)) return this.inline(node.children, marks);
    // A link to a bookmark (Word's own start with `_`: _Toc, _Ref, _Hlk) has nowhere to go in a
    // note; any other `#part` link stays as written.
    if (href.startsWith('#') && (href.startsWith('#_') || this.bookmarks.has(href.slice(1)))) {
      this.counts.internalLinks += 1;
      return this.inline(node.children, marks);
    }
    if (!isSafeLinkHref(href)) {
      this.counts.unsafeLinks += 1;
      return this.inline(node.children, marks);
    }
    this.counts.links += 1;
    return this.inline(node.children, withMark(marks, { type: 'link', attrs: { href } }));
  }

  /** A paragraph's inline content, or a task item when it starts with a checkbox. */
  private paragraphOrTask(node: HtmlElement): DocNode | null {
    const [first, ...rest] = node.children;
    let checked: boolean | null = null;
    let children = node.children;
    if (first && isElement(first) && first.tag === 'input' && first.attrs.type === 'checkbox') {
      checked = first.attrs.checked !== undefined;
      children = rest;
    } else {
      const glyph = TASK_GLYPH.exec(textContent(node));
      if (glyph) {
        checked = glyph[1] !== '☐';
        children = stripLeadingText(node.children, glyph[0].length);
      }
    }
    const content = this.inline(children);
    if (checked === null) return content.length > 0 ? paragraph(content) : null;
    this.counts.tasks += 1;
    return {
      type: 'taskList',
      content: [{ type: 'taskItem', attrs: { checked }, content: [paragraph(content)] }],
    };
  }

  private list(node: HtmlElement, depth: number): DocNode[] {
    // Anything in a list that is not an item (never seen from mammoth) is kept as an item of its own.
    const items = node.children
      .filter((child) => isElement(child) || child.text.trim() !== '')
      .map(
        (child): HtmlElement =>
          isElement(child) && child.tag === 'li' ? child : { tag: 'li', attrs: {}, children: [child] },
      );
    const isFootnotes = items.length > 0 && items.every((item) => NOTE_ID.test(item.attrs.id ?? ''));
    const converted = items.map((item) => this.listItem(item, depth));
    if (converted.length === 0) return [];
    if (isFootnotes) this.counts.footnotes += converted.length;
    // Word keeps a checklist next to a list in one list: runs of checkbox items become checklists.
    const runs: { tasks: boolean; items: typeof converted }[] = [];
    for (const item of converted) {
      const tasks = item.checked !== null;
      const last = runs[runs.length - 1];
      if (last && last.tasks === tasks) last.items.push(item);
      else runs.push({ tasks, items: [item] });
    }
    // An `<ol start="3">` keeps its numbers; a run after a checklist run goes on counting.
    const given = Number(node.attrs.start ?? 1);
    let number = node.tag === 'ol' && Number.isInteger(given) ? Math.min(Math.max(given, 0), 999_999_999) : 1;
    return runs.map((run): DocNode => {
      const start = number;
      number += run.items.length;
      if (run.tasks) {
        this.counts.tasks += run.items.length;
        return {
          type: 'taskList',
          content: run.items.map((item) => ({
            type: 'taskItem',
            attrs: { checked: item.checked },
            content: item.content,
          })),
        };
      }
      if (!isFootnotes) this.counts.listItems += run.items.length;
      return {
        type: node.tag === 'ol' ? 'orderedList' : 'bulletList',
        ...(node.tag === 'ol' && start !== 1 ? { attrs: { start } } : {}),
        content: run.items.map((item) => ({ type: 'listItem', content: item.content })),
      };
    });
  }

  private listItem(item: HtmlElement, depth: number): { checked: boolean | null; content: DocNode[] } {
    // The item's own text runs until its first block (a nested list, a paragraph).
    const head: HtmlNode[] = [];
    let index = 0;
    for (; index < item.children.length; index++) {
      const child = item.children[index]!;
      if (isElement(child) && BLOCK_TAGS.has(child.tag)) break;
      head.push(child);
    }
    let blocks = this.blocks(item.children.slice(index), depth + 1);
    let checked: boolean | null = null;
    let first: DocNode | null =
      head.length > 0 ? this.paragraphOrTask({ tag: 'p', attrs: {}, children: head }) : null;
    if (first === null && blocks[0]?.type === 'paragraph') first = blocks.shift() ?? null;
    if (first?.type === 'taskList') {
      const task = first.content?.[0];
      checked = task?.attrs?.checked === true;
      first = task?.content?.[0] ?? paragraph([]);
      this.counts.tasks -= 1;
    }
    blocks = [first ?? paragraph([]), ...blocks];
    return { checked, content: blocks };
  }

  blocks(nodes: readonly HtmlNode[], depth = 0): DocNode[] {
    const out: DocNode[] = [];
    let run: HtmlNode[] = [];
    const flush = () => {
      const content = this.inline(run);
      if (content.some((node) => node.type !== 'text' || node.text?.trim())) out.push(paragraph(content));
      run = [];
    };
    for (const node of nodes) {
      if (!isElement(node) || !BLOCK_TAGS.has(node.tag)) {
        run.push(node);
        continue;
      }
      flush();
      const flat = depth >= MAX_DEPTH;
      switch (node.tag) {
        case 'p': {
          const block = this.paragraphOrTask(node);
          if (block) out.push(block);
          break;
        }
        case 'h1':
        case 'h2':
        case 'h3':
        case 'h4':
        case 'h5':
        case 'h6': {
          // The document's Title paragraph becomes the note's title, not one of its headings.
          if (node.attrs.class !== 'doc-title') this.counts.headings += 1;
          out.push({
            type: 'heading',
            attrs: { level: Number(node.tag[1]) },
            content: trimEdges(this.inline(node.children)),
          });
          break;
        }
        case 'ul':
        case 'ol':
          out.push(...(flat ? this.blocks(node.children, depth) : this.list(node, depth)));
          break;
        case 'table': {
          const table = convertTable(node, this);
          if (table) out.push(table);
          break;
        }
        case 'pre': {
          this.counts.codeBlocks += 1;
          const text = textContent(node).replace(/\n$/, '');
          const tagged = /^code-language-(\d+)$/.exec(node.attrs.class ?? '')?.[1];
          const language = tagged === undefined ? null : (this.codeLanguages[Number(tagged)] ?? null);
          out.push({
            type: 'codeBlock',
            attrs: { language },
            content: text ? [{ type: 'text', text }] : [],
          });
          break;
        }
        case 'blockquote': {
          const inner = this.blocks(node.children, depth + 1);
          if (inner.length > 0) out.push(flat ? inner : { type: 'blockquote', content: inner });
          break;
        }
        case 'hr':
          out.push({ type: 'horizontalRule' });
          break;
        default:
          out.push(...this.blocks(node.children, depth + 1));
      }
    }
    flush();
    return out.flat().filter((block): block is DocNode => block !== undefined);
  }
}

/** `nodes` without their first `length` characters of text (a checkbox glyph). */
function stripLeadingText(nodes: readonly HtmlNode[], length: number): HtmlNode[] {
  let left = length;
  const strip = (node: HtmlNode): HtmlNode | null => {
    if (left <= 0) return node;
    if (!isElement(node)) {
      const cut = Math.min(left, node.text.length);
      left -= cut;
      return node.text.length > cut ? { text: node.text.slice(cut) } : null;
    }
    const children = node.children.map(strip).filter((child): child is HtmlNode => child !== null);
    return { ...node, children };
  };
  return nodes.map(strip).filter((node): node is HtmlNode => node !== null);
}

/** Adjacent one-item task lists (our exporter's checkbox paragraphs) as one list, at every level. */
function mergeTaskLists(blocks: DocNode[]): DocNode[] {
  const out: DocNode[] = [];
  for (const block of blocks) {
    if (block.content) block.content = mergeTaskLists(block.content);
    const previous = out[out.length - 1];
    if (block.type === 'taskList' && previous?.type === 'taskList')
      previous.content = [...(previous.content ?? []), ...(block.content ?? [])];
    else out.push(block);
  }
  return out;
}

/** Mammoth's HTML tree -> an editor document and what was counted on the way. */
export function htmlToDoc(
  nodes: readonly HtmlNode[],
  codeLanguages: readonly string[] = [],
): { doc: DocNode; counts: DocxCounts } {
  const bookmarks = new Set<string>();
  const collect = (node: HtmlNode) => {
    if (!isElement(node)) return;
    if (node.tag === 'a' && node.attrs.id !== undefined && node.attrs.href === undefined)
      bookmarks.add(node.attrs.id);
    node.children.forEach(collect);
  };
  nodes.forEach(collect);
  const converter = new Converter(bookmarks, codeLanguages);
  const content = mergeTaskLists(converter.blocks(nodes));
  return {
    doc: { type: 'doc', content: content.length > 0 ? content : [paragraph([])] },
    counts: converter.counts,
  };
}
