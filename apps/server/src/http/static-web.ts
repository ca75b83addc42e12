import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES } from '@notewise/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorBody } from './errors';
import { createFirstPage } from './first-page';

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

/**
 * Whether a request that matched no route gets the app's page. A browser asks for HTML and gets it
 * on every page path (the app routes on the client). A request without an Accept header, or one
 * taking anything (`*\/*`: curl, uptime monitors), gets it at `/`, the app's front door (decision
 * 046); elsewhere such a request is a probe or a scraper (`/healthz`, `/metrics`), which must see a
 * real 404, not the app's HTML with 200. API and co-editing paths, and paths with a file extension
 * (a missing asset), never get it.
 */
function wantsAppPage(request: FastifyRequest, pathname: string): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (pathname.startsWith('/api/') || pathname.startsWith('/collab') || path.extname(pathname)) return false;
  const accept = request.headers.accept;
  if (accept === undefined || accept.includes('text/html')) return true;
  return pathname === '/' && (accept.trim() === '' || accept.includes('*/*'));
}

/**
 * Answers what no route matched: the app's page when `wantsAppPage` (All Notes rendered for a
 * signed-in visitor when it can be, decision 097), a JSON 404 otherwise.
 */
export function registerWebFallback(
  app: FastifyInstance,
  servesWeb: boolean,
  firstPage?: { distDir: string; firstPageWaitMs: number },
) {
  const sendFirstPage =
    servesWeb && firstPage && firstPage.firstPageWaitMs > 0
      ? createFirstPage(app, firstPage.distDir, firstPage.firstPageWaitMs)
      : undefined;
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (servesWeb && wantsAppPage(request, pathname)) {
      if (sendFirstPage && (await sendFirstPage(request, reply, pathname))) return reply;
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply
      .status(404)
      .send(errorBody(ERROR_CODES.notFound, `No route for ${request.method} ${pathname}`));
  });
}
