#!/usr/bin/env node
// Renders the app icons (PNG) from favicon.svg's shapes: the accent square with the white N. No image
// library: an anti-aliased (4x4 supersampled) point-in-polygon raster written with node:zlib.
// Regular icons keep the favicon's rounded corners; the maskable one fills the square and keeps the
// N inside the 80 % safe zone. Usage: node apps/web/scripts/make-icons.mjs [outDir]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.resolve(process.argv[2] ?? path.join(here, '..', 'public', 'icons'));
const ACCENT = [0x46, 0x50, 0xd8];
const WHITE = [0xff, 0xff, 0xff];
// favicon.svg's N, in its 32-unit box.
const N = [
  [10, 22],
  [10, 10],
  [12.2, 10],
  [19.8, 18.3],
  [19.8, 10],
  [22, 10],
  [22, 22],
  [19.8, 22],
  [12.2, 13.7],
  [12.2, 22],
];

function inPolygon(x, y, points) {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i];
    const [xj, yj] = points[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function inRoundedSquare(x, y, radius) {
  const cx = Math.min(Math.max(x, radius), 32 - radius);
  const cy = Math.min(Math.max(y, radius), 32 - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

function render(size, { maskable }) {
  const glyphScale = maskable ? 0.75 : 1;
  const glyph = N.map(([x, y]) => [16 + (x - 16) * glyphScale, 16 + (y - 16) * glyphScale]);
  const samples = 4;
  const rows = [];
  for (let py = 0; py < size; py++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let px = 0; px < size; px++) {
      let bg = 0;
      let fg = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = ((px + (sx + 0.5) / samples) / size) * 32;
          const y = ((py + (sy + 0.5) / samples) / size) * 32;
          if (!maskable && !inRoundedSquare(x, y, 8)) continue;
          if (inPolygon(x, y, glyph)) fg++;
          else bg++;
        }
      }
      const total = samples * samples;
      const alpha = (bg + fg) / total;
      const mix = bg + fg === 0 ? 0 : fg / (bg + fg);
      const o = 1 + px * 4;
      for (let c = 0; c < 3; c++) row[o + c] = Math.round(ACCENT[c] * (1 - mix) + WHITE[c] * mix);
      row[o + 3] = Math.round(alpha * 255);
    }
    rows.push(row);
  }
  return png(size, Buffer.concat(rows));
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
function png(size, raw) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

fs.mkdirSync(outDir, { recursive: true });
const icons = [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['icon-maskable-512.png', 512, true],
  ['apple-touch-icon.png', 180, true],
];
for (const [name, size, maskable] of icons) {
  fs.writeFileSync(path.join(outDir, name), render(size, { maskable }));
  console.log(`${name} ${size}x${size}${maskable ? ' maskable' : ''}`);
}
