import type { Metadata } from 'sharp';

/**
 * Memory one decode may take (decision 042). libvips streams most images through a resize in small
 * strips, whatever their size; a few kinds must be decoded whole first, and those are what a small
 * file can turn into hundreds of MB: AVIF (libheif holds the YUV planes and the RGB image, measured
 * at about 18 bytes a pixel: a 1 KB 40-megapixel AVIF took 714 MB), interlaced PNG (a 16-bit RGBA
 * one of 40 megapixels: 351 MB), progressive JPEG and GIF frames.
 */
export const MAX_WHOLE_DECODE_BYTES = 256 * 1024 * 1024;

const BYTES_PER_SAMPLE: Record<string, number> = {
  uchar: 1,
  char: 1,
  ushort: 2,
  short: 2,
  uint: 4,
  int: 4,
  float: 4,
  complex: 8,
  double: 8,
  dpcomplex: 16,
};

/** Bytes a whole-image decode would hold, per the header; 0 for images libvips streams. */
export function wholeDecodeBytes(meta: Metadata): number {
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  const channels = meta.channels ?? 4;
  const sample = BYTES_PER_SAMPLE[meta.depth ?? 'uchar'] ?? 8;
  const pixels = width * height;
  switch (meta.format) {
    case 'heif':
      // Decoded to YUV, converted to RGB(A), each at up to 16 bits a sample: measured ~6x the output.
      return pixels * channels * sample * 6;
    case 'gif':
      return pixels * 4;
    case 'png':
    case 'jpeg':
      return meta.isProgressive ? pixels * channels * sample : 0;
    default:
      return 0;
  }
}

/**
 * At most `running` decodes at once and `waiting` in line: sharp's work runs on libuv's thread pool
 * (4 threads), so without this four hostile images at once would each take their full memory, and
 * the pool would have no thread left for file and DNS work.
 */
export function createDecodeGate(limits: { running: number; waiting: number }) {
  let active = 0;
  const queue: (() => void)[] = [];
  return {
    /** Resolves with a release function; false when the line is full. */
    async enter(): Promise<(() => void) | false> {
      if (active >= limits.running) {
        if (queue.length >= limits.waiting) return false;
        await new Promise<void>((resolve) => queue.push(resolve));
      } else {
        active += 1;
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const next = queue.shift();
        // The slot passes straight to the next in line.
        if (next) next();
        else active -= 1;
      };
    },
    get active() {
      return active;
    },
  };
}
