// First: the first page's API reads start before React and the router are evaluated (decision 079).
import './app/early-requests';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createQueryClient } from './app/query-client';
import { startFirstPage } from './app/router';
import './styles.css';

/**
 * How long the first render waits for the first page's code, session and data (decision 089): once
 * they are in, the first render is the page itself, not the session's loading indicator, a Suspense
 * fallback and the page without its data, each a render and a commit on a slow phone. Past this the
 * loading indicator shows as before. Offline, nothing is waited for: the saved cache is restored from
 * inside the app.
 */
const FIRST_RENDER_WAIT_MS = 1_000;

/**
 * #root, once the parser has reached it. This module can run before then: All Notes' code, which the
 * early script (an async module in <head>) imports at once, shares this chunk, so when the files come
 * from the service worker's cache it ran while <head> was still being parsed and stopped at a missing
 * #root: a blank page on an offline reload of All Notes.
 */
function rootElement(): Promise<HTMLElement> {
  const found = () => {
    const root = document.getElementById('root');
    if (!root) throw new Error('Missing #root element in index.html');
    return root;
  };
  if (document.readyState !== 'loading') return Promise.resolve(found());
  return new Promise((resolve, reject) =>
    document.addEventListener(
      'DOMContentLoaded',
      () => {
        try {
          resolve(found());
        } catch (error) {
          reject(error);
        }
      },
      { once: true },
    ),
  );
}

const queryClient = createQueryClient();
const firstPage = startFirstPage(queryClient);
// Not a top-level await: with one, the bundler splits the first route into dozens of files.
const waited = navigator.onLine
  ? Promise.race([firstPage, new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS))])
  : Promise.resolve();
void Promise.all([rootElement(), waited]).then(([root]) =>
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  ),
);
