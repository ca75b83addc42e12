import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** What apps/web/src/entry-server.tsx exports. */
interface ServerRender {
  FIRST_PAGE_DATA_ID: string;
  isNotesPage(pathname: string): boolean;
  earlyPaths(pathname: string): readonly string[];
  renderFirstPage(pathname: string, answers: Readonly<Record<string, unknown>>): Promise<string>;
}

const ROOT = '<div id="root"></div>';
/**
 * The server's markup is a picture of the page until the app renders over it: its buttons have no
 * handlers, so a click or tap there would be lost (a test clicked a card's menu before the app took
 * over and waited 45 s for it). Inert, it takes no click, focus or typing; hidden from assistive
 * technology, a screen reader (and a test finding elements by role) meets the working page only.
 * `display: contents` (styles.css) keeps the layout as if the wrapper were not there.
 */
const PREVIEW_ATTRIBUTES = 'class="first-page-preview" inert aria-hidden="true"';
const HEAD = '<head>';

/** JSON safe inside a `<script>` element: no `<`, so no `</script>` and no `<!--` can end or bend it. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * All Notes rendered into the page for a signed-in visitor's page load (decision 097): the first
 * page of cards, the shell and the counters are painted before any JavaScript runs, and the reads
 * they came from ride along as a JSON block the app answers its same requests from. The reads go
 * through the API's own routes (in-process `inject`, not HTTP): the same session check, access rules,
 * page cache and serialisation as the app's own requests, so the page holds exactly what the API
 * would answer this visitor, or nothing.
 */
export function createFirstPage(app: FastifyInstance, distDir: string, waitMs: number) {
  const bundle = path.resolve(distDir, '..', 'dist-ssr', 'entry-server.js');
  const available = fs.existsSync(bundle);
  let loading: Promise<ServerRender | null> | undefined;
  let indexHtml: string | undefined;

  // Once, on the first page load that could use it (6 MB of code a server that never renders need
  // not hold). A bundle that fails to load turns the feature off; pages stay the plain index.html.
  function load(): Promise<ServerRender | null> {
    loading ??= (async () => {
      try {
        indexHtml = await fs.promises.readFile(path.join(distDir, 'index.html'), 'utf8');
        if (!indexHtml.includes(ROOT) || !indexHtml.includes(HEAD))
          throw new Error('index.html has no empty #root');
        return (await import(pathToFileURL(bundle).href)) as ServerRender;
      } catch (error) {
        app.log.error({ err: error, bundle }, 'server render unavailable; pages are the plain index.html');
        return null;
      }
    })();
    return loading;
  }

  async function read(request: FastifyRequest, url: string): Promise<unknown> {
    const answer = await app.inject({
      method: 'GET',
      url,
      remoteAddress: request.ip,
      headers: {
        cookie: request.headers.cookie ?? '',
        accept: 'application/json',
        ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
      },
    });
    if (answer.statusCode !== 200) throw new Error(`${url}: ${answer.statusCode}`);
    return answer.json();
  }

  async function render(request: FastifyRequest, pathname: string, ssr: ServerRender): Promise<string> {
    const paths = ssr.earlyPaths(pathname);
    const bodies = await Promise.all(paths.map((url) => read(request, url)));
    const answers = Object.fromEntries(paths.map((url, index) => [url, bodies[index]]));
    const markup = await ssr.renderFirstPage(pathname, answers);
    const data = `<script type="application/json" id="${ssr.FIRST_PAGE_DATA_ID}">${scriptSafeJson(answers)}</script>`;
    // The data first in <head>: the early script (an async module, first in <head>) may run before
    // the body is parsed.
    return (indexHtml as string)
      .replace(HEAD, () => `${HEAD}${data}`)
      .replace(ROOT, () => `<div id="root"><div ${PREVIEW_ATTRIBUTES}>${markup}</div></div>`);
  }

  /**
   * Sends All Notes rendered for this visitor and returns true, or returns false (nothing sent):
   * not All Notes, no session cookie, signed out, an error, or past `waitMs` (FIRST_PAGE_WAIT_MS:
   * a slow database or a busy server then costs the visitor at most that, and the app reads the data
   * itself as before).
   */
  return async function sendFirstPage(request: FastifyRequest, reply: FastifyReply, pathname: string) {
    if (!available || request.method !== 'GET' || !request.headers.cookie) return false;
    const ssr = await load();
    if (!ssr?.isNotesPage(pathname)) return false;
    // Whatever the answer, it depends on the session cookie.
    reply.header('vary', 'Cookie');
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), waitMs);
    });
    const html = await Promise.race([
      render(request, pathname, ssr).catch((error: unknown) => {
        request.log.debug({ err: error }, 'first page not rendered');
        return null;
      }),
      late,
    ]).finally(() => clearTimeout(timer));
    if (html === null) return false;
    // Personal: never stored by a browser, a proxy or the service worker's runtime caches.
    await reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
    return true;
  };
}
