// The server's render of All Notes into the page (decision 097): the same components, router and
// query cache as the browser's first render, given the API's answers the server read for the visitor.
// Built by `vite build --ssr` into dist-ssr/ and loaded by the server (apps/server/src/http/first-page.ts).
import { onlineManager } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { dropEarlyRequests, seedEarlyResponses } from '@/lib/early-requests';
import { Providers } from './app/providers';
import { createQueryClient } from './app/query-client';
import { routes, startFirstPage } from './app/router';

export { earlyPaths, FIRST_PAGE_DATA_ID, isNotesPage } from './app/early-paths';

// The answers wait in one module-wide table (lib/early-requests.ts), as in the browser: one render at
// a time, so no render can take another visitor's answers.
let queue: Promise<unknown> = Promise.resolve();

/**
 * `pathname` rendered from `answers` (`{ [path]: body }`, each path of `earlyPaths(pathname)`, each a
 * success), or a rejection when any read the page makes is not among them.
 */
export function renderFirstPage(
  pathname: string,
  answers: Readonly<Record<string, unknown>>,
): Promise<string> {
  const render = queue.then(() => renderNow(pathname, answers));
  queue = render.catch(() => undefined);
  return render;
}

async function renderNow(pathname: string, answers: Readonly<Record<string, unknown>>): Promise<string> {
  dropEarlyRequests();
  const client = createQueryClient();
  // Node has no navigator.onLine: a query would wait for a connection that is never announced.
  onlineManager.setOnline(true);
  try {
    seedEarlyResponses(answers);
    await startFirstPage(client, pathname);
    const unanswered = client
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.status !== 'success');
    if (unanswered.length > 0) {
      throw new Error(
        `not answered: ${unanswered.map((query) => JSON.stringify(query.queryKey)).join(', ')}`,
      );
    }
    const router = createMemoryRouter(routes, { initialEntries: [pathname] });
    return renderToString(
      <Providers queryClient={client}>
        <RouterProvider router={router} />
      </Providers>,
    );
  } finally {
    dropEarlyRequests();
    client.clear();
  }
}
