import { type NoteSummary, PREVIEW_LENGTHS, truncatePlainText } from '@notewise/shared';
import { FolderOpen, Users } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ColorDot } from '@/components/ui/color-dot';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { pluralize } from '@/lib/format';
import { useProjects } from '@/lib/project-queries';

interface MoveNoteDialogProps {
  note: NoteSummary;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called with the chosen destination; the dialog closes (the move shows at once). */
  onMove: (projectId: string, projectName: string) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/** docs/product.md §5: Move needs a destination that differs from the current project. Shared projects are listed too. */
export function MoveNoteDialog({ note, open, onOpenChange, onMove, onCloseAutoFocus }: MoveNoteDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Move note"
        description={`Choose a project for "${note.title}".`}
        onCloseAutoFocus={onCloseAutoFocus}
        className="max-w-lg"
      >
        {open && <MoveForm note={note} onMove={onMove} />}
      </DialogContent>
    </Dialog>
  );
}

function MoveForm({ note, onMove }: { note: NoteSummary; onMove: MoveNoteDialogProps['onMove'] }) {
  const projects = useProjects('all');
  const [target, setTarget] = useState('');
  const labelId = useId();
  const destination = projects.data?.find(
    (project) => project.id === target && project.id !== note.projectId,
  );

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (destination) onMove(destination.id, destination.name);
      }}
      className="space-y-5"
    >
      <p id={labelId} className="sr-only">
        Destination project
      </p>
      {projects.isPending ? (
        <div className="space-y-2" aria-hidden="true">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} className="h-14 w-full rounded-card" />
          ))}
        </div>
      ) : projects.isError ? (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(projects.error)}
        </p>
      ) : (
        <RadioGroup.Root
          value={target}
          onValueChange={setTarget}
          aria-labelledby={labelId}
          className="-mx-1 max-h-[min(22rem,55dvh)] space-y-1 overflow-y-auto px-1 py-1"
        >
          {projects.data.map((project) => {
            const current = project.id === note.projectId;
            return (
              <RadioGroup.Item
                key={project.id}
                value={project.id}
                disabled={current}
                className={cn(
                  'flex w-full items-start gap-3 rounded-card border border-border px-3 py-2.5 text-left transition-colors',
                  'hover:bg-hover data-[state=checked]:border-accent data-[state=checked]:bg-accent-soft',
                  'disabled:cursor-not-allowed disabled:opacity-60 disabled:hover:bg-transparent',
                )}
              >
                <ColorDot color={project.color} size={10} className="mt-1.5" />
                <span className="min-w-0 flex-1">
                  <span className="flex items-center gap-2">
                    <span className="truncate font-medium">{project.name}</span>
                    {project.kind === 'shared' && (
                      <Users size={14} aria-label="Shared" className="shrink-0 text-subtle" />
                    )}
                    {current && <span className="shrink-0 text-xs text-subtle">(current)</span>}
                  </span>
                  {project.description && (
                    <span className="block truncate text-xs text-muted">
                      {truncatePlainText(project.description, PREVIEW_LENGTHS.movePicker)}
                    </span>
                  )}
                </span>
                <span className="shrink-0 pt-0.5 text-xs text-subtle tabular-nums">
                  {pluralize(project.noteCount, 'item')}
                </span>
              </RadioGroup.Item>
            );
          })}
        </RadioGroup.Root>
      )}
      {projects.data?.length === 1 && (
        <p className="flex items-center gap-2 text-sm text-muted">
          <FolderOpen size={16} aria-hidden="true" />
          Create another project to move this note into.
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={!destination}>
          Move
        </Button>
      </div>
    </form>
  );
}
