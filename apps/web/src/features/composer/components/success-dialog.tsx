import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';

interface SuccessDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onViewNote: () => void;
}

/** SPEC 2: after Add Note, 'Success!' with Close and View Note. */
export function SuccessDialog({ open, onOpenChange, onViewNote }: SuccessDialogProps) {
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
