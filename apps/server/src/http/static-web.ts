import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app: hashed files under /assets are cached for a year, everything else is
 * revalidated, and client-side routes fall back to index.html. Files the build compressed (.br, .gz
 * next to them, apps/web/scripts/precompress.mjs) are sent as such to clients that accept them, with
 * `Vary: Accept-Encoding`.
 */
export async function registerStaticWeb(app: FastifyInstance, distDir: string): Promise<boolean> {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ distDir }, 'web app not built; run `npm run build` to serve it');
    return false;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(res, filePath) {
      const isHashedAsset = filePath.startsWith(path.join(distDir, 'assets') + path.sep);
      res.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}
