import sax from 'sax';
import type { HtmlElement, HtmlNode } from './docx-html';
import { isElement } from './docx-html';

/*
 * Evernote's note content (ENML: an XHTML subset inside `<en-note>`) -> the same small HTML tree the
 * Word import reads (docx-html.ts), so one converter (docx-to-doc.ts) makes the editor document. The
 * XML is read by sax, which never loads a DTD and never expands entities a document declares (a
 * billion-laughs DOCTYPE stays inert text), in loose mode so a stray `<br>` does not lose the rest.
 * Evernote's own elements are mapped here: `<en-todo>` -> a checkbox, `<en-media>` -> an image or the
 * attachment's name, `<en-crypt>` -> a marker; so are the two forms newer Evernote writes with CSS
 * (`--en-todo` checklists, `--en-codeblock` code blocks) and its nested lists beside their item.
 */

/** What the ENML named that is not plain HTML, for the importer to resolve and count. */
export interface EnmlContext {
  /** An `<en-media>`: the image to show, or null to keep the attachment's name as text. */
  media: (hash: string, type: string) => { src: string; alt: string } | { name: string };
  /** An `<a href="evernote:...">` (a link to another note): the placeholder href, or null. */
  noteLink: (label: string) => string | null;
  encrypted: number;
}

/** Deeper than this, elements are read into their parent (a crafted note cannot overflow the stack). */
const MAX_DEPTH = 100;
const VOID = new Set(['br', 'hr', 'img', 'en-todo', 'en-media', 'input', 'area', 'col']);
const BLOCK = new Set([
  'div',
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'table',
  'pre',
  'blockquote',
]);

/** ENML text -> a tree, without interpreting anything outside `<en-note>`'s elements. */
function parseTree(enml: string): HtmlNode[] {
  const root: HtmlElement = { tag: '#root', attrs: {}, children: [] };
  const stack: HtmlElement[] = [root];
  const parser = sax.parser(false, { lowercase: true, trim: false, normalize: false });
  const top = () => stack[stack.length - 1]!;
  const text = (value: string) => {
    if (value) top().children.push({ text: value });
  };
  parser.ontext = text;
  parser.oncdata = text;
  parser.onopentag = (tag) => {
    const attrs: Record<string, string> = {};
    for (const [key, value] of Object.entries(tag.attributes)) attrs[key] = String(value);
    const element: HtmlElement = { tag: tag.name, attrs, children: [] };
    top().children.push(element);
    if (!VOID.has(tag.name) && !tag.isSelfClosing && stack.length < MAX_DEPTH) stack.push(element);
  };
  parser.onclosetag = (name) => {
    const open = stack.findLastIndex((element) => element.tag === name);
    if (open > 0) stack.length = open;
  };
  // Loose mode still reports what it repaired: read on, nothing is lost or interpreted.
  parser.onerror = () => {
    parser.error = null as unknown as Error;
    parser.resume();
  };
  parser.write(enml).close();
  const note = findNote(root.children);
  return note ? note.children : root.children;
}

function findNote(nodes: readonly HtmlNode[]): HtmlElement | null {
  for (const node of nodes) if (isElement(node) && node.tag === 'en-note') return node;
  return null;
}

/** Evernote 10's CSS flags: `--en-todo:true`, `--en-checked:true`, `--en-codeblock:true`. */
const FLAGS = {
  todo: /--en-todo\s*:\s*true/i,
  checked: /--en-checked\s*:\s*true/i,
  codeblock: /--en-codeblock\s*:\s*true/i,
} as const;

const styleHas = (node: HtmlElement, flag: keyof typeof FLAGS) => {
  const style = node.attrs.style ?? '';
  return style.includes('--en-') && FLAGS[flag].test(style);
};

const checkbox = (checked: boolean): HtmlElement => ({
  tag: 'input',
  attrs: checked ? { type: 'checkbox', checked: '' } : { type: 'checkbox' },
  children: [],
});

const isBlank = (node: HtmlNode) => !isElement(node) && node.text.trim() === '';

/** A line block holding checkboxes after its start (`<div><en-todo/>a<br/><en-todo/>b</div>`): one paragraph each. */
function splitAtCheckboxes(node: HtmlElement): HtmlElement[] {
  const parts: HtmlNode[][] = [[]];
  for (const child of node.children) {
    if (isElement(child) && child.tag === 'input' && parts[parts.length - 1]!.some((n) => !isBlank(n)))
      parts.push([]);
    parts[parts.length - 1]!.push(child);
  }
  return parts.map((children) => {
    while (children.length > 0 && isBlank(children[0]!)) children.shift();
    // A line break just before the next checkbox ended the previous line.
    while (children.length > 0) {
      const last = children[children.length - 1]!;
      if (isBlank(last) || (isElement(last) && last.tag === 'br')) children.pop();
      else break;
    }
    return { tag: 'p', attrs: {}, children };
  });
}

/** A line of a `--en-codeblock` block: each child block is a line. */
function codeLines(node: HtmlNode): string[] {
  if (!isElement(node)) return [node.text];
  if (node.tag === 'br') return ['\n'];
  const inner = node.children.flatMap(codeLines);
  return BLOCK.has(node.tag) ? [inner.join('').replace(/\n$/, ''), '\n'] : inner;
}

class EnmlReader {
  constructor(private readonly context: EnmlContext) {}

  nodes(nodes: readonly HtmlNode[]): HtmlNode[] {
    return nodes.flatMap((node) => this.node(node));
  }

  private node(node: HtmlNode): HtmlNode[] {
    if (!isElement(node)) return [node];
    const { tag, attrs } = node;
    switch (tag) {
      case 'en-todo':
        return [checkbox(attrs.checked === 'true')];
      case 'en-media': {
        const shown = this.context.media((attrs.hash ?? '').toLowerCase(), attrs.type ?? '');
        if ('src' in shown) return [{ tag: 'img', attrs: { src: shown.src, alt: shown.alt }, children: [] }];
        return [{ text: `[${shown.name}]` }];
      }
      case 'en-crypt':
        this.context.encrypted += 1;
        return [{ text: '[Encrypted text]' }];
      case 'a': {
        const href = attrs.href ?? '';
        if (/^evernote:/i.test(href)) {
          const children = this.nodes(node.children);
          const placeholder = this.context.noteLink(children.map(plainText).join('').trim());
          return placeholder ? [{ tag: 'a', attrs: { href: placeholder }, children }] : children;
        }
        return [{ ...node, children: this.nodes(node.children) }];
      }
      case 'ul':
      case 'ol':
        return [this.list(node)];
      case 'div':
      case 'p':
        return this.line(node);
      default:
        return [{ ...node, children: this.nodes(node.children) }];
    }
  }

  private line(node: HtmlElement): HtmlNode[] {
    if (styleHas(node, 'codeblock')) {
      const text = node.children.flatMap(codeLines).join('').replace(/\n+$/, '');
      return [{ tag: 'pre', attrs: {}, children: [{ text }] }];
    }
    const children = this.nodes(node.children);
    // `<div><br/></div>` is how Evernote writes an empty line: nothing to keep.
    if (children.every((child) => isBlank(child) || (isElement(child) && child.tag === 'br'))) return [];
    const element: HtmlElement = { tag: 'p', attrs: {}, children };
    // A line holding blocks (a div around a table or a list) is read as those blocks.
    if (children.some((child) => isElement(child) && BLOCK.has(child.tag)))
      return [{ ...element, tag: 'div' }];
    if (children.some((child) => isElement(child) && child.tag === 'input'))
      return splitAtCheckboxes(element);
    return [element];
  }

  private list(node: HtmlElement): HtmlElement {
    const checklist = styleHas(node, 'todo');
    const items: HtmlElement[] = [];
    for (const child of node.children) {
      if (isBlank(child)) continue;
      const converted = this.node(child);
      // Evernote writes a nested list beside its item (`<li>a</li><ul>...</ul>`): it belongs in it.
      const previous = items[items.length - 1];
      if (isElement(child) && (child.tag === 'ul' || child.tag === 'ol') && previous) {
        previous.children.push(...converted);
        continue;
      }
      if (isElement(child) && child.tag === 'li') {
        let content = converted.flatMap((item) => (isElement(item) ? item.children : [item]));
        if (checklist) {
          // A `--en-todo` list: each item is a checkbox, checked by `--en-checked`, its text in a div.
          const [first, ...rest] = content;
          if (first && isElement(first) && first.tag === 'p') content = [...first.children, ...rest];
          content = [checkbox(styleHas(child, 'checked')), ...content];
        }
        items.push({ tag: 'li', attrs: {}, children: content });
      } else items.push({ tag: 'li', attrs: {}, children: converted });
    }
    const start = Number(node.attrs.start);
    return {
      tag: node.tag,
      attrs: node.tag === 'ol' && Number.isInteger(start) && start >= 0 ? { start: String(start) } : {},
      children: items,
    };
  }
}

function plainText(node: HtmlNode): string {
  return isElement(node) ? node.children.map(plainText).join('') : node.text;
}

/** ENML -> the HTML tree htmlToDoc reads, with Evernote's elements resolved through `context`. */
export function enmlToHtml(enml: string, context: EnmlContext): HtmlNode[] {
  return new EnmlReader(context).nodes(parseTree(enml));
}
