#!/usr/bin/env node
// The JS the first route (/, Capture) loads, gzip-compressed: the entry and the modules it preloads
// from index.html, plus the Capture page chunk and everything they import statically. Lazy chunks
// (import()) are not counted. Run after `npm run build`; prints JSON { files, rawBytes, gzipBytes }.
// Usage: node apps/web/bench/first-route-size.mjs [distDir] [pageChunkPrefix]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(process.argv[2] ?? path.join(here, '..', 'dist'));
const pagePrefix = process.argv[3] ?? 'capture-page-';
const assets = path.join(dist, 'assets');

const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const roots = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((match) => match[1]);
const page = fs.readdirSync(assets).find((name) => name.startsWith(pagePrefix) && name.endsWith('.js'));
if (page) roots.push(page);

// Static imports in minified ESM: import{a as b}from"./x.js" / import"./x.js" / export{..}from"./x.js".
const STATIC_IMPORT = /(?:^|[;}\s)])(?:import|export)\s*(?:[\w${},\s*]*?from\s*)?["']\.\/([^"']+\.js)["']/g;
const seen = new Set();
const queue = [...roots];
while (queue.length > 0) {
  const name = queue.shift();
  if (seen.has(name)) continue;
  seen.add(name);
  const code = fs.readFileSync(path.join(assets, name), 'utf8');
  for (const match of code.matchAll(STATIC_IMPORT)) queue.push(match[1]);
}

let rawBytes = 0;
let gzipBytes = 0;
const files = [...seen].map((name) => {
  const code = fs.readFileSync(path.join(assets, name));
  const gzip = gzipSync(code, { level: Number(process.env.GZIP_LEVEL ?? 9) }).length;
  rawBytes += code.length;
  gzipBytes += gzip;
  return { name, gzipBytes: gzip };
});
files.sort((a, b) => b.gzipBytes - a.gzipBytes);
console.log(
  JSON.stringify({ files, rawBytes, gzipBytes, gzipKB: Math.round(gzipBytes / 102.4) / 10 }, null, 2),
);
