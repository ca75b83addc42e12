import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';

export const MAX_ALT_LENGTH = 500;

interface ImageAltDialogProps {
  open: boolean;
  initialAlt: string;
  onOpenChange: (open: boolean) => void;
  onSave: (alt: string) => void;
}

/** Alt text of an image in a note: what screen readers say and what shows if it cannot load. */
export function ImageAltDialog({ open, initialAlt, onOpenChange, onSave }: ImageAltDialogProps) {
  const inputId = useId();
  const [alt, setAlt] = useState(initialAlt);
  useEffect(() => {
    if (open) setAlt(initialAlt);
  }, [open, initialAlt]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // One line: the Markdown form ![alt](url) holds no line breaks or brackets.
    onSave(
      alt
        .replace(/[\r\n[\]]+/g, ' ')
        .trim()
        .slice(0, MAX_ALT_LENGTH),
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Image description"
        description="Alt text: read aloud by screen readers and shown when the image cannot load."
      >
        <form onSubmit={onSubmit} className="space-y-4">
          <div className="space-y-1.5">
            <label htmlFor={inputId} className="text-sm font-medium">
              Alt text
            </label>
            <input
              id={inputId}
              value={alt}
              maxLength={MAX_ALT_LENGTH}
              onChange={(event) => setAlt(event.target.value)}
              className="h-9 w-full rounded-control border border-border bg-bg px-3 text-sm outline-none focus-visible:border-ring max-md:h-11"
            />
          </div>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit">Save</Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
