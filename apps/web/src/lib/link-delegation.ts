import { type MouseEvent, useCallback } from 'react';
import { useNavigate } from 'react-router';

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
      const { pathname, search, hash } = window.location;
      navigate(href, { replace: `${pathname}${search}${hash}` === href });
    },
    [navigate],
  );
}
