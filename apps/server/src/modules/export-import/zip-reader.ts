import { inflateRawSync } from 'node:zlib';

/*
 * A zip's directory and its entries' bytes, read without trusting any size the archive declares:
 * every entry is inflated with a hard cap on its real output (zlib stops as soon as the output passes
 * it), so an entry that declares 1 KB and holds 1 GB costs at most the cap. Runs in the import worker
 * (import-worker.ts), never on the event loop.
 */

export interface ZipEntry {
  /** The name as stored (UTF-8 when the entry says so, otherwise Latin-1, as fflate reads it). */
  name: string;
  method: number;
  encrypted: boolean;
  compressedSize: number;
  /** What the directory says the entry inflates to: a claim, checked again while inflating. */
  declaredSize: number;
  localHeaderOffset: number;
}

export class ZipUnreadable extends Error {}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

function u16(bytes: Uint8Array, at: number): number {
  if (at + 2 > bytes.length) throw new ZipUnreadable('truncated');
  return (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
}

function u32(bytes: Uint8Array, at: number): number {
  return (u16(bytes, at) + u16(bytes, at + 2) * 0x10000) >>> 0;
}

function u64(bytes: Uint8Array, at: number): number {
  const value = u32(bytes, at) + u32(bytes, at + 4) * 0x1_0000_0000;
  if (!Number.isSafeInteger(value)) throw new ZipUnreadable('size out of range');
  return value;
}

const utf8 = new TextDecoder('utf-8');
const latin1 = new TextDecoder('latin1');

/** The end-of-central-directory record: where the directory is and how many entries it lists. */
function findDirectory(bytes: Uint8Array): { count: number; offset: number } {
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= lowest; at--) {
    if (u32(bytes, at) !== EOCD) continue;
    let count = u16(bytes, at + 10);
    let offset = u32(bytes, at + 16);
    if ((count === 0xffff || offset === 0xffffffff) && at >= 20 && u32(bytes, at - 20) === ZIP64_LOCATOR) {
      const record = u64(bytes, at - 12);
      if (u32(bytes, record) !== ZIP64_EOCD) throw new ZipUnreadable('zip64 record missing');
      count = u64(bytes, record + 32);
      offset = u64(bytes, record + 48);
    }
    return { count, offset };
  }
  throw new ZipUnreadable('no end of central directory');
}

/**
 * The directory's entries, at most `maxEntries` (more: `tooMany`, before the rest is parsed).
 * Throws ZipUnreadable for anything that is not a well-formed zip directory.
 */
export function readZipDirectory(
  bytes: Uint8Array,
  maxEntries: number,
): { entries: ZipEntry[]; tooMany: boolean } {
  const { count, offset } = findDirectory(bytes);
  if (count > maxEntries) return { entries: [], tooMany: true };
  const entries: ZipEntry[] = [];
  let at = offset;
  for (let index = 0; index < count; index++) {
    if (u32(bytes, at) !== CENTRAL) throw new ZipUnreadable('bad directory entry');
    const flags = u16(bytes, at + 8);
    const nameLength = u16(bytes, at + 28);
    const extraLength = u16(bytes, at + 30);
    const commentLength = u16(bytes, at + 32);
    let compressedSize = u32(bytes, at + 20);
    let declaredSize = u32(bytes, at + 24);
    let localHeaderOffset = u32(bytes, at + 42);
    const nameStart = at + 46;
    if (nameStart + nameLength + extraLength > bytes.length) throw new ZipUnreadable('truncated');
    const rawName = bytes.subarray(nameStart, nameStart + nameLength);
    // Zip64: the real values of the fields set to 0xffffffff follow in this order in extra field 1.
    for (let extra = nameStart + nameLength; extra + 4 <= nameStart + nameLength + extraLength; ) {
      const id = u16(bytes, extra);
      const size = u16(bytes, extra + 2);
      if (id === 0x0001) {
        let field = extra + 4;
        if (declaredSize === 0xffffffff) {
          declaredSize = u64(bytes, field);
          field += 8;
        }
        if (compressedSize === 0xffffffff) {
          compressedSize = u64(bytes, field);
          field += 8;
        }
        if (localHeaderOffset === 0xffffffff) localHeaderOffset = u64(bytes, field);
      }
      extra += 4 + size;
    }
    entries.push({
      name: (flags & 0x800 ? utf8 : latin1).decode(rawName),
      method: u16(bytes, at + 10),
      encrypted: (flags & 1) === 1,
      compressedSize,
      declaredSize,
      localHeaderOffset,
    });
    at = nameStart + nameLength + extraLength + commentLength;
  }
  return { entries, tooMany: false };
}

/** An entry's stored bytes (still compressed), located through its local header. */
function packedBytes(zip: Uint8Array, entry: ZipEntry): Uint8Array {
  const header = entry.localHeaderOffset;
  if (u32(zip, header) !== LOCAL) throw new ZipUnreadable('bad local header');
  const start = header + 30 + u16(zip, header + 26) + u16(zip, header + 28);
  const end = start + entry.compressedSize;
  if (end > zip.length) throw new ZipUnreadable('entry past the end of the archive');
  return zip.subarray(start, end);
}

/**
 * An entry's real bytes, or `null` as soon as they pass `limit` (whatever the entry declares).
 * Only stored (0) and deflated (8) entries; the caller skips others. Damaged data: ZipUnreadable.
 */
export function inflateEntry(zip: Uint8Array, entry: ZipEntry, limit: number): Uint8Array | null {
  const packed = packedBytes(zip, entry);
  if (entry.method === 0) return packed.length > limit ? null : packed;
  try {
    const inflated = inflateRawSync(packed, { maxOutputLength: Math.max(1, limit) });
    if (inflated.length > limit) return null;
    return new Uint8Array(inflated.buffer, inflated.byteOffset, inflated.byteLength);
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return null;
    throw new ZipUnreadable('damaged entry');
  }
}
