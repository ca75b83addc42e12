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

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element in index.html');

const queryClient = createQueryClient();
const firstPage = startFirstPage(queryClient);
// Not a top-level await: with one, the bundler splits the first route into dozens of files.
const waited = navigator.onLine
  ? Promise.race([firstPage, new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS))])
  : Promise.resolve();
void waited.then(() =>
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  ),
);
