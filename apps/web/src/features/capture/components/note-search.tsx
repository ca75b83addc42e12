import { Search } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { inputClasses } from '@/components/ui/input';
import { useAuth, useAuthDialog } from '@/features/auth';
import { cn } from '@/lib/cn';
import { useIsMobile } from '@/lib/use-media-query';
import { useSearchCombobox } from '../hooks/use-search-combobox';
import { SearchPanel } from './search-panel';

// The full-screen search of the mobile layout loads when first opened (or when the button is touched).
const loadMobileSearch = () => import('./mobile-search-dialog');
const MobileSearchDialog = lazy(async () => ({ default: (await loadMobileSearch()).MobileSearchDialog }));

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * Capture's note search (docs/product.md §2). Desktop: a search box with a dropdown of recent notes or results.
 * Under 768 px: a floating button opening a full-screen search. Signed out, the box is disabled and
 * prompts sign-up. Cmd/Ctrl+K focuses the search from anywhere on the page.
 */
export function NoteSearch() {
  const { user } = useAuth();
  const { openAuthDialog, openOnFocus } = useAuthDialog();
  const signedIn = user !== null;
  const isMobile = useIsMobile();
  const inputRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [mobileMounted, setMobileMounted] = useState(false);
  const combobox = useSearchCombobox({ active: signedIn && open, onChosen: () => setOpen(false) });
  const { query, setQuery, state, listId, activeIndex, optionId, handleKey } = combobox;
  const listShown = open && state.status === 'ready' && state.items.length > 0;

  const openMobile = () => {
    if (!signedIn) return openAuthDialog('signup');
    setMobileMounted(true);
    setMobileOpen(true);
  };

  // Cmd/Ctrl+K from anywhere on the page.
  const isMobileRef = useRef(isMobile);
  isMobileRef.current = isMobile;
  const openMobileRef = useRef(openMobile);
  openMobileRef.current = openMobile;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.metaKey || event.ctrlKey) || event.key.toLowerCase() !== 'k') return;
      event.preventDefault();
      if (isMobileRef.current) openMobileRef.current();
      else inputRef.current?.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  // Leaving the desktop layout closes the dropdown.
  if (isMobile && open) setOpen(false);

  return (
    <>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: closes the dropdown when focus leaves the search; not an action. */}
      <div
        ref={rootRef}
        className="relative max-md:hidden"
        onBlur={(event) => {
          if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
        }}
      >
        <search className="relative">
          <Search
            size={16}
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-subtle"
          />
          <input
            ref={inputRef}
            type="text"
            role="combobox"
            aria-label="Search notes"
            aria-keyshortcuts="Control+K Meta+K"
            aria-autocomplete="list"
            aria-expanded={signedIn && open}
            aria-controls={listShown ? listId : undefined}
            aria-activedescendant={listShown && activeIndex >= 0 ? optionId(activeIndex) : undefined}
            autoComplete="off"
            spellCheck={false}
            maxLength={200}
            placeholder={signedIn ? 'Search your notes...' : 'Sign in to search your notes'}
            className={cn(inputClasses, 'h-11 pr-16 pl-10 text-[15px]', !signedIn && 'cursor-pointer')}
            value={signedIn ? query : ''}
            {...(signedIn
              ? {
                  onFocus: () => setOpen(true),
                  onClick: () => setOpen(true),
                  onChange: (event) => {
                    setQuery(event.target.value);
                    setOpen(true);
                  },
                  onKeyDown: (event) => {
                    if (event.key === 'Escape') {
                      if (open) setOpen(false);
                      else if (query) setQuery('');
                      else return;
                      event.preventDefault();
                      return;
                    }
                    if (!open && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
                      event.preventDefault();
                      setOpen(true);
                      return;
                    }
                    if (open) handleKey(event);
                  },
                }
              : {
                  // Looks and reads as disabled, but stays focusable so it can prompt sign-up.
                  readOnly: true,
                  'aria-disabled': true,
                  onFocus: openOnFocus('signup'),
                  onClick: (event) => {
                    if (document.activeElement === event.currentTarget) openAuthDialog('signup');
                  },
                })}
          />
          {signedIn && !query && (
            <span
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 rounded border border-border px-1.5 py-0.5 font-sans text-[11px] text-subtle"
            >
              {isMac ? '⌘K' : 'Ctrl K'}
            </span>
          )}
        </search>

        {signedIn && open && (
          <SearchPanel
            combobox={combobox}
            className={cn(
              'absolute inset-x-0 top-full z-30 mt-2 max-h-[min(30rem,65dvh)] overflow-y-auto rounded-card border',
              'border-border bg-panel shadow-xl animate-fade-in',
            )}
          />
        )}
      </div>

      {/* Mobile: a field-like button opening the full-screen search (the floating button does too). */}
      <button
        type="button"
        aria-haspopup="dialog"
        onPointerDown={() => void loadMobileSearch()}
        onClick={openMobile}
        className={cn(inputClasses, 'flex items-center gap-2.5 text-left text-subtle md:hidden')}
      >
        <Search size={16} aria-hidden="true" />
        {signedIn ? 'Search your notes...' : 'Sign in to search your notes'}
      </button>

      <button
        type="button"
        aria-label="Search notes"
        title="Search notes"
        aria-haspopup="dialog"
        onPointerDown={() => void loadMobileSearch()}
        onClick={openMobile}
        className={cn(
          'fixed right-4 bottom-[calc(1rem+env(safe-area-inset-bottom))] z-30 inline-flex size-14 items-center',
          'justify-center rounded-full bg-accent text-accent-fg shadow-lg transition-colors hover:bg-accent-hover md:hidden',
        )}
      >
        <Search size={22} aria-hidden="true" />
      </button>

      {mobileMounted && (
        <Suspense fallback={null}>
          <MobileSearchDialog open={mobileOpen} onOpenChange={setMobileOpen} />
        </Suspense>
      )}
    </>
  );
}
