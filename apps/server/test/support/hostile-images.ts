import zlib from 'node:zlib';
import sharp from 'sharp';

/**
 * Hostile pictures for the upload pipeline (decisions 021, 042), made at run time: real encoders for
 * what must decode, hand-built bytes for what lies about itself. `expect` is what the pipeline must
 * do: refuse it with the picture text, or re-encode it (and then nothing but pixels survives).
 */
export interface HostileImage {
  name: string;
  bytes: Buffer;
  /** What the upload says about itself (the server must not believe either). */
  filename: string;
  contentType: string;
  expect: 'refused' | 'reencoded';
  /** Strings that must not survive a re-encode. */
  payload?: string[];
}

const SCRIPT = '<script>alert(document.cookie)</script>';

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A valid PNG header declaring width x height RGB with one deflated row of data. */
function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(1 + Math.min(width, 100_000) * 3))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Noise, so encoders cannot compress it away and truncation cuts real image data. */
function noise(width: number, height: number, channels = 3) {
  const data = Buffer.alloc(width * height * channels);
  let seed = 12345;
  for (let i = 0; i < data.length; i += 1) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    data[i] = seed >> 16;
  }
  return sharp(data, { raw: { width, height, channels: channels as 3 } });
}

/** Sets the frame size in a baseline JPEG's SOF0 marker. */
function jpegClaiming(jpeg: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(jpeg);
  for (let i = 2; i < out.length - 9; i += 1) {
    if (out[i] === 0xff && (out[i + 1] === 0xc0 || out[i + 1] === 0xc2)) {
      out.writeUInt16BE(height, i + 5);
      out.writeUInt16BE(width, i + 7);
      return out;
    }
  }
  throw new Error('no SOF marker');
}

/** A GIF whose logical screen and one image descriptor claim width x height, with a tiny LZW stream. */
function gifClaiming(width: number, height: number): Buffer {
  const screen = Buffer.alloc(7);
  screen.writeUInt16LE(width, 0);
  screen.writeUInt16LE(height, 2);
  screen[4] = 0x80; // global colour table, 2 entries
  const descriptor = Buffer.alloc(10);
  descriptor[0] = 0x2c;
  descriptor.writeUInt16LE(width, 5);
  descriptor.writeUInt16LE(height, 7);
  return Buffer.concat([
    Buffer.from('GIF89a'),
    screen,
    Buffer.from([0, 0, 0, 255, 255, 255]),
    descriptor,
    Buffer.from([2, 2, 0x4c, 0x01, 0, 0x3b]),
  ]);
}

/** An ISO-BMFF (HEIF family) file of the given brand: ftyp plus an empty meta box. */
function heifBrand(brand: string): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftyp', 4, 'ascii');
  ftyp.write(brand, 8, 'ascii');
  ftyp.write('mif1', 16, 'ascii');
  ftyp.write(brand, 20, 'ascii');
  const meta = Buffer.alloc(12);
  meta.writeUInt32BE(12, 0);
  meta.write('meta', 4, 'ascii');
  return Buffer.concat([ftyp, meta]);
}

/** Frames of a distinct colour each, stacked as one tall image for sharp's animated writers. */
function frames(count: number, width: number, height: number) {
  const data = Buffer.alloc(width * height * count * 3);
  for (let f = 0; f < count; f += 1) {
    data.fill(f % 256, f * width * height * 3, (f + 1) * width * height * 3);
  }
  return sharp(data, { raw: { width, height: height * count, channels: 3, pageHeight: height } });
}

/** A minimal ZIP holding one file: a PNG followed by this is also an archive to unzip tools. */
function zipWith(name: string, content: string): Buffer {
  const data = Buffer.from(content);
  const crc = zlib.crc32(data) >>> 0;
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(name.length, 28);
  const localPart = Buffer.concat([local, Buffer.from(name), data]);
  const centralPart = Buffer.concat([central, Buffer.from(name)]);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(centralPart.length, 12);
  end.writeUInt32LE(localPart.length, 16);
  return Buffer.concat([localPart, centralPart, end]);
}

const cut = (bytes: Buffer, fraction = 0.5) => bytes.subarray(0, Math.floor(bytes.length * fraction));

export async function hostileImages(): Promise<HostileImage[]> {
  const photo = noise(640, 480);
  const [pngBytes, jpegBytes, webpBytes, gifBytes, avifBytes] = await Promise.all([
    photo.clone().png().toBuffer(),
    photo.clone().jpeg({ quality: 90 }).toBuffer(),
    photo.clone().webp({ quality: 90 }).toBuffer(),
    photo.clone().gif().toBuffer(),
    noise(64, 48).avif({ quality: 50 }).toBuffer(),
  ]);
  const small = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();
  const smallJpeg = await sharp(small).jpeg().toBuffer();
  // 36 megapixels (under the 40-megapixel limit) of one colour: a few KB that decode to 108 MB.
  const flatHuge = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#ffffff' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  const animatedGif = await frames(2000, 64, 64).gif().toBuffer();
  const animatedWebp = await frames(2000, 64, 64).webp({ quality: 10, effort: 0 }).toBuffer();
  const bigAnimated = await frames(20, 2000, 2000).webp({ quality: 10, effort: 0 }).toBuffer();
  const textChunk = pngChunk('tEXt', Buffer.from(`Comment\0${SCRIPT}`));
  const withText = Buffer.concat([small.subarray(0, 33), textChunk, small.subarray(33)]);

  const images: HostileImage[] = [
    // Damaged files: refused, never half-decoded.
    {
      name: 'truncated PNG',
      bytes: cut(pngBytes),
      filename: 'a.png',
      contentType: 'image/png',
      expect: 'refused',
    },
    {
      name: 'truncated JPEG',
      bytes: cut(jpegBytes),
      filename: 'a.jpg',
      contentType: 'image/jpeg',
      expect: 'refused',
    },
    {
      name: 'truncated WebP',
      bytes: cut(webpBytes),
      filename: 'a.webp',
      contentType: 'image/webp',
      expect: 'refused',
    },
    {
      name: 'truncated GIF',
      bytes: cut(gifBytes),
      filename: 'a.gif',
      contentType: 'image/gif',
      expect: 'refused',
    },
    {
      name: 'truncated AVIF',
      bytes: cut(avifBytes),
      filename: 'a.avif',
      contentType: 'image/avif',
      expect: 'refused',
    },
    {
      name: 'PNG signature only',
      bytes: PNG_SIGNATURE,
      filename: 'a.png',
      contentType: 'image/png',
      expect: 'refused',
    },
    // Declared sizes far past the pixel limit: refused before decoding.
    {
      name: 'PNG claiming 100000 x 100000',
      bytes: pngClaiming(100_000, 100_000),
      filename: 'b.png',
      contentType: 'image/png',
      expect: 'refused',
    },
    {
      name: 'PNG claiming 2^31-1 x 1',
      bytes: pngClaiming(0x7fffffff, 1),
      filename: 'b.png',
      contentType: 'image/png',
      expect: 'refused',
    },
    {
      name: 'JPEG claiming 65500 x 65500',
      bytes: jpegClaiming(smallJpeg, 65_500, 65_500),
      filename: 'b.jpg',
      contentType: 'image/jpeg',
      expect: 'refused',
    },
    {
      name: 'GIF claiming 65535 x 65535',
      bytes: gifClaiming(65_535, 65_535),
      filename: 'b.gif',
      contentType: 'image/gif',
      expect: 'refused',
    },
    // Large but allowed: decoded within the budget.
    {
      name: 'flat 6000 x 6000 PNG (36 MP in a few KB)',
      bytes: flatHuge,
      filename: 'c.png',
      contentType: 'image/png',
      expect: 'reencoded',
    },
    // Animation bombs: one frame is decoded, not 2,000.
    {
      name: 'GIF with 2,000 frames',
      bytes: animatedGif,
      filename: 'd.gif',
      contentType: 'image/gif',
      expect: 'reencoded',
    },
    {
      name: 'WebP with 2,000 frames',
      bytes: animatedWebp,
      filename: 'd.webp',
      contentType: 'image/webp',
      expect: 'reencoded',
    },
    {
      name: 'WebP with 20 frames of 2000 x 2000',
      bytes: bigAnimated,
      filename: 'd.webp',
      contentType: 'image/webp',
      expect: 'reencoded',
    },
    // Polyglots: what survives is only what we encode.
    {
      name: 'PNG + HTML',
      bytes: Buffer.concat([small, Buffer.from(`<html>${SCRIPT}</html>`)]),
      filename: 'e.png',
      contentType: 'image/png',
      expect: 'reencoded',
      payload: [SCRIPT],
    },
    {
      name: 'PNG + ZIP',
      bytes: Buffer.concat([small, zipWith('evil.js', `alert('${SCRIPT}')`)]),
      filename: 'e.png',
      contentType: 'image/png',
      expect: 'reencoded',
      payload: ['evil.js', SCRIPT],
    },
    {
      name: 'PNG with script in a tEXt chunk',
      bytes: withText,
      filename: 'e.png',
      contentType: 'image/png',
      expect: 'reencoded',
      payload: [SCRIPT],
    },
    {
      name: 'JPEG + JavaScript',
      bytes: Buffer.concat([smallJpeg, Buffer.from(`\n/*${SCRIPT}*/alert(1)`)]),
      filename: 'e.jpg',
      contentType: 'image/jpeg',
      expect: 'reencoded',
      payload: [SCRIPT],
    },
    {
      name: 'GIF header + HTML',
      bytes: Buffer.concat([
        Buffer.from('GIF89a'),
        Buffer.from([10, 0, 10, 0, 0, 0, 0]),
        Buffer.from(`<html>${SCRIPT}</html>`),
      ]),
      filename: 'e.gif',
      contentType: 'image/gif',
      expect: 'refused',
    },
    // Documents and lies about the type.
    {
      name: 'SVG',
      bytes: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">${SCRIPT}</svg>`),
      filename: 'f.svg',
      contentType: 'image/svg+xml',
      expect: 'refused',
    },
    {
      name: 'SVG named .png',
      bytes: Buffer.from(`<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>`),
      filename: 'f.png',
      contentType: 'image/png',
      expect: 'refused',
    },
    {
      name: 'HTML named .jpg',
      bytes: Buffer.from(`<!doctype html><html><body>${SCRIPT}</body></html>`),
      filename: 'f.jpg',
      contentType: 'image/jpeg',
      expect: 'refused',
    },
    {
      name: 'ZIP named .png',
      bytes: zipWith('a.txt', 'hello'),
      filename: 'f.png',
      contentType: 'image/png',
      expect: 'refused',
    },
    {
      name: 'PDF named .png',
      bytes: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'),
      filename: 'f.png',
      contentType: 'image/png',
      expect: 'refused',
    },
    {
      name: 'TIFF (a format we do not take)',
      bytes: await sharp(small).tiff().toBuffer(),
      filename: 'f.tif',
      contentType: 'image/tiff',
      expect: 'refused',
    },
    {
      name: 'JPEG named .gif',
      bytes: smallJpeg,
      filename: 'g.gif',
      contentType: 'image/gif',
      expect: 'reencoded',
    },
    // HEIF family: AVIF decodes (this sharp has libheif with AV1); HEIC (HEVC) is not accepted.
    { name: 'AVIF', bytes: avifBytes, filename: 'h.avif', contentType: 'image/avif', expect: 'reencoded' },
    {
      name: 'HEIC',
      bytes: heifBrand('heic'),
      filename: 'h.heic',
      contentType: 'image/heic',
      expect: 'refused',
    },
    {
      name: 'AVIF brand with no image',
      bytes: heifBrand('avif'),
      filename: 'h.avif',
      contentType: 'image/avif',
      expect: 'refused',
    },
  ];
  return images;
}

/**
 * Small files that decode whole, into hundreds of MB (decision 042): refused by their header when
 * the decode would pass the memory budget, re-encoded when it stays inside.
 */
export async function memoryBombs(): Promise<HostileImage[]> {
  const flat = (width: number, height: number, channels: 3 | 4) =>
    sharp({
      create: { width, height, channels, background: { r: 200, g: 100, b: 50, alpha: 0.5 } },
    });
  const bomb = (name: string, bytes: Buffer, type: string, expect: HostileImage['expect']): HostileImage => ({
    name,
    bytes,
    filename: `bomb.${type.split('/')[1]}`,
    contentType: type,
    expect,
  });
  return [
    bomb(
      'AVIF of 6300 x 6300 (1 KB; 714 MB to decode)',
      await flat(6300, 6300, 3).avif({ effort: 0 }).toBuffer(),
      'image/avif',
      'refused',
    ),
    bomb(
      'interlaced 16-bit RGBA PNG of 6300 x 6300',
      await flat(6300, 6300, 4)
        .toColourspace('rgb16')
        .png({ progressive: true, compressionLevel: 9 })
        .toBuffer(),
      'image/png',
      'refused',
    ),
    bomb(
      'AVIF of 4032 x 3024 (a phone photo)',
      await flat(4032, 3024, 3).avif({ effort: 0 }).toBuffer(),
      'image/avif',
      'reencoded',
    ),
    bomb(
      'progressive JPEG of 6300 x 6300',
      await flat(6300, 6300, 3).jpeg({ progressive: true, quality: 50 }).toBuffer(),
      'image/jpeg',
      'reencoded',
    ),
    bomb('GIF of 6300 x 6300', await flat(6300, 6300, 3).gif().toBuffer(), 'image/gif', 'reencoded'),
  ];
}
