import { DRAFT_CLEAR_AFTER_RESTORE_MS, DRAFT_DEBOUNCE_MS } from '@notewise/shared/constants';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  clearLocalDraft,
  type DraftSlot,
  deleteServerDraft,
  fetchServerDrafts,
  type LocalDraft,
  logDraftError,
  readLocalDrafts,
  saveServerDraft,
  writeLocalDraft,
} from '../api/drafts';
import { forgetComposerText } from '../lib/composer-memory';
import { openTabSlots, tabSlot, tabSlotReady, whileGathering } from '../lib/tab-slot';

/** True when this document was loaded by a reload (docs/product.md §4: drafts are restored only then). */
export function isPageReload(): boolean {
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry?.type === 'reload';
}

// Restoring happens at most once per page load and user, even if the composer mounts again later
// (navigation, sign-in) or twice (StrictMode): one shared read per user, applied once.
const restoring = new Map<string, Promise<RestoredDraft | null>>();
const restoreApplied = new Set<string>();
/**
 * Decision 094: a draft that arrived after the user had started typing. Not put in the box (typed
 * text wins, decision 012) and not deleted either: offered beside the box, and saved ahead of the
 * typed text until the user adds or discards it. Per user, for this page load (across re-mounts).
 */
const earlierDrafts = new Map<string, string>();

interface RestoredDraft {
  content: string;
  /** Whether the server answered: this tab's slot there is cleared once the restored text is in the box. */
  onServer: boolean;
}

function newer(local: LocalDraft | undefined, server: LocalDraft | undefined) {
  if (!local) return server;
  if (!server) return local;
  return Date.parse(server.updatedAt) > Date.parse(local.updatedAt) ? server : local;
}

/**
 * Decision 103: this tab's slot, plus the slots of tabs no longer open in this browser (and the draft
 * saved without a slot), oldest first and each text once. The gathered slots are moved into this tab's
 * slot before they are deleted, so the words are always kept somewhere; an open tab's slot is never
 * taken (its words are in its box). Without the server's answer only this tab's slot is read: a slot
 * deleted only here would come back from the server and be restored twice.
 */
async function gather(userId: string): Promise<RestoredDraft | null> {
  const own = tabSlot();
  const local = readLocalDrafts(userId);
  let server: Awaited<ReturnType<typeof fetchServerDrafts>> | null = null;
  try {
    server = await fetchServerDrafts();
  } catch (error) {
    logDraftError('restore', error);
  }
  const onServer = new Map<DraftSlot, LocalDraft>();
  if (server?.draft) onServer.set(null, server.draft);
  for (const draft of server?.slots ?? []) onServer.set(draft.slot, draft);
  const open = await openTabSlots();

  const slots = new Set<DraftSlot>([own, ...local.keys(), ...onServer.keys()]);
  const taken = server
    ? [...slots].filter((slot) => slot !== own && (slot === null || !open?.has(slot)))
    : [];
  const texts: LocalDraft[] = [];
  for (const slot of [own, ...taken]) {
    const draft = newer(local.get(slot), onServer.get(slot));
    if (draft?.content.trim() && !texts.some((kept) => kept.content === draft.content)) texts.push(draft);
  }
  texts.sort((a, b) => Date.parse(a.updatedAt) - Date.parse(b.updatedAt));
  const content = texts.map((draft) => draft.content).join('\n\n');

  if (taken.length > 0) {
    // Kept here first (synchronous), then the gathered slots go, then the server copy.
    if (content) writeLocalDraft(userId, own, content);
    for (const slot of taken) clearLocalDraft(userId, slot);
    await Promise.all(
      taken
        .filter((slot) => onServer.has(slot))
        .map((slot) => deleteServerDraft(slot).catch((error) => logDraftError('clear', error))),
    );
    if (content) await saveServerDraft(own, content).catch((error) => logDraftError('save', error));
  }
  if (!content) return null;
  return { content, onServer: server !== null };
}

function restoreOnce(userId: string): Promise<RestoredDraft | null> {
  const pending = restoring.get(userId);
  if (pending) return pending;
  const read = (async () => {
    if (!isPageReload()) return null;
    await tabSlotReady();
    return whileGathering(userId, () => gather(userId));
  })();
  restoring.set(userId, read);
  return read;
}

/** What is saved as the draft: an earlier draft not yet added or discarded comes first. */
function draftContent(text: string, earlier: string | null): string {
  if (!earlier) return text;
  return text.trim() === '' ? earlier : `${earlier}\n\n${text}`;
}

interface ComposerDraftOptions {
  userId: string | null;
  text: string;
  /**
   * Called once with the restored text after a reload; returns whether the composer used it (it only
   * fills an empty, untouched box, never replaces what the user typed). Not used: it is offered as
   * `earlierDraft` instead.
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
  const [earlierDraft, setEarlierDraft] = useState(() =>
    userId ? (earlierDrafts.get(userId) ?? null) : null,
  );
  const latest = useRef({ userId, text, earlierDraft });
  latest.current = { userId, text, earlierDraft };
  useEffect(() => setEarlierDraft(userId ? (earlierDrafts.get(userId) ?? null) : null), [userId]);
  const onRestoreRef = useRef(onRestore);
  onRestoreRef.current = onRestore;

  useEffect(() => {
    if (!userId) return;
    let active = true;
    void restoreOnce(userId).then((draft) => {
      if (!active || restoreApplied.has(userId) || draft === null) return;
      restoreApplied.add(userId);
      if (!onRestoreRef.current(draft.content)) {
        earlierDrafts.set(userId, draft.content);
        setEarlierDraft(draft.content);
        return;
      }
      lastSaved.current = draft.content;
      // docs/product.md §4: the saved draft is cleared 1 s after it is shown; the text stays in the box.
      if (draft.onServer) {
        window.setTimeout(() => {
          deleteServerDraft(tabSlot()).catch((error) => logDraftError('clear', error));
        }, DRAFT_CLEAR_AFTER_RESTORE_MS);
      }
    });
    return () => {
      active = false;
    };
  }, [userId]);

  const save = useCallback(() => {
    const { userId: owner, text, earlierDraft: earlier } = latest.current;
    if (!owner) return;
    const content = draftContent(text, earlier);
    const slot = tabSlot();
    if (content.trim() === '') {
      // Emptied by the user: an old draft must not come back on the next reload.
      if (lastSaved.current !== null) {
        lastSaved.current = null;
        clearLocalDraft(owner, slot);
        deleteServerDraft(slot).catch((error) => logDraftError('clear', error));
      }
      return;
    }
    if (content === lastSaved.current) return;
    lastSaved.current = content;
    writeLocalDraft(owner, slot, content);
    saveServerDraft(slot, content).catch((error) => logDraftError('save', error));
  }, []);

  // Debounced auto-save: every change of the text (or of the earlier draft) restarts the timer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `text` restarts the debounce; save reads the latest.
  useEffect(() => {
    if (!userId) return;
    const timer = window.setTimeout(save, DRAFT_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, earlierDraft, userId, save]);

  // Whatever is still unsaved when the page goes away (reload, tab close) or the composer unmounts.
  useEffect(() => {
    const flush = () => save();
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [save]);

  /** After Add Note: this tab's draft is gone (an earlier draft still offered is saved again). */
  const clearDraft = useCallback(() => {
    lastSaved.current = null;
    clearComposerDraft(latest.current.userId);
  }, []);

  /** The earlier draft was added to the box, or discarded: no longer offered nor saved apart. */
  const forgetEarlierDraft = useCallback(() => {
    const owner = latest.current.userId;
    if (owner) earlierDrafts.delete(owner);
    setEarlierDraft(null);
  }, []);

  return { clearDraft, earlierDraft, forgetEarlierDraft };
}

/**
 * Clears this tab's composer draft: its memory, its slot in localStorage and on the server. Other
 * tabs' slots hold their own words and stay (decision 103).
 */
export function clearComposerDraft(userId: string | null): void {
  forgetComposerText();
  if (!userId) return;
  const slot = tabSlot();
  clearLocalDraft(userId, slot);
  deleteServerDraft(slot).catch((error) => logDraftError('clear', error));
}
