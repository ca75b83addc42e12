/** One HTML tag as markdown-it hands it over in an `html_inline` token, e.g. `<span style="...">`. */
export interface HtmlTag {
  name: string;
  closing: boolean;
  selfClosing: boolean;
  attributes: ReadonlyMap<string, string>;
}

const TAG = /^<(\/?)([a-z][a-z0-9-]*)([^>]*?)(\/?)>$/i;
const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/**
 * Reads a tag's name and attributes. Returns null for anything that is not a start or end tag
 * (comments, `<!DOCTYPE>`, `<?php ?>`, CDATA), which callers drop. Attribute values are taken
 * literally (no entity decoding): the only values we accept are exact palette strings.
 */
export function parseHtmlTag(source: string): HtmlTag | null {
  const match = TAG.exec(source.trim());
  if (!match) return null;
  const [, slash = '', name = '', attributeSource = '', selfClosingSlash = ''] = match;
  const attributes = new Map<string, string>();
  for (const [, attributeName = '', doubleQuoted, singleQuoted, unquoted] of attributeSource.matchAll(
    ATTRIBUTE,
  )) {
    const key = attributeName.toLowerCase();
    if (!attributes.has(key)) attributes.set(key, doubleQuoted ?? singleQuoted ?? unquoted ?? '');
  }
  return {
    name: name.toLowerCase(),
    closing: slash === '/',
    selfClosing: selfClosingSlash === '/',
    attributes,
  };
}

/** `color: #ef4444; font-size: 18px` as a property -> value map (lower-case property names). */
export function parseStyleAttribute(style: string): ReadonlyMap<string, string> {
  const declarations = new Map<string, string>();
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon === -1) continue;
    declarations.set(declaration.slice(0, colon).trim().toLowerCase(), declaration.slice(colon + 1).trim());
  }
  return declarations;
}
