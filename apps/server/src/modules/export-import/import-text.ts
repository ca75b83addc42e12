/** Windows-1252 bytes 0x80-0x9f that are printable, so a text in that encoding is not "binary". */
// biome-ignore lint/suspicious/noControlCharactersInRegex: detecting control characters is the point.
const BINARY_CONTROL = /[\u0000-\u0008\u000e-\u001a\u001c-\u001f]/;

/** Windows-1252's 0x80-0x9f (Node's TextDecoder reads that label as Latin-1, which has controls there). */
const WINDOWS_1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

function decodeWindows1252(bytes: Uint8Array): string {
  let text = '';
  for (let start = 0; start < bytes.length; start += 8192) {
    const chunk = bytes.subarray(start, start + 8192);
    text += String.fromCharCode(
      ...Array.from(chunk, (byte) =>
        byte >= 0x80 && byte <= 0x9f ? WINDOWS_1252_HIGH.charCodeAt(byte - 0x80) : byte,
      ),
    );
  }
  return text;
}

/**
 * Text in UTF-8 (with or without BOM) or UTF-16 with a BOM; otherwise Windows-1252 (what most
 * legacy "ANSI" and Latin-1 text is), unless it looks binary, then null.
 */
export function decodeText(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    text = decodeWindows1252(bytes);
  }
  return BINARY_CONTROL.test(text) ? null : text;
}

/** A zip entry's path, or null when it is absolute, has a drive letter or climbs out with `..`. */
export function safeEntryPath(name: string): string | null {
  const normalised = name.replace(/\\/g, '/');
  if (normalised.startsWith('/') || /^[a-z]:/i.test(normalised) || normalised.includes('\0')) return null;
  const segments = normalised.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.some((segment) => segment === '..')) return null;
  return segments.join('/');
}

export function extensionOf(name: string): string {
  const base = name.split('/').pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}
