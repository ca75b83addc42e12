import { useEffect, useRef } from 'react';

interface NoteShortcuts {
  save: () => unknown;
  /** Leaving now would lose something: closing the tab asks first. */
  hasUnsavedChanges: () => boolean;
  /** An AI enhancement is running: Ctrl+S would save half of it, so it does nothing. */
  isEnhancing: () => boolean;
  /** The page goes away (tab closed, navigated off the site): a last chance to keep the changes. */
  onPageHide?: () => void;
}

/** Cmd/Ctrl+S saves (docs/design.md §2); closing the tab with unsaved changes asks first. Read at call time. */
export function useNoteShortcuts(shortcuts: NoteShortcuts) {
  const latest = useRef(shortcuts);
  latest.current = shortcuts;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.metaKey || event.ctrlKey) || event.altKey || event.key.toLowerCase() !== 's') return;
      event.preventDefault();
      if (!latest.current.isEnhancing()) void latest.current.save();
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!latest.current.hasUnsavedChanges()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    const onPageHide = () => latest.current.onPageHide?.();
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, []);
}
