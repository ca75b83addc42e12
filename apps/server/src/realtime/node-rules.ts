import {
  docToMarkdown,
  editorSchema,
  isSafeLinkHref,
  toPaletteFontSize,
  toPaletteHighlightColor,
  toPaletteTextColor,
} from '@notewise/editor';
import { appendAll } from '@notewise/shared';
import type { JSONContent } from '@tiptap/core';
import * as Y from 'yjs';

export class InvalidUpdateError extends Error {}

/**
 * The longest string a co-edited attribute may hold (a link target, an image's alt text, a code
 * block's language...). Far above a real URL (servers commonly stop at 8 KiB request lines) or alt
 * text; it keeps one crafted attribute from carrying megabytes that the Markdown never shows.
 */
export const MAX_ATTRIBUTE_LENGTH = 16_384;

type Rule = (value: unknown) => boolean;

const isString: Rule = (value) => typeof value === 'string';
const isBoolean: Rule = (value) => typeof value === 'boolean';
const orNull =
  (rule: Rule): Rule =>
  (value) =>
    value === null || rule(value);
/** The value must already be what the editor's allow-list makes of it (as the Markdown path keeps it). */
const kept =
  (normalise: (value: unknown) => unknown): Rule =>
  (value) =>
    normalise(value) === value;
/** The schema's own `validate` (node.check()) decides; here only the JSON shape and size count. */
const bySchema: Rule = () => true;

/**
 * Every attribute a co-edited node or mark may carry, with the rule its value must pass. What is not
 * listed is refused: the schema would silently drop it, but the live document (and every co-editor)
 * would keep it. The rules are the editor package's allow-lists, the ones the Markdown path applies
 * (inline-to-markdown.ts, doc-to-markdown.ts, checked-nodes.ts), so co-editing cannot hold a value
 * the stored note would refuse. Link target, rel and class and a list's `type` are presentation the
 * Markdown drops; the editor reads them from pasted HTML, so any short string passes.
 */
const NODE_ATTRIBUTES: Readonly<Record<string, Readonly<Record<string, Rule>>>> = {
  heading: { level: (value) => Number.isInteger(value) && Number(value) >= 1 && Number(value) <= 6 },
  bulletList: { tight: isBoolean },
  taskList: { tight: isBoolean },
  orderedList: { tight: isBoolean, start: (value) => typeof value === 'number', type: orNull(isString) },
  taskItem: { checked: isBoolean },
  image: { src: bySchema, alt: orNull(isString), title: orNull(isString) },
  codeBlock: { language: bySchema },
  tableCell: { colspan: bySchema, rowspan: bySchema, colwidth: bySchema, align: bySchema },
  tableHeader: { colspan: bySchema, rowspan: bySchema, colwidth: bySchema, align: bySchema },
};

const MARK_ATTRIBUTES: Readonly<Record<string, Readonly<Record<string, Rule>>>> = {
  link: {
    href: isSafeLinkHref,
    title: orNull(isString),
    target: orNull(isString),
    rel: orNull(isString),
    class: orNull(isString),
  },
  textStyle: {
    color: orNull(kept(toPaletteTextColor)),
    fontSize: orNull(kept(toPaletteFontSize)),
  },
  highlight: { color: orNull(kept(toPaletteHighlightColor)) },
};

/** Strings, numbers, booleans, null and (for column widths) short arrays of numbers; nothing nested. */
function plainValue(value: unknown): boolean {
  if (value === null || typeof value === 'boolean') return true;
  if (typeof value === 'number') return true;
  if (typeof value === 'string') return value.length <= MAX_ATTRIBUTE_LENGTH;
  return Array.isArray(value) && value.length <= 1000 && value.every((entry) => typeof entry === 'number');
}

function checkAttributes(
  what: string,
  rules: Readonly<Record<string, Rule>> | undefined,
  attributes: Record<string, unknown>,
): void {
  for (const [name, value] of Object.entries(attributes)) {
    const rule = rules && Object.hasOwn(rules, name) ? rules[name] : undefined;
    if (!rule) throw new InvalidUpdateError(`unknown attribute ${name} on ${what}`);
    if (!plainValue(value) || !rule(value)) throw new InvalidUpdateError(`invalid ${name} on ${what}`);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Y.AbstractType)
  );
}

/** A mark as a text's formatting item holds it: a schema mark with allowed attributes, or null (its end). */
function checkMark(type: string, attrs: unknown): void {
  // Mark names exactly as the schema has them (the binding's `name--hash` form is for marks that
  // may overlap themselves; ours never do).
  if (!Object.hasOwn(editorSchema.marks, type)) throw new InvalidUpdateError(`unknown mark ${type}`);
  if (attrs === null) return;
  if (!isRecord(attrs)) throw new InvalidUpdateError(`invalid attributes on mark ${type}`);
  checkAttributes(`mark ${type}`, MARK_ATTRIBUTES[type], attrs);
}

/**
 * A text's items, not only its delta: a formatting item with no text after it shows in no delta
 * (so in no co-editor's view), but the document keeps it, whatever it holds.
 */
function textToJson(text: Y.XmlText): JSONContent[] {
  // The binding never sets attributes on a text itself; the conversion would not show them either.
  if (Object.keys(text.getAttributes()).length > 0) throw new InvalidUpdateError('attributes on text');
  for (let item = text._start; item !== null; item = item.right) {
    if (item.deleted || item.content instanceof Y.ContentString) continue;
    if (!(item.content instanceof Y.ContentFormat)) throw new InvalidUpdateError('an embed in text');
    checkMark(item.content.key, item.content.value);
  }
  return (text.toDelta() as Array<{ insert: string; attributes?: Record<string, unknown> }>).map((op) => {
    const marks = Object.entries(op.attributes ?? {}).map(([type, attrs]) => ({
      type,
      attrs: attrs as Record<string, unknown>,
    }));
    return marks.length > 0 ? { type: 'text', text: op.insert, marks } : { type: 'text', text: op.insert };
  });
}

/**
 * A Yjs element as ProseMirror JSON, refusing on the way what the editor schema would silently drop:
 * unknown attributes (of nodes, marks or texts), values outside the allow-lists or too long, embeds,
 * and anything but elements and texts as content (a formatting item in an element shows nowhere).
 * The same shape y-tiptap's conversion gives, so co-editors' bindings read the same document.
 */
function elementToJson(element: Y.XmlElement): JSONContent {
  const type = element.nodeName;
  if (!Object.hasOwn(editorSchema.nodes, type)) throw new InvalidUpdateError(`unknown node ${type}`);
  const attrs = element.getAttributes() as Record<string, unknown>;
  checkAttributes(`node ${type}`, NODE_ATTRIBUTES[type], attrs);
  const content: JSONContent[] = [];
  for (let item = element._start; item !== null; item = item.right) {
    if (item.deleted) continue;
    const child = item.content instanceof Y.ContentType ? item.content.type : null;
    if (child instanceof Y.XmlElement) content.push(elementToJson(child));
    else if (child instanceof Y.XmlText) appendAll(content, textToJson(child));
    else throw new InvalidUpdateError('neither an element nor text');
  }
  return {
    type,
    ...(Object.keys(attrs).length > 0 ? { attrs } : {}),
    ...(content.length > 0 ? { content } : {}),
  };
}

/**
 * One top-level node (or whatever a crafted update put there) against the editor schema and the
 * Markdown path's attribute rules; returns it as ProseMirror JSON.
 */
export function checkTopLevel(value: unknown): JSONContent {
  if (!(value instanceof Y.XmlElement)) throw new InvalidUpdateError('not an element at the top level');
  const json = elementToJson(value);
  const node = editorSchema.nodeFromJSON(json);
  node.check();
  if (!editorSchema.topNodeType.contentMatch.matchType(node.type)) {
    throw new InvalidUpdateError(`${node.type.name} is not allowed at the top level`);
  }
  return json;
}

/** A top-level node's share of the stored Markdown: its own text plus the blank line before the next. */
export function markdownLength(json: JSONContent): number {
  const markdown = docToMarkdown({ type: 'doc', content: [json] });
  return markdown.length > 0 ? markdown.length + 2 : 0;
}
