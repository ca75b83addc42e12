/*
 * Mammoth's HTML as a small tree, without a DOM. Mammoth writes a closed, well-formed subset: start
 * tags with double-quoted attributes, matching end tags, `<br />`/`<img />`/`<input />`, and text with
 * only `&amp;`, `&lt;`, `&gt;`, `&quot;` escaped; the document's own text can never become a tag.
 * Anything outside that grammar is read as text, so nothing is lost and nothing is interpreted.
 */

export interface HtmlElement {
  tag: string;
  attrs: Readonly<Record<string, string>>;
  children: HtmlNode[];
}
export type HtmlNode = HtmlElement | { text: string };

const VOID = new Set(['br', 'img', 'input', 'hr']);
const TOKEN = /<(\/?)([a-z][a-z0-9]*)((?:\s+[a-z][a-z0-9-]*="[^"]*")*)\s*(\/?)>|[^<]+|</gi;
const ATTRIBUTE = /([a-z][a-z0-9-]*)="([^"]*)"/gi;
const ENTITY = /&(?:amp|lt|gt|quot|apos|#(\d{1,7})|#x([0-9a-f]{1,6}));/gi;
const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(ENTITY, (entity, decimal?: string, hex?: string) => {
    if (decimal ?? hex) {
      const code = decimal ? Number(decimal) : Number.parseInt(hex ?? '', 16);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd';
    }
    return NAMED[entity.slice(1, -1).toLowerCase()] ?? entity;
  });
}

export function isElement(node: HtmlNode): node is HtmlElement {
  return 'tag' in node;
}

/** Mammoth's HTML -> its top-level nodes. An end tag without its start tag is ignored. */
export function parseMammothHtml(html: string): HtmlNode[] {
  const root: HtmlElement = { tag: '#root', attrs: {}, children: [] };
  const stack: HtmlElement[] = [root];
  for (const match of html.matchAll(TOKEN)) {
    const [whole, closing, name, attributeSource, selfClosing] = match;
    const parent = stack[stack.length - 1]!;
    if (name === undefined) {
      parent.children.push({ text: decode(whole) });
      continue;
    }
    const tag = name.toLowerCase();
    if (closing) {
      const open = stack.findLastIndex((element) => element.tag === tag);
      if (open > 0) stack.length = open;
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const [, key = '', value = ''] of (attributeSource ?? '').matchAll(ATTRIBUTE))
      attrs[key.toLowerCase()] = decode(value);
    const element: HtmlElement = { tag, attrs, children: [] };
    parent.children.push(element);
    if (!selfClosing && !VOID.has(tag)) stack.push(element);
  }
  return root.children;
}

/** All text under a node (`<br>` as a newline). */
export function textContent(node: HtmlNode): string {
  if (!isElement(node)) return node.text;
  if (node.tag === 'br') return '\n';
  return node.children.map(textContent).join('');
}
