// The first page's API reads, sent as soon as the app's code starts to run instead of after React's
// first render and the session read (decision 079). Only GETs, answered once each: `request` (api.ts)
// takes an answer from here when it asks for the same path soon after, if the answer is a success (or a
// 401 on a path whose 401 is its answer: the session's "signed out"); anything else (a failure, an old
// answer) is dropped and the request sent again.
// Imports nothing: main.tsx imports it first, so it runs before React and the router are evaluated.

/** An answer older than this is not used (a page opened later asks again). */
const EARLY_ANSWER_MS = 10_000;

const pending = new Map<string, Promise<Response>>();
let signedOutAnswers = new Set<string>();
let startedAt = 0;

interface EarlyRequestOptions {
  /**
   * Paths whose 401 is a real answer, used like a success: GET /api/me's "nobody is signed in" (asking
   * again would only get the same 401: a signed-out visit sent it twice).
   */
  signedOutAnswers?: readonly string[];
}

/** Sends a GET for each path now (same headers as `request`), unless the browser is offline. */
export function startEarlyRequests(paths: readonly string[], options: EarlyRequestOptions = {}): void {
  if (typeof fetch !== 'function' || navigator.onLine === false) return;
  startedAt = performance.now();
  signedOutAnswers = new Set(options.signedOutAnswers);
  for (const path of paths) {
    const answer = fetch(path, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
    // Never read when nobody asks: no unhandled rejection.
    answer.catch(() => undefined);
    pending.set(path, answer);
  }
}

/**
 * Answers already in hand for GETs of these paths (`path -> JSON body`, each a success): All Notes'
 * reads the server put in the page with its markup (decision 097), or the server's own render being
 * given them. `request` takes them as it takes a fetched early answer, once each.
 */
export function seedEarlyResponses(answers: Readonly<Record<string, unknown>>): void {
  startedAt = performance.now();
  for (const [path, body] of Object.entries(answers)) {
    const headers = { 'content-type': 'application/json' };
    pending.set(path, Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers })));
  }
}

/**
 * The early answer to GET `path` (once), or undefined when there is none to wait for. The promise
 * resolves to undefined when the answer is not a success or is too old: send the request then.
 */
export function takeEarlyResponse(path: string): Promise<Response | undefined> | undefined {
  const answer = pending.get(path);
  if (!answer) return undefined;
  pending.delete(path);
  if (performance.now() - startedAt > EARLY_ANSWER_MS) return undefined;
  return answer.then(
    (response) =>
      response.ok || (response.status === 401 && signedOutAnswers.has(path)) ? response : undefined,
    () => undefined,
  );
}

/** Forgets every early answer not yet taken (tests; a session change). */
export function dropEarlyRequests(): void {
  pending.clear();
}
