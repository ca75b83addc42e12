import { INBOX_PROJECT_NAME, type Member } from '@notewise/shared';
import { useEffect, useId, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/api';
import { pluralize } from '@/lib/format';
import { useMembers } from '@/lib/project-queries';

/** What the dialog needs of a personal or shared project. */
export interface ProjectToDelete {
  id: string;
  name: string;
  kind: 'personal' | 'shared';
  noteCount: number;
}

interface DeleteProjectDialogProps {
  project: ProjectToDelete;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The owner confirmed; `moveNotesToInbox` is the option's state. */
  onConfirm: (options: { moveNotesToInbox: boolean }) => void;
}

/** Capture's Inbox (the server's rule): its notes cannot move to Inbox. */
export function isInbox(project: Pick<ProjectToDelete, 'name' | 'kind'>): boolean {
  return (
    project.kind === 'personal' && project.name.trim().toLowerCase() === INBOX_PROJECT_NAME.toLowerCase()
  );
}

/** "Anna", "Anna and Ben", "Anna, Ben and 3 others". */
export function whoElse(names: string[]): string {
  if (names.length <= 2) return names.join(' and ');
  const others = names.length - 2;
  return `${names.slice(0, 2).join(', ')} and ${others} ${others === 1 ? 'other' : 'others'}`;
}

/**
 * The owner's delete of a project (decision 065): says how many notes it holds and, for a shared one,
 * who else loses access; offers to move the notes to Inbox first. Focus starts on Cancel, so Enter
 * cancels. The option starts on for a personal project (its notes stay in view) and off for a shared
 * one (then a restore from Trash brings the notes back for every member too).
 */
export function DeleteProjectDialog({ project, open, onOpenChange, onConfirm }: DeleteProjectDialogProps) {
  const shared = project.kind === 'shared';
  const offerMove = project.noteCount > 0 && !isInbox(project);
  const [moveToInbox, setMoveToInbox] = useState(!shared);
  const optionId = useId();
  useEffect(() => {
    if (open) setMoveToInbox(!shared);
  }, [open, shared]);
  const notes = pluralize(project.noteCount, 'note');
  const moving = offerMove && moveToInbox;

  let fate: string;
  if (project.noteCount === 0) fate = 'The empty project moves to Trash';
  else if (moving) fate = `Its ${notes} move to your Inbox; the empty project moves to Trash`;
  else fate = `The project and its ${notes} move to Trash`;
  const restore = moving
    ? 'You can restore the project from Trash for 30 days.'
    : 'You can restore it from Trash for 30 days.';

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Delete "${project.name}"?`}
      description={
        <>
          {project.noteCount === 0 ? 'It holds no notes. ' : `It holds ${notes}. `}
          {`${fate}${shared ? ' for every member' : ''}. ${restore}`}
        </>
      }
      confirmLabel={shared ? 'Delete for everyone' : 'Delete Project'}
      destructive
      onConfirm={() => onConfirm({ moveNotesToInbox: moving })}
    >
      {shared && <MembersWhoLoseAccess projectId={project.id} open={open} moving={moving} />}
      {offerMove && (
        <div className="mt-4 rounded-control border border-border bg-surface px-3 py-2.5">
          <div className="flex items-start gap-2.5">
            <input
              id={optionId}
              type="checkbox"
              checked={moveToInbox}
              onChange={(event) => setMoveToInbox(event.target.checked)}
              className="mt-0.5 size-4 shrink-0 accent-accent"
              aria-describedby={`${optionId}-hint`}
            />
            <label htmlFor={optionId} className="text-sm font-medium text-fg">
              {`Move its ${notes} to Inbox`}
            </label>
          </div>
          <p id={`${optionId}-hint`} className="mt-1 pl-6.5 text-xs text-muted">
            {moveToInbox
              ? `They stay in your notes, in Inbox.${shared ? ' Members no longer see them, also after a restore.' : ''}`
              : `They go to Trash with the project and come back if you restore it.`}
          </p>
        </div>
      )}
    </ConfirmDialog>
  );
}

/** "Anna, Ben and 3 others lose access (5 members)." The owner is not counted. */
function MembersWhoLoseAccess({
  projectId,
  open,
  moving,
}: {
  projectId: string;
  open: boolean;
  moving: boolean;
}) {
  const members = useMembers(projectId, { enabled: open });
  if (members.isPending) return <p className="mt-3 text-sm text-muted">Checking who else has access…</p>;
  if (members.isError) {
    return (
      <p role="alert" className="mt-3 text-sm text-danger">
        {errorMessage(members.error)}
      </p>
    );
  }
  const others = members.data.filter((member: Member) => member.role !== 'owner');
  if (others.length === 0) return <p className="mt-3 text-sm text-muted">No one else has joined it.</p>;
  return (
    <p className="mt-3 text-sm text-fg">
      <span className="font-medium">{whoElse(others.map((member) => member.name))}</span>
      {` ${others.length === 1 ? 'loses' : 'lose'} access (${pluralize(others.length, 'member')})${moving ? ', to their own notes too' : ''}.`}
    </p>
  );
}
