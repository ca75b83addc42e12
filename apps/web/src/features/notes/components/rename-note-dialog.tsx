import { MAX_NOTE_TITLE_LENGTH, type NoteSummary } from '@notewise/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

interface RenameNoteDialogProps {
  note: NoteSummary;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called with the trimmed new title; the dialog closes (the change shows at once). */
  onRename: (title: string) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/** docs/product.md §5: Save is enabled only when the trimmed title is non-empty and differs from the current one. */
export function RenameNoteDialog({
  note,
  open,
  onOpenChange,
  onRename,
  onCloseAutoFocus,
}: RenameNoteDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Rename note" onCloseAutoFocus={onCloseAutoFocus}>
        {/* Keyed by note so the field starts from the current title each time. */}
        <RenameForm key={`${note.id}:${note.title}`} current={note.title} onRename={onRename} />
      </DialogContent>
    </Dialog>
  );
}

function RenameForm({ current, onRename }: { current: string; onRename: (title: string) => void }) {
  const [title, setTitle] = useState(current);
  const trimmed = title.trim();
  const canSave = trimmed.length > 0 && trimmed !== current;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (canSave) onRename(trimmed);
      }}
      className="space-y-5"
    >
      <Field label="Title">
        {(control) => (
          <Input
            {...control}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            onFocus={(event) => event.currentTarget.select()}
            maxLength={MAX_NOTE_TITLE_LENGTH}
            autoComplete="off"
            autoFocus
          />
        )}
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={!canSave}>
          Save
        </Button>
      </div>
    </form>
  );
}
