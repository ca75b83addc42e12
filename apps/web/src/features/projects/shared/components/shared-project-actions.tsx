import type { SharedProject } from '@notewise/shared';
import { MoreHorizontal } from 'lucide-react';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { IconButton } from '@/components/ui/icon-button';
import { cn } from '@/lib/cn';
import { DeleteProjectDialog } from '../../components/delete-project-dialog';
import { useDeleteSharedProject } from '../api/delete-shared-project';
import { ProjectActionsDialog } from './project-actions-dialog';

interface SharedProjectActionsProps {
  project: SharedProject;
  className?: string;
  /** 'secondary' draws a border: for a page header, next to other buttons. */
  variant?: 'ghost' | 'secondary';
  /** After a confirmed delete or leave (the list updates at once). */
  onDeleted?: () => void;
}

/** The per-project actions button: opens 'Project Actions', and from there the Delete confirmation. */
export function SharedProjectActions({ project, className, variant, onDeleted }: SharedProjectActionsProps) {
  const [dialog, setDialog] = useState<'actions' | 'delete' | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const remove = useDeleteSharedProject();
  const isOwner = project.role === 'owner';

  return (
    <>
      <IconButton
        ref={trigger}
        label={`Project actions for ${project.name}`}
        icon={<MoreHorizontal size={16} aria-hidden="true" />}
        aria-haspopup="dialog"
        variant={variant}
        onClick={() => setDialog('actions')}
        className={cn('relative z-10', className)}
      />
      <ProjectActionsDialog
        project={project}
        open={dialog === 'actions'}
        onOpenChange={(next) => setDialog(next ? 'actions' : null)}
        onDelete={() => setDialog('delete')}
        onCloseAutoFocus={(event) => {
          // Back to the button that opened it, unless the confirmation took over (it focuses itself).
          event.preventDefault();
          if (dialog !== 'delete') trigger.current?.focus();
        }}
      />
      {isOwner ? (
        <DeleteProjectDialog
          project={{ id: project.id, name: project.name, kind: 'shared', noteCount: project.itemCount }}
          open={dialog === 'delete'}
          // Cancel goes back to Project Actions, where the choice was made.
          onOpenChange={(next) => !next && setDialog('actions')}
          onConfirm={({ moveNotesToInbox }) => {
            setDialog(null);
            remove.mutate({ ...project, moveNotesToInbox });
            onDeleted?.();
          }}
        />
      ) : (
        <ConfirmDialog
          open={dialog === 'delete'}
          onOpenChange={(next) => !next && setDialog('actions')}
          title={`Leave "${project.name}"?`}
          description="You will no longer see its notes. You can join again with the project's code."
          confirmLabel="Leave project"
          destructive
          onConfirm={() => {
            setDialog(null);
            remove.mutate(project);
            onDeleted?.();
          }}
        />
      )}
    </>
  );
}
