/**
 * File and folder names made from note titles and project names: safe on Windows, macOS and Linux
 * (no separators, reserved characters, control characters, reserved device names, trailing dots),
 * at most 100 characters, never empty.
 */
const RESERVED_CHARACTERS = /[\\/:*?"<>|]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g;
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i;
const MAX_NAME_LENGTH = 100;

export function safeFileStem(name: string, fallback = 'Untitled'): string {
  let stem = name
    .normalize('NFC')
    .replace(CONTROL_CHARACTERS, '')
    .replace(RESERVED_CHARACTERS, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+|[.\s]+$/g, '');
  if ([...stem].length > MAX_NAME_LENGTH) stem = [...stem].slice(0, MAX_NAME_LENGTH).join('').trim();
  if (!stem) stem = fallback;
  if (WINDOWS_DEVICE.test(stem)) stem = `_${stem}`;
  return stem;
}

/** `attachment` with an ASCII `filename` for old clients and the exact name as RFC 5987 `filename*`. */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Hands out names unique within one folder, case-insensitively: "Plan.md", "Plan (2).md", ... */
export class UniqueNames {
  private readonly taken = new Set<string>();

  take(stem: string, extension = ''): string {
    let candidate = `${stem}${extension}`;
    for (let n = 2; this.taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${extension}`;
    this.taken.add(candidate.toLowerCase());
    return candidate;
  }
}
