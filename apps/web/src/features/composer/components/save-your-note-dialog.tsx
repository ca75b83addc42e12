import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';

interface SaveYourNoteDialogProps {
  open: boolean;
  /** Closing without a choice (close button, Escape): stay in the editor. */
  onCancel: () => void;
  onDiscard: () => void;
  onAddNote: () => void;
  adding: boolean;
}

/** docs/product.md §4 'Editor leave': leaving /editor with unsaved content. */
export function SaveYourNoteDialog({
  open,
  onCancel,
  onDiscard,
  onAddNote,
  adding,
}: SaveYourNoteDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !adding && onCancel()}>
      <DialogContent
        title="Save Your Note?"
        description={
          <>
            You have unsaved content in your note.
            <br />
            Would you like to add this note to your collection before going back, or discard it?
          </>
        }
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onDiscard} disabled={adding}>
            Discard
          </Button>
          <Button onClick={onAddNote} pending={adding}>
            {adding ? 'Adding note...' : 'Add Note'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
