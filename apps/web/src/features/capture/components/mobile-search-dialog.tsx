import { ArrowLeft, Search } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { inputClasses } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { useSearchCombobox } from '../hooks/use-search-combobox';
import { SearchPanel } from './search-panel';

interface MobileSearchDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The mobile layout's full-screen note search: the same combobox as the desktop dropdown. */
export function MobileSearchDialog({ open, onOpenChange }: MobileSearchDialogProps) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className={cn(
            'fixed inset-0 z-50 flex flex-col bg-bg text-fg focus:outline-none',
            'pt-[env(safe-area-inset-top)] pb-[env(safe-area-inset-bottom)]',
            'data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in',
          )}
        >
          <DialogPrimitive.Title className="sr-only">Search notes</DialogPrimitive.Title>
          {open && <MobileSearch onClose={() => onOpenChange(false)} />}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

function MobileSearch({ onClose }: { onClose: () => void }) {
  const combobox = useSearchCombobox({ active: true, onChosen: onClose });
  const { query, setQuery, state, listId, activeIndex, optionId, handleKey } = combobox;
  const listShown = state.status === 'ready' && state.items.length > 0;

  return (
    <>
      <div className="flex h-16 shrink-0 items-center gap-1 border-b border-border px-2">
        <DialogPrimitive.Close
          aria-label="Close search"
          title="Close search"
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-control text-muted hover:bg-hover hover:text-fg"
        >
          <ArrowLeft size={20} aria-hidden="true" />
        </DialogPrimitive.Close>
        <div className="relative min-w-0 flex-1">
          <Search
            size={16}
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-subtle"
          />
          <input
            type="text"
            role="combobox"
            aria-label="Search notes"
            aria-autocomplete="list"
            aria-expanded={listShown}
            aria-controls={listShown ? listId : undefined}
            aria-activedescendant={listShown && activeIndex >= 0 ? optionId(activeIndex) : undefined}
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
            maxLength={200}
            autoFocus
            placeholder="Search your notes..."
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              handleKey(event);
            }}
            className={cn(inputClasses, 'pl-9')}
          />
        </div>
      </div>
      <SearchPanel combobox={combobox} className="min-h-0 flex-1 overflow-y-auto" />
    </>
  );
}
