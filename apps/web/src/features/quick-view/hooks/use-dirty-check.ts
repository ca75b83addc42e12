import { useCallback, useEffect, useRef } from 'react';
import type { SaveLabelStore } from '../lib/save-label-store';

/** After this long without a change, the 'Unsaved changes' indicator compares the Markdown... */
const DIRTY_CHECK_DELAY_MS = 300;
/** ...and at least this often while typing goes on, until it says 'Unsaved changes'. */
const DIRTY_CHECK_MAX_WAIT_MS = 1_000;

/** requestIdleCallback where there is one (not in Safari), within a second at most. */
function whenIdle(callback: () => void) {
  if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(callback, { timeout: 1_000 });
  else window.setTimeout(callback, 0);
}

interface DirtyCheckOptions {
  /** Where the flag is shown: setting it re-renders the status label only. */
  label: SaveLabelStore;
  /** Exact: title or Markdown differs from the saved (serialises the document). */
  isDirty: () => boolean;
  titleDirty: () => boolean;
  /** Cheap: the document is structurally the saved one. */
  isUnchanged: () => boolean;
}

/**
 * The 'Unsaved changes' indicator: free while the document equals the saved one, else a Markdown
 * comparison once typing pauses (at least every second until it shows), never on each key.
 */
export function useDirtyCheck({ label, isDirty, titleDirty, isUnchanged }: DirtyCheckOptions) {
  const setDirty = useCallback((dirty: boolean) => label.set({ dirty }), [label]);
  const latest = useRef({ isDirty, titleDirty, isUnchanged });
  latest.current = { isDirty, titleDirty, isUnchanged };
  const checkTimer = useRef<number | undefined>(undefined);
  const firstChangeAt = useRef(0);

  const onContentChange = useCallback(() => {
    if (latest.current.isUnchanged()) {
      window.clearTimeout(checkTimer.current);
      firstChangeAt.current = 0;
      // Typed back to the saved text: only the label re-renders, inside the key (a few elements).
      setDirty(latest.current.titleDirty());
      return;
    }
    const now = performance.now();
    if (firstChangeAt.current === 0) firstChangeAt.current = now;
    // Already 'Unsaved changes': it stays so while typing goes on (typing back to the saved text is
    // caught above), so the check waits for a pause. One forced among keys delayed the next (112).
    const wait = label.get().dirty
      ? DIRTY_CHECK_DELAY_MS
      : Math.min(DIRTY_CHECK_DELAY_MS, Math.max(0, firstChangeAt.current + DIRTY_CHECK_MAX_WAIT_MS - now));
    window.clearTimeout(checkTimer.current);
    checkTimer.current = window.setTimeout(() => {
      firstChangeAt.current = 0;
      // Serialising a long note takes a few ms: do it when the browser is idle, not between keys.
      whenIdle(() => setDirty(latest.current.isDirty()));
    }, wait);
  }, [label, setDirty]);
  const cancel = useCallback(() => window.clearTimeout(checkTimer.current), []);
  useEffect(() => cancel, [cancel]);

  return { setDirty, onContentChange, cancel };
}
