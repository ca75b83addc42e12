import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';

interface UnsavedChangesDialogProps {
  open: boolean;
  saving: boolean;
  /** Stay on the note (close button, Escape). */
  onCancel: () => void;
  /** Revert the note, then continue. */
  onDiscard: () => void;
  /** Save, then continue. */
  onSave: () => void;
}

/** docs/product.md §4 'Quick View note editing': switching note or project (or leaving) with unsaved changes. */
export function UnsavedChangesDialog({
  open,
  saving,
  onCancel,
  onDiscard,
  onSave,
}: UnsavedChangesDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !saving && onCancel()}>
      <DialogContent
        title="Unsaved Changes"
        description={
          <>
            You have unsaved changes in this note.
            <br />
            Would you like to save your changes before continuing?
          </>
        }
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onDiscard} disabled={saving}>
            Discard
          </Button>
          <Button onClick={onSave} pending={saving}>
            {saving ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
