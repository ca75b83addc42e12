import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';

/** Set by features/offline when Add Note went to the offline queue (not imported: first-route budget). */
const QUEUED_CAPTURE_FLAG = 'notewise.offline.queued-capture';
const QUEUED_RECENTLY_MS = 10_000;

/** True (once) right after Add Note was queued offline instead of reaching the server. */
function takeQueuedCreate(): boolean {
  try {
    const at = Number(window.sessionStorage.getItem(QUEUED_CAPTURE_FLAG));
    window.sessionStorage.removeItem(QUEUED_CAPTURE_FLAG);
    return at > 0 && Date.now() - at < QUEUED_RECENTLY_MS;
  } catch {
    return false;
  }
}

interface SuccessDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onViewNote: () => void;
}

/** docs/product.md §2: after Add Note, 'Success!' with Close and View Note. */
export function SuccessDialog({ open, onOpenChange, onViewNote }: SuccessDialogProps) {
  // Added offline (decision 024): kept on this device until the connection is back; nothing to view yet.
  const [queued, setQueued] = useState(() => open && takeQueuedCreate());
  const [shownOpen, setShownOpen] = useState(open);
  if (open !== shownOpen) {
    setShownOpen(open);
    if (open) setQueued(takeQueuedCreate());
  }
  if (queued) {
    return (
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent
          title="Waiting to sync"
          description="You are offline. The note is saved on this device and is added as soon as you are back online."
          className="max-w-sm"
        >
          <div className="flex justify-end">
            <DialogClose asChild>
              <Button>Close</Button>
            </DialogClose>
          </div>
        </DialogContent>
      </Dialog>
    );
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Success!" description="Note added successfully!" className="max-w-sm">
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary">Close</Button>
          </DialogClose>
          <Button onClick={onViewNote}>View Note</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
