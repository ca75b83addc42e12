/*
 * Front matter (YAML between `---` lines at the top of a Markdown file) as Obsidian, Bear, Jekyll and our
 * own export write it. Not a full YAML parser (the server has no YAML dependency, and a full one would
 * accept anchors, tags and documents that notes never hold): top-level `key: value` pairs whose value is
 * a scalar (plain, 'single' or "double" quoted), a flow list `[a, b]`, a block list of `- item` lines, or
 * a block scalar (`|`, `>`). Anything else under a key (a nested map) is kept as its raw text, so no
 * property is ever lost: the caller shows what it does not use in the note.
 */

export type PropertyValue = string | string[];

export interface FrontMatter {
  /** Properties in file order; keys as written. */
  properties: Array<{ key: string; value: PropertyValue }>;
  /** The note's text after the front matter. */
  body: string;
}

const FRONT_MATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n?(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/;
const KEY_LINE = /^([^\s#:'"][^:]*?|"[^"]*"|'[^']*'):(?:[ \t]+(.*))?$/;

/** A scalar as text: quoted ('...' or "...") or plain (a trailing ` # comment` removed). */
export function yamlScalar(raw: string): string {
  const value = raw.trim();
  if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) {
    try {
      const parsed: unknown = JSON.parse(value);
      if (typeof parsed === 'string') return parsed;
    } catch {
      // YAML escapes JSON does not know (\x, \e): keep the inside as written.
    }
    return value.slice(1, -1);
  }
  if (value.startsWith("'") && value.endsWith("'") && value.length >= 2) {
    return value.slice(1, -1).replace(/''/g, "'");
  }
  return value.replace(/\s+#.*$/, '');
}

/** `[a, "b, c", 'd']` -> its items (commas inside quotes kept). */
function flowList(raw: string): string[] {
  const inner = raw.trim().slice(1, -1);
  const items: string[] = [];
  let current = '';
  let quote: string | null = null;
  for (const char of inner) {
    if (quote) {
      current += char;
      if (char === quote) quote = null;
    } else if (char === '"' || char === "'") {
      quote = char;
      current += char;
    } else if (char === ',') {
      items.push(current);
      current = '';
    } else current += char;
  }
  if (current.trim() !== '' || items.length > 0) items.push(current);
  return items.map(yamlScalar).filter((item) => item !== '');
}

function readValue(inline: string, block: string[]): PropertyValue {
  const value = inline.trim();
  if (value.startsWith('[') && value.endsWith(']')) return flowList(value);
  if (/^[|>][+-]?$/.test(value)) {
    const indent = Math.min(...block.filter((l) => l.trim()).map((l) => /^\s*/.exec(l)![0].length));
    const lines = block.map((line) => line.slice(Number.isFinite(indent) ? indent : 0));
    return value.startsWith('|') ? lines.join('\n').trim() : lines.join(' ').replace(/\s+/g, ' ').trim();
  }
  if (value !== '') return yamlScalar(value);
  const items = block.filter((line) => line.trim() !== '' && !line.trim().startsWith('#'));
  if (items.length > 0 && items.every((line) => /^\s*- /.test(line) || /^\s*-$/.test(line))) {
    return items.map((line) => yamlScalar(line.trim().replace(/^-\s*/, ''))).filter((item) => item !== '');
  }
  // A nested map or something richer: its text, one line per line, so it is shown rather than lost.
  return items.map((line) => line.trim()).join('\n');
}

/** The front matter of a Markdown file and the text after it; null when it has none. */
export function readFrontMatter(text: string): FrontMatter | null {
  const match = FRONT_MATTER.exec(text);
  if (!match) return null;
  const lines = (match[1] ?? '').split(/\r?\n/);
  const properties: FrontMatter['properties'] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const key = KEY_LINE.exec(line);
    if (!key || /^\s/.test(line)) {
      // Not a `key: value` line at the top level: kept under a key of its own rather than dropped.
      properties.push({ key: 'front matter', value: line.trim() });
      continue;
    }
    const block: string[] = [];
    while (index + 1 < lines.length && /^(\s|-\s|-$)/.test(lines[index + 1] ?? '')) {
      block.push(lines[index + 1] ?? '');
      index += 1;
    }
    properties.push({ key: yamlScalar(key[1] ?? ''), value: readValue(key[2] ?? '', block) });
  }
  return { properties, body: text.slice(match[0].length) };
}
