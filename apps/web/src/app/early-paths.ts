// Which API reads a page load sends before React renders (app/early-requests.ts, decision 079). The
// paths must be exactly those the fetchers ask for: early-requests.test.tsx checks them.

import { NOTES_PAGE_PATHS } from '@/features/notes/api/first-page-paths';

export const SESSION_PATHS = ['/api/me'] as const;
/** ROUTES' `notes` path (the route table imports the router, whose code runs later). */
export const NOTES_PAGE = '/notes';

export function isNotesPage(pathname: string): boolean {
  return (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname) === NOTES_PAGE;
}

/** The session for every page; All Notes' list, counters and project names too. */
export function earlyPaths(pathname: string): readonly string[] {
  return isNotesPage(pathname) ? [...SESSION_PATHS, ...NOTES_PAGE_PATHS] : SESSION_PATHS;
}

/**
 * The id of the `<script type="application/json">` in which the server sends All Notes' first reads
 * with the page's markup (decision 097): `{ [path]: body }` for each of `earlyPaths`.
 */
export const FIRST_PAGE_DATA_ID = 'notewise-first-page';

/** The answers the server put in the page, if it did and they parse; each path's body as the API sent it. */
export function embeddedAnswers(doc: Document): Record<string, unknown> | undefined {
  const text = doc.getElementById(FIRST_PAGE_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    const answers: unknown = JSON.parse(text);
    return typeof answers === 'object' && answers !== null ? (answers as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
