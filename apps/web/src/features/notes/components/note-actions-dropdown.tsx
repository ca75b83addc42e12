// The per-note menu's code, loaded on its first use (note-actions-menu.tsx; decision 086): Radix's
// dropdown, the items' mutations, the export submenu and the dialogs are not in All Notes' first load.
import { type NoteSummary, PERMISSION_MESSAGES } from '@notewise/shared';
import { FolderInput, MoreHorizontal, Pencil, Pin, PinOff, Trash2 } from 'lucide-react';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { IconButton } from '@/components/ui/icon-button';
import { NoteExportSubmenu } from '@/features/export-import';
import { cn } from '@/lib/cn';
import { useDeleteNote } from '../api/delete-note';
import { exportNote } from '../api/export-note';
import { useMoveNote } from '../api/move-note';
import { useRenameNote } from '../api/rename-note';
import { useSetNotePinned } from '../api/set-note-pinned';
import { useNotePermissions } from '../hooks/use-note-permissions';
import { MoveNoteDialog } from './move-note-dialog';
import { type MenuOpening, noteActionsLabel, noteActionsTriggerClass } from './note-actions-trigger';
import { RenameNoteDialog } from './rename-note-dialog';

type NoteDialog = 'rename' | 'move' | 'delete';

export interface NoteActionsDropdownProps {
  note: NoteSummary;
  className?: string;
  /** What opened the menu before this code loaded (note-actions-menu.tsx): done again here. */
  opening: MenuOpening;
}

/**
 * The per-note menu (docs/product.md §2): Rename, Move note, Pin or Unpin note, Export, Delete note. In a shared project
 * Move and Delete are disabled, with the reason, unless the user owns the project or wrote the note.
 * Loaded and mounted on the menu's first use (NoteActionsMenu shows a plain button until then); it
 * replaces that button, opens as the button's key or pointer asked, and stays for the card's life.
 */
export function NoteActionsDropdown({ note, className, opening }: NoteActionsDropdownProps) {
  // A pointer opens at once, as Radix's trigger does on pointerdown (focus goes to the menu).
  const [open, setOpen] = useState(opening.kind === 'pointer');
  const trigger = useRef<HTMLButtonElement>(null);
  // After the menu root's own effects (children's run first): it has begun to watch for keys.
  useEffect(() => {
    const button = trigger.current;
    if (!button || opening.kind !== 'key') return;
    // The key again, on the real trigger: Radix opens and, as for any key, focuses the first item.
    button.focus();
    button.dispatchEvent(new KeyboardEvent('keydown', { key: opening.key, bubbles: true, cancelable: true }));
  }, [opening]);
  return (
    <DropdownMenu open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger asChild>
        <IconButton
          ref={trigger}
          label={noteActionsLabel(note)}
          icon={<MoreHorizontal size={16} aria-hidden="true" />}
          className={cn(noteActionsTriggerClass, className)}
        />
      </DropdownMenuTrigger>
      <NoteActions note={note} trigger={trigger} />
    </DropdownMenu>
  );
}

/** The menu's items and the dialogs they open (inside the menu's root; the dialogs portal out). */
function NoteActions({ note, trigger }: { note: NoteSummary; trigger: RefObject<HTMLButtonElement | null> }) {
  const [dialog, setDialog] = useState<NoteDialog | null>(null);
  // Set when a menu item opens a dialog, so the closing menu does not pull focus back to its trigger.
  const openingDialog = useRef(false);
  const rename = useRenameNote();
  const move = useMoveNote();
  const pin = useSetNotePinned();
  const remove = useDeleteNote();
  const permissions = useNotePermissions(note);
  const reasonId = useId();
  // The policy refuses both together (owner or author); one line explains both disabled items.
  const reason =
    permissions.moveOut && permissions.delete
      ? PERMISSION_MESSAGES.moveOutOrDelete
      : (permissions.moveOut ?? permissions.delete);

  const open = (next: NoteDialog) => {
    openingDialog.current = true;
    setDialog(next);
  };
  const close = () => setDialog(null);
  // When a dialog closes, focus goes back to the menu button (if the note is still there).
  const returnFocus = (event: Event) => {
    event.preventDefault();
    trigger.current?.focus();
  };

  return (
    <>
      <DropdownMenuContent
        onCloseAutoFocus={(event) => {
          if (openingDialog.current) {
            openingDialog.current = false;
            event.preventDefault();
          }
        }}
      >
        <DropdownMenuItem onSelect={() => open('rename')}>
          <Pencil size={16} aria-hidden="true" />
          Rename
        </DropdownMenuItem>
        <DropdownMenuItem
          disabled={permissions.moveOut !== null}
          aria-describedby={permissions.moveOut ? reasonId : undefined}
          onSelect={() => open('move')}
        >
          <FolderInput size={16} aria-hidden="true" />
          Move note
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => pin.mutate({ note, pinned: !note.pinned })}>
          {note.pinned ? <PinOff size={16} aria-hidden="true" /> : <Pin size={16} aria-hidden="true" />}
          {note.pinned ? 'Unpin note' : 'Pin note'}
        </DropdownMenuItem>
        <NoteExportSubmenu onExport={(format) => void exportNote(note, format)} />
        <DropdownMenuSeparator />
        <DropdownMenuItem
          destructive
          disabled={permissions.delete !== null}
          aria-describedby={permissions.delete ? reasonId : undefined}
          onSelect={() => open('delete')}
        >
          <Trash2 size={16} aria-hidden="true" />
          Delete note
        </DropdownMenuItem>
        {reason && (
          <DropdownMenuLabel id={reasonId} className="max-w-60 text-xs font-normal text-muted">
            {reason}
          </DropdownMenuLabel>
        )}
      </DropdownMenuContent>

      <RenameNoteDialog
        note={note}
        open={dialog === 'rename'}
        onOpenChange={(next) => !next && close()}
        onCloseAutoFocus={returnFocus}
        onRename={(title) => {
          close();
          rename.mutate({ note, title });
        }}
      />
      <MoveNoteDialog
        note={note}
        open={dialog === 'move'}
        onOpenChange={(next) => !next && close()}
        onCloseAutoFocus={returnFocus}
        onMove={(projectId, projectName) => {
          close();
          move.mutate({ note, projectId, projectName });
        }}
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        onOpenChange={(next) => !next && close()}
        title="Delete note?"
        description={`"${note.title}" moves to Trash and leaves Pinned Notes. You can restore it from Trash for 30 days.`}
        confirmLabel="Delete note"
        destructive
        onConfirm={() => {
          close();
          remove.mutate(note);
        }}
      />
    </>
  );
}
