import { markdownToPlainText } from '@notewise/editor';
import { relativeTime } from '@notewise/shared';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';

export interface ConflictVersions {
  mine: { title: string; markdown: string };
  theirs: { title: string; markdown: string; updatedAt: string };
}

interface ConflictDialogProps {
  versions: ConflictVersions | null;
  onKeepMine: () => void;
  onUseTheirs: () => void;
  /** Both texts, one after the other where they overlap (marked); absent, the choice is not offered. */
  onKeepBoth?: (() => void) | undefined;
  /** Decide later: the dialog closes, the note stays unsaved. */
  onCancel: () => void;
}

/**
 * A save hit a newer server version (409). Both versions are shown as readable text; nothing is
 * overwritten until the user keeps theirs or the server's.
 */
export function ConflictDialog({
  versions,
  onKeepMine,
  onUseTheirs,
  onKeepBoth,
  onCancel,
}: ConflictDialogProps) {
  return (
    <Dialog open={versions !== null} onOpenChange={(open) => !open && onCancel()}>
      <DialogContent
        title="This note was changed elsewhere"
        description="A newer version changed the same part you edited. Choose what to keep; nothing is overwritten until you do."
        className="max-w-3xl"
      >
        {versions && (
          <div className="grid gap-3 md:grid-cols-2">
            <VersionPanel
              heading="Your version"
              title={versions.mine.title}
              markdown={versions.mine.markdown}
            />
            <VersionPanel
              heading="Server version"
              meta={`Saved ${relativeTime(versions.theirs.updatedAt).toLowerCase()}`}
              title={versions.theirs.title}
              markdown={versions.theirs.markdown}
            />
          </div>
        )}
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onUseTheirs}>
            Use theirs
          </Button>
          {onKeepBoth && (
            <Button variant="secondary" onClick={onKeepBoth}>
              Keep both
            </Button>
          )}
          <Button onClick={onKeepMine}>Keep mine</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function VersionPanel({
  heading,
  meta,
  title,
  markdown,
}: {
  heading: string;
  meta?: string;
  title: string;
  markdown: string;
}) {
  const text = markdownToPlainText(markdown).trim();
  return (
    <section
      aria-label={heading}
      className="flex min-w-0 flex-col rounded-card border border-border bg-surface"
    >
      <div className="flex items-baseline justify-between gap-2 border-b border-border px-3 py-2">
        <h3 className="text-[13px] font-semibold">{heading}</h3>
        {meta && <span className="text-xs text-subtle">{meta}</span>}
      </div>
      <div className="max-h-64 overflow-y-auto px-3 py-2.5">
        <p className="font-medium">{title}</p>
        <p className="mt-1 text-sm whitespace-pre-wrap text-muted">{text || 'No content'}</p>
      </div>
    </section>
  );
}
