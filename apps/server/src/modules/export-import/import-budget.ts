import { IMPORT_LIMITS } from '@notewise/shared';
import { inflateEntry, type ZipEntry } from './zip-reader';

/** Entries bigger than this must not be much bigger than their packed size (zip bomb check). */
export const RATIO_CHECK_FROM_BYTES = 256 * 1024;

/** Whether an entry's size (declared, or real once inflated) is a zip bomb's. */
export function looksLikeBomb(size: number, packedSize: number): boolean {
  return size > RATIO_CHECK_FROM_BYTES && size > packedSize * IMPORT_LIMITS.maxCompressionRatio;
}

/**
 * Real inflated bytes an import may still produce. A budget can sit inside another (a .docx's XML
 * inside a zip's total): spending counts in both, and the tighter one binds.
 */
export class InflateBudget {
  private used = 0;

  constructor(
    private readonly cap: number,
    private readonly outer?: InflateBudget,
  ) {}

  /** What may still be inflated, and whether this budget or an enclosing one is the limit. */
  room(): { bytes: number; binding: 'own' | 'outer' } {
    const own = this.cap - this.used;
    const outer = this.outer?.room().bytes ?? Number.POSITIVE_INFINITY;
    return outer < own ? { bytes: outer, binding: 'outer' } : { bytes: own, binding: 'own' };
  }

  spend(bytes: number): void {
    this.used += bytes;
    this.outer?.spend(bytes);
  }

  within(cap: number): InflateBudget {
    return new InflateBudget(cap, this);
  }
}

/** Which limit an entry's real bytes passed: the ratio, its own cap, the budget or an outer budget. */
export type Overrun = 'ratio' | 'entry' | 'own' | 'outer';

/**
 * An entry's real bytes, inflated no further than the tightest of: the compression ratio a zip bomb
 * passes (unless `ratio` is false), `entryCap`, and the budget (which is then charged). The
 * archive's declared size plays no part here. Throws ZipUnreadable for damaged data.
 */
export function readBounded(
  zip: Uint8Array,
  entry: ZipEntry,
  budget: InflateBudget,
  { entryCap = Number.POSITIVE_INFINITY, ratio = true }: { entryCap?: number; ratio?: boolean } = {},
): { bytes: Uint8Array } | { over: Overrun } {
  const ratioCap = ratio
    ? Math.max(RATIO_CHECK_FROM_BYTES, entry.compressedSize * IMPORT_LIMITS.maxCompressionRatio)
    : Number.POSITIVE_INFINITY;
  const room = budget.room();
  const limits: Array<[number, Overrun]> = [
    [ratioCap, 'ratio'],
    [room.bytes, room.binding],
    [entryCap, 'entry'],
  ];
  // Ties go to the first: a refusal of the archive (bomb, budget) outranks skipping one entry.
  const [limit, reason] = limits.reduce((tightest, next) => (next[0] < tightest[0] ? next : tightest));
  const bytes = inflateEntry(zip, entry, limit);
  if (bytes === null) return { over: reason };
  budget.spend(bytes.length);
  return { bytes };
}
