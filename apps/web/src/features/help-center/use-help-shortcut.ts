import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/lib/route-table';

/** True while the user types: inputs, text areas, selects and the rich-text editor. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable || target.closest('input, textarea, select, [contenteditable="true"]') !== null
  );
}

/** `?` opens the Help Center (docs/design.md §2: every action one key away), never while typing or in a dialog. */
export function useHelpShortcut() {
  const navigate = useNavigate();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '?' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented)
        return;
      if (
        isTyping(event.target) ||
        document.querySelector('[role="dialog"][aria-modal="true"], .driver-popover')
      ) {
        return;
      }
      event.preventDefault();
      navigate(paths.helpCenter);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [navigate]);
}
