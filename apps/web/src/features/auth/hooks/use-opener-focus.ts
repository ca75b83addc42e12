import { useCallback, useRef } from 'react';

/**
 * Remembers the control that opened a dialog and gives focus back to it when the dialog closes, and
 * tells a focus handler that this focus is the return (so a control that opens the dialog on focus
 * does not open it again).
 */
export function useOpenerFocus() {
  const opener = useRef<HTMLElement | null>(null);
  const returning = useRef<HTMLElement | null>(null);

  const rememberOpener = useCallback(() => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, []);

  const returnFocus = useCallback(() => {
    const element = opener.current;
    opener.current = null;
    if (!element?.isConnected) return;
    returning.current = element;
    element.focus({ preventScroll: true });
    returning.current = null;
  }, []);

  const isReturningTo = useCallback((element: HTMLElement) => returning.current === element, []);

  return { rememberOpener, returnFocus, isReturningTo };
}
