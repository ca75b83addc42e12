import sax from 'sax';
import type { HtmlElement, HtmlNode } from './docx-html';
import { isElement } from './docx-html';

/*
 * Word list numbers. Mammoth writes every numbered list as an `<ol>` from 1: it reads which list
 * level a paragraph is on, but not where the numbering starts, nor that a list interrupted by a
 * paragraph goes on counting. So before mammoth reads the document, each numbered paragraph gets a
 * bookmark naming its number, counted as Word counts: a counter per abstract list and level, started
 * at the level's `w:start` or at the `w:startOverride` of the list instance (`w:num`) the first
 * time that instance is used, a deeper level started again under each new item. Mammoth writes the
 * bookmark as an `<a id>` at the start of the item; the first item's number becomes the `<ol start>`
 * that docx-to-doc.ts keeps (decision 059), and every such bookmark is then removed from the tree.
 */

const MARKER = '_notewise_list_';
const MARKER_ID = new RegExp(`^${MARKER}(\\d+)$`);
const WORD_MAIN = [
  'http://schemas.openxmlformats.org/wordprocessingml/2006/main',
  'http://purl.oclc.org/ooxml/wordprocessingml/main',
];
/** A number Word can show (and the editor keeps): larger ones are not list numbers. */
const MAX_NUMBER = 999_999_999;

const decoder = new TextDecoder();
const encoder = new TextEncoder();

/** `w:` for the prefix a part binds to WordprocessingML, `''` when it is the default namespace. */
function wordPrefix(xml: string): string | null {
  const root = /<(?:[\w.-]+:)?(?:document|numbering)\b[^>]*>/.exec(xml)?.[0] ?? '';
  for (const [, prefix, uri] of root.matchAll(/\bxmlns(?::([\w.-]+))?\s*=\s*["']([^"']*)["']/g))
    if (WORD_MAIN.includes(uri ?? '')) return prefix ? `${prefix.toLowerCase()}:` : '';
  return null;
}

/** Reads a part with sax (loose: never a DTD, never a declared entity), tag and attribute names lower-case. */
function readXml(
  xml: string,
  handlers: {
    open: (name: string, attrs: Record<string, string>, position: number) => void;
    close: (name: string, position: number) => void;
  },
) {
  const parser = sax.parser(false, { lowercase: true, trim: false, normalize: false, position: true });
  parser.onopentag = (tag) => {
    const attrs: Record<string, string> = {};
    for (const [key, value] of Object.entries(tag.attributes)) attrs[key] = String(value);
    handlers.open(tag.name, attrs, parser.position);
  };
  parser.onclosetag = (name) => handlers.close(name, parser.position);
  parser.onerror = () => {
    parser.error = null as unknown as Error;
    parser.resume();
  };
  parser.write(xml).close();
}

interface Numbering {
  /** `w:num` id -> its abstract list and its start overrides per level. */
  nums: Map<string, { abstract: string; overrides: Map<number, number> }>;
  /** Abstract list -> level -> its start, or null for a bulleted level. */
  starts: Map<string, Map<number, number | null>>;
}

const asNumber = (value: string | undefined, fallback: number) => {
  const parsed = Number.parseInt(value ?? '', 10);
  return Number.isInteger(parsed) ? Math.min(Math.max(parsed, 0), MAX_NUMBER) : fallback;
};

function readNumbering(xml: string): Numbering | null {
  const w = wordPrefix(xml);
  if (w === null) return null;
  const numbering: Numbering = { nums: new Map(), starts: new Map() };
  let abstract: string | null = null;
  let num: { abstract: string; overrides: Map<number, number> } | null = null;
  let level: { index: number; start: number; bullet: boolean } | null = null;
  let override: number | null = null;
  const val = (attrs: Record<string, string>) => attrs[`${w}val`];
  readXml(xml, {
    open(name, attrs) {
      if (name === `${w}abstractnum`) abstract = attrs[`${w}abstractnumid`] ?? null;
      else if (name === `${w}num`) {
        num = { abstract: '', overrides: new Map() };
        numbering.nums.set(attrs[`${w}numid`] ?? '', num);
      } else if (name === `${w}abstractnumid` && num) num.abstract = val(attrs) ?? '';
      else if (name === `${w}lvloverride`) override = asNumber(attrs[`${w}ilvl`], 0);
      else if (name === `${w}startoverride` && num && override !== null)
        num.overrides.set(override, asNumber(val(attrs), 1));
      else if (name === `${w}lvl`) level = { index: asNumber(attrs[`${w}ilvl`], 0), start: 1, bullet: false };
      else if (name === `${w}start` && level) level.start = asNumber(val(attrs), 1);
      else if (name === `${w}numfmt` && level) level.bullet = val(attrs) === 'bullet';
    },
    close(name) {
      if (name === `${w}lvl` && level) {
        // A level inside a `w:lvlOverride` restarts that instance; one of an abstract list is its own.
        if (num && override !== null) {
          if (!num.overrides.has(override)) num.overrides.set(override, level.start);
        } else if (abstract !== null) {
          const levels = numbering.starts.get(abstract) ?? new Map<number, number | null>();
          levels.set(level.index, level.bullet ? null : level.start);
          numbering.starts.set(abstract, levels);
        }
        level = null;
      } else if (name === `${w}lvloverride`) override = null;
      else if (name === `${w}num`) num = null;
      else if (name === `${w}abstractnum`) abstract = null;
    },
  });
  return numbering;
}

/** Counts numbered paragraphs in document order, as Word shows them. */
function counter(numbering: Numbering) {
  const counts = new Map<string, Map<number, number>>();
  const used = new Set<string>();
  return (numId: string, level: number): number | null => {
    const num = numbering.nums.get(numId);
    const starts = num ? numbering.starts.get(num.abstract) : undefined;
    if (!num || !starts?.has(level)) return null;
    const levels = counts.get(num.abstract) ?? new Map<number, number>();
    counts.set(num.abstract, levels);
    // A new item restarts the levels under it, a bulleted one too.
    for (const deeper of [...levels.keys()]) if (deeper > level) levels.delete(deeper);
    const levelStart = starts.get(level);
    if (levelStart === null || levelStart === undefined) return null;
    const start = num.overrides.get(level) ?? levelStart;
    const firstUse = !used.has(`${numId}:${level}`);
    used.add(`${numId}:${level}`);
    const current = levels.get(level);
    const value =
      current === undefined || (firstUse && num.overrides.has(level))
        ? start
        : Math.min(current + 1, MAX_NUMBER);
    levels.set(level, value);
    return value;
  };
}

/**
 * `word/document.xml` with a bookmark naming its number at the start of each numbered paragraph, or
 * the part unchanged when nothing in it is numbered.
 */
export function markListNumbers(parts: Record<string, Uint8Array>): Uint8Array | undefined {
  const body = parts['word/document.xml'];
  const numberingPart = parts['word/numbering.xml'];
  if (!body || !numberingPart) return body;
  const xml = decoder.decode(body);
  const w = wordPrefix(xml);
  if (w === null || !xml.includes(`<${w}numPr`)) return body;
  const numbering = readNumbering(decoder.decode(numberingPart));
  if (
    !numbering ||
    ![...numbering.starts.values()].some((levels) => [...levels.values()].some((v) => v !== null))
  )
    return body;
  const next = counter(numbering);
  const inserts: Array<{ at: number; number: number }> = [];
  // Paragraphs nest (a text box's paragraphs sit inside a run of another).
  const open: Array<{ at: number; numId: string | null; level: number; inProperties: boolean }> = [];
  readXml(xml, {
    open(name, attrs, position) {
      const paragraph = open[open.length - 1];
      if (name === `${w}p`) open.push({ at: position, numId: null, level: 0, inProperties: false });
      else if (!paragraph) return;
      else if (name === `${w}ppr`) paragraph.inProperties = true;
      else if (name === `${w}numid` && paragraph.inProperties) paragraph.numId = attrs[`${w}val`] ?? null;
      else if (name === `${w}ilvl` && paragraph.inProperties) paragraph.level = asNumber(attrs[`${w}val`], 0);
    },
    close(name, position) {
      const paragraph = open[open.length - 1];
      if (!paragraph) return;
      if (name === `${w}ppr` && paragraph.inProperties) {
        paragraph.inProperties = false;
        // After the properties: mammoth reads a paragraph's content from there.
        paragraph.at = position;
      } else if (name === `${w}p`) {
        open.pop();
        const number = paragraph.numId === null ? null : next(paragraph.numId, paragraph.level);
        // A self-closed `<w:p/>` has no properties, so is never numbered.
        if (number !== null) inserts.push({ at: paragraph.at, number });
      }
    },
  });
  if (inserts.length === 0) return body;
  inserts.sort((a, b) => a.at - b.at);
  let out = '';
  let from = 0;
  for (const insert of inserts) {
    out += `${xml.slice(from, insert.at)}<${w}bookmarkStart ${w}name="${MARKER}${insert.number}"/>`;
    from = insert.at;
  }
  return encoder.encode(out + xml.slice(from));
}

/** The number a list item's bookmark names: the first one in it, not inside a list nested in it. */
function itemNumber(nodes: readonly HtmlNode[]): number | null {
  for (const node of nodes) {
    if (!isElement(node) || node.tag === 'ol' || node.tag === 'ul') continue;
    const match = node.tag === 'a' ? MARKER_ID.exec(node.attrs.id ?? '') : null;
    if (match) return Number(match[1]);
    const inner = itemNumber(node.children);
    if (inner !== null) return inner;
  }
  return null;
}

/**
 * Mammoth's HTML tree after markListNumbers: each `<ol>` starts at its first item's number, and the
 * bookmarks are gone (a document's own bookmarks stay for docx-to-doc.ts, which drops them).
 */
export function applyListNumbers(nodes: HtmlNode[]): HtmlNode[] {
  const walk = (list: HtmlNode[]): HtmlNode[] =>
    list.flatMap((node) => {
      if (!isElement(node)) return [node];
      if (node.tag === 'a' && MARKER_ID.test(node.attrs.id ?? '') && node.attrs.href === undefined)
        return walk(node.children);
      const element: HtmlElement = { ...node };
      if (node.tag === 'ol' && node.attrs.start === undefined) {
        const first = node.children.find((child) => isElement(child) && child.tag === 'li') as
          | HtmlElement
          | undefined;
        const number = first ? itemNumber(first.children) : null;
        if (number !== null && number !== 1) element.attrs = { ...node.attrs, start: String(number) };
      }
      element.children = walk(node.children);
      return [element];
    });
  return walk(nodes);
}
