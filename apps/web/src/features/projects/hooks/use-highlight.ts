import { HIGHLIGHT_DURATION_MS } from '@notewise/shared';
import { useEffect, useState } from 'react';

/**
 * docs/product.md §2: the note named by ?highlightNote= is highlighted for HIGHLIGHT_DURATION_MS once it is on
 * screen (`ready`). Returns the id while the highlight lasts, else null.
 */
export function useHighlight(noteId: string | null, ready: boolean): string | null {
  const [active, setActive] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => {
    if (!noteId || !ready || done === noteId) return;
    setActive(noteId);
    setDone(noteId);
  }, [noteId, ready, done]);

  useEffect(() => {
    if (!active) return;
    const timer = window.setTimeout(() => setActive(null), HIGHLIGHT_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [active]);

  return active;
}
