import { DRAFT_CLEAR_AFTER_RESTORE_MS, DRAFT_DEBOUNCE_MS } from '@notewise/shared/constants';
import { useCallback, useEffect, useRef } from 'react';
import {
  clearLocalDraft,
  deleteServerDraft,
  fetchServerDraft,
  type LocalDraft,
  logDraftError,
  readLocalDraft,
  saveServerDraft,
  writeLocalDraft,
} from '../api/drafts';
import { forgetComposerText } from '../lib/composer-memory';

/** True when this document was loaded by a reload (docs/product.md §4: drafts are restored only then). */
export function isPageReload(): boolean {
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry?.type === 'reload';
}

// Restoring happens at most once per page load and user, even if the composer mounts again later
// (navigation, sign-in) or twice (StrictMode): one shared read per user, applied once.
const restoring = new Map<string, Promise<string | null>>();
const restoreApplied = new Set<string>();

function newer(local: LocalDraft | null, server: { content: string; updatedAt: string } | null) {
  if (!local) return server;
  if (!server) return local;
  return Date.parse(server.updatedAt) > Date.parse(local.updatedAt) ? server : local;
}

function restoreOnce(userId: string): Promise<string | null> {
  const pending = restoring.get(userId);
  if (pending) return pending;
  const read = (async () => {
    if (!isPageReload()) return null;
    const local = readLocalDraft(userId);
    let server: Awaited<ReturnType<typeof fetchServerDraft>> = null;
    try {
      server = await fetchServerDraft();
    } catch (error) {
      logDraftError('restore', error);
    }
    const draft = newer(local, server);
    if (!draft?.content.trim()) return null;
    // docs/product.md §4: the saved draft is cleared 1 s after it is shown; the text stays in the box.
    if (server) {
      window.setTimeout(() => {
        deleteServerDraft().catch((error) => logDraftError('clear', error));
      }, DRAFT_CLEAR_AFTER_RESTORE_MS);
    }
    return draft.content;
  })();
  restoring.set(userId, read);
  return read;
}

interface ComposerDraftOptions {
  userId: string | null;
  text: string;
  /**
   * Called once with the restored text after a reload; returns whether the composer used it (it only
   * fills an empty, untouched box, never replaces what the user typed).
   */
  onRestore: (content: string) => boolean;
}

/**
 * The composer's draft (docs/product.md §4): saved to the server and to localStorage 1 s after typing stops,
 * skipping empty content and content equal to the last saved; restored only on a page reload, taking
 * the newer of the two. Failures are logged, never shown (docs/product.md §8).
 */
export function useComposerDraft({ userId, text, onRestore }: ComposerDraftOptions) {
  const lastSaved = useRef<string | null>(null);
  const latest = useRef({ userId, text });
  latest.current = { userId, text };
  const onRestoreRef = useRef(onRestore);
  onRestoreRef.current = onRestore;

  useEffect(() => {
    if (!userId) return;
    let active = true;
    void restoreOnce(userId).then((content) => {
      if (!active || restoreApplied.has(userId) || content === null) return;
      restoreApplied.add(userId);
      if (onRestoreRef.current(content)) lastSaved.current = content;
    });
    return () => {
      active = false;
    };
  }, [userId]);

  const save = useCallback(() => {
    const { userId: owner, text: content } = latest.current;
    if (!owner) return;
    if (content.trim() === '') {
      // Emptied by the user: an old draft must not come back on the next reload.
      if (lastSaved.current !== null) {
        lastSaved.current = null;
        clearLocalDraft(owner);
        deleteServerDraft().catch((error) => logDraftError('clear', error));
      }
      return;
    }
    if (content === lastSaved.current) return;
    lastSaved.current = content;
    writeLocalDraft(owner, content);
    saveServerDraft(content).catch((error) => logDraftError('save', error));
  }, []);

  // Debounced auto-save: every change of the text restarts the timer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `text` restarts the debounce; save reads the latest.
  useEffect(() => {
    if (!userId) return;
    const timer = window.setTimeout(save, DRAFT_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, userId, save]);

  // Whatever is still unsaved when the page goes away (reload, tab close) or the composer unmounts.
  useEffect(() => {
    const flush = () => save();
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [save]);

  /** After Add Note: no draft left anywhere. */
  const clearDraft = useCallback(() => {
    lastSaved.current = null;
    clearComposerDraft(latest.current.userId);
  }, []);

  return { clearDraft };
}

/** Clears the composer's draft everywhere: this tab's memory, localStorage and the server. */
export function clearComposerDraft(userId: string | null): void {
  forgetComposerText();
  if (!userId) return;
  clearLocalDraft(userId);
  deleteServerDraft().catch((error) => logDraftError('clear', error));
}
