import { useCallback, useEffect, useRef, useState } from 'react';

/** After this long without a change, the 'Unsaved changes' indicator compares the Markdown... */
const DIRTY_CHECK_DELAY_MS = 300;
/** ...and at least this often while typing goes on. */
const DIRTY_CHECK_MAX_WAIT_MS = 1_000;

/** requestIdleCallback where there is one (not in Safari), within a second at most. */
function whenIdle(callback: () => void) {
  if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(callback, { timeout: 1_000 });
  else window.setTimeout(callback, 0);
}

interface DirtyCheckOptions {
  initiallyDirty: boolean;
  /** Exact: title or Markdown differs from the saved (serialises the document). */
  isDirty: () => boolean;
  titleDirty: () => boolean;
  /** Cheap: the document is structurally the saved one. */
  isUnchanged: () => boolean;
}

/**
 * The 'Unsaved changes' indicator: free while the document equals the saved one, else a Markdown
 * comparison once typing pauses (at least every second), never on each key.
 */
export function useDirtyCheck({ initiallyDirty, isDirty, titleDirty, isUnchanged }: DirtyCheckOptions) {
  const [dirty, setDirty] = useState(initiallyDirty);
  const latest = useRef({ isDirty, titleDirty, isUnchanged });
  latest.current = { isDirty, titleDirty, isUnchanged };
  const checkTimer = useRef<number | undefined>(undefined);
  const firstChangeAt = useRef(0);

  const onContentChange = useCallback(() => {
    if (latest.current.isUnchanged()) {
      window.clearTimeout(checkTimer.current);
      firstChangeAt.current = 0;
      setDirty(latest.current.titleDirty());
      return;
    }
    const now = performance.now();
    if (firstChangeAt.current === 0) firstChangeAt.current = now;
    const wait = Math.min(
      DIRTY_CHECK_DELAY_MS,
      Math.max(0, firstChangeAt.current + DIRTY_CHECK_MAX_WAIT_MS - now),
    );
    window.clearTimeout(checkTimer.current);
    checkTimer.current = window.setTimeout(() => {
      firstChangeAt.current = 0;
      // Serialising a long note takes a few ms: do it when the browser is idle, not between keys.
      whenIdle(() => setDirty(latest.current.isDirty()));
    }, wait);
  }, []);
  const cancel = useCallback(() => window.clearTimeout(checkTimer.current), []);
  useEffect(() => cancel, [cancel]);

  return { dirty, setDirty, onContentChange, cancel };
}
