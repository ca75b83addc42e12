import type { NoteSummary } from '@notewise/shared';
import { MoreHorizontal } from 'lucide-react';
import { type ComponentType, useEffect, useState } from 'react';
import { IconButton } from '@/components/ui/icon-button';
import { cn } from '@/lib/cn';
import type { NoteActionsDropdownProps } from './note-actions-dropdown';
import {
  type MenuOpening,
  noteActionsLabel,
  noteActionsTriggerClass,
  OPENING_KEYS,
} from './note-actions-trigger';

interface NoteActionsMenuProps {
  note: NoteSummary;
  className?: string;
}

type Dropdown = ComponentType<NoteActionsDropdownProps>;
let loading: Promise<Dropdown> | null = null;
/** The menu's code (Radix, the items' mutations, export, the dialogs): loaded once, on first need. */
export function loadNoteActionsDropdown(): Promise<Dropdown> {
  loading ??= import('./note-actions-dropdown').then((module) => module.NoteActionsDropdown);
  // A failed load (offline, a new build) is tried again on the next use.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

let prefetchScheduled = false;
/** Once a list shows its first menu button, the menu's code loads when the page is idle. */
function prefetchWhenIdle() {
  if (prefetchScheduled || typeof window === 'undefined') return;
  prefetchScheduled = true;
  const load = () => void loadNoteActionsDropdown().catch(() => undefined);
  if ('requestIdleCallback' in window) window.requestIdleCallback(load, { timeout: 5_000 });
  else setTimeout(load, 2_000);
}

/**
 * A note's menu button (docs/product.md §2: Rename, Move note, Pin or Unpin note, Export, Delete
 * note). A long list mounts a card per note as it scrolls, and most menus are never opened: until
 * first used this is a plain button with the trigger's role, name and popup state, and no Radix root
 * (decision 086). A pointer press or an opening key loads the menu (note-actions-dropdown.tsx), which
 * replaces the button and opens as Radix would have: a pointer focuses the menu, a key its first item.
 */
export function NoteActionsMenu({ note, className }: NoteActionsMenuProps) {
  const [used, setUsed] = useState<{ Dropdown: Dropdown; opening: MenuOpening } | null>(null);
  const [pending, setPending] = useState(false);
  useEffect(prefetchWhenIdle, []);
  if (used) return <used.Dropdown note={note} className={className} opening={used.opening} />;

  const start = (opening: MenuOpening) => {
    if (pending) return;
    setPending(true);
    loadNoteActionsDropdown().then(
      (Dropdown) => setUsed({ Dropdown, opening }),
      () => setPending(false),
    );
  };
  return (
    <IconButton
      label={noteActionsLabel(note)}
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      icon={<MoreHorizontal size={16} aria-hidden="true" />}
      className={cn(noteActionsTriggerClass, className)}
      onPointerDown={(event) => {
        // As Radix's trigger: the primary button without Ctrl opens, and focus stays where it was.
        if (event.button !== 0 || event.ctrlKey) return;
        event.preventDefault();
        start({ kind: 'pointer' });
      }}
      onKeyDown={(event) => {
        if (!OPENING_KEYS.includes(event.key)) return;
        event.preventDefault();
        start({ kind: 'key', key: event.key as 'Enter' | ' ' | 'ArrowDown' });
      }}
      // A click with no pointer press before it (assistive technology): open as a pointer would.
      onClick={(event) => {
        if (event.detail === 0 && !pending) start({ kind: 'pointer' });
      }}
    />
  );
}
