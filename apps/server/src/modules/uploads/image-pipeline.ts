import crypto from 'node:crypto';
import { AVATAR_SIZE, MAX_IMAGE_BYTES, NOTE_IMAGE_MAX_SIDE } from '@notewise/shared';
import { createDecodeGate, MAX_WHOLE_DECODE_BYTES, wholeDecodeBytes } from './decode-limits';

/** What we decode. SVG is not here: it is a document that can carry script, not a picture. */
const ACCEPTED_MIME = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif']);

/**
 * Refused before decoding anything bigger: 40 megapixels is a 7300 x 5500 photo, beyond any phone's
 * camera; a 20000 x 20000 "pixel bomb" (a few KB of PNG that decodes to 1.2 GB) stops here.
 */
export const MAX_INPUT_PIXELS = 40_000_000;

/**
 * One image's decode and encode, at most: a 40-megapixel PNG takes about 1 s here, a 12-megapixel
 * JPEG to 2048 px 4 s on a loaded 2-core machine; past this it is refused, not waited for.
 */
export const DECODE_TIMEOUT_SECONDS = 15;

/**
 * One decode at a time, eight waiting, past that 503 (decision 042): a decode keeps a core busy, the
 * other stays for the event loop, and memory is one decode's at most.
 */
const gate = createDecodeGate({ running: 1, waiting: 8 });

export type ImageRejection = 'too-large' | 'not-an-image' | 'busy';

export class ImageRejectedError extends Error {
  override name = 'ImageRejectedError';
  constructor(
    readonly reason: ImageRejection,
    detail: string,
  ) {
    super(detail);
  }
}

export interface ProcessedImage {
  /** The re-encoded WebP: no EXIF, GPS, XMP or ICC text from the original survives. */
  data: Buffer;
  width: number;
  height: number;
  /** First 32 hex digits of the WebP's SHA-256. */
  hash: string;
}

export type ImageKind = 'avatar' | 'note';

/**
 * Bytes in, a clean WebP out (decision 021). The type is read from the bytes (never the file name
 * or Content-Type); only PNG, JPEG, WebP, GIF (its first frame) and AVIF are decoded, by sharp with
 * a pixel limit; a file sharp warns about (truncated, corrupt) is refused; what comes out is a new
 * image encoded by us, so nothing but pixels survives: metadata is dropped, trailing bytes (a
 * polyglot's HTML) too.
 */
export async function processImage(bytes: Buffer, kind: ImageKind): Promise<ProcessedImage> {
  if (bytes.length > MAX_IMAGE_BYTES) throw new ImageRejectedError('too-large', `${bytes.length} bytes`);
  // Loaded on the first image, not at start: sharp brings libvips (tens of MB resident).
  const [{ fileTypeFromBuffer }, { default: sharp }] = await Promise.all([
    import('file-type'),
    import('sharp'),
  ]);
  // Every upload is a new image: libvips' operation cache would only keep hostile inputs alive.
  sharp.cache(false);
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !ACCEPTED_MIME.has(type.mime)) {
    throw new ImageRejectedError('not-an-image', `type ${type?.mime ?? 'unknown'}`);
  }
  const release = await gate.enter();
  if (!release) throw new ImageRejectedError('busy', 'too many images being processed');
  try {
    // failOn 'warning': a truncated or damaged file is refused rather than half-decoded.
    const input = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning', pages: 1 });
    // The header alone says what decoding would hold in memory.
    const needs = wholeDecodeBytes(await input.metadata());
    if (needs > MAX_WHOLE_DECODE_BYTES) {
      throw new ImageRejectedError('not-an-image', `a whole-image decode of ${needs} bytes`);
    }
    // Applies the EXIF orientation before the EXIF block is dropped, so photos stay upright.
    let pipeline = input.rotate();
    pipeline =
      kind === 'avatar'
        ? pipeline.resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'centre' })
        : pipeline.resize(NOTE_IMAGE_MAX_SIDE, NOTE_IMAGE_MAX_SIDE, {
            fit: 'inside',
            withoutEnlargement: true,
          });
    const { data, info } = await pipeline
      .webp({ quality: 82, effort: 4 })
      .timeout({ seconds: DECODE_TIMEOUT_SECONDS })
      .toBuffer({ resolveWithObject: true });
    const hash = crypto.createHash('sha256').update(data).digest('hex').slice(0, 32);
    return { data, width: info.width, height: info.height, hash };
  } catch (error) {
    if (error instanceof ImageRejectedError) throw error;
    throw new ImageRejectedError('not-an-image', error instanceof Error ? error.message : String(error));
  } finally {
    release();
  }
}
