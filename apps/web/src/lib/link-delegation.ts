import { type MouseEvent, useCallback } from 'react';
import { useNavigate } from 'react-router';

/**
 * Runs `callback` once the browser has painted the next frame (a task queued from its
 * requestAnimationFrame), so the frame answering a click is painted first (INP at 4x CPU, decision
 * 105). Kept here, not in a module of its own: shared with the editor's chunk, it became a separate
 * file the early script of All Notes waited for.
 */
function afterNextPaint(callback: () => void) {
  requestAnimationFrame(() => window.setTimeout(callback, 0));
}

/** The attribute that marks an in-app anchor whose clicks a list handles (`useDelegatedLinks`). */
export const APP_LINK = { 'data-app-link': '' } as const;

/**
 * One click handler for a list's in-app links: put `onClick` on the list and `{...APP_LINK}` on plain
 * `<a href>` inside it. A list that mounts an item per note as it scrolls then has no router `Link`
 * (a handful of hooks and context reads) per item (decision 086). A click navigates in the app as
 * `Link` does (replacing the entry when it is the current location); a click with a modifier key, a
 * button other than the first, or on an anchor with another target is left to the browser.
 */
export function useDelegatedLinks() {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a[data-app-link]');
      if (!(anchor instanceof HTMLAnchorElement) || !event.currentTarget.contains(anchor)) return;
      if (anchor.target && anchor.target !== '_self') return;
      const href = anchor.getAttribute('href');
      if (!href) return;
      event.preventDefault();
      // The router's work (matching, its state, history: ~30 ms of a click's 4x-CPU frame) starts once
      // the press is painted (decision 105); React then renders the page in a transition.
      afterNextPaint(() => {
        const { pathname, search, hash } = window.location;
        navigate(href, { replace: `${pathname}${search}${hash}` === href });
      });
    },
    [navigate],
  );
}
