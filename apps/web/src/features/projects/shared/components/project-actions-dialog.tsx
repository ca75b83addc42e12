import { type Member, PERMISSION_MESSAGES, SHARE_CODE_STRENGTH, type SharedProject } from '@notewise/shared';
import { Download, LogOut, RefreshCw, Trash2, UserMinus } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { ProjectFields } from '@/components/project-fields';
import { Button } from '@/components/ui/button';
import { ColorPicker } from '@/components/ui/color-picker';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { formatDate, getInitials } from '@/lib/format';
import { useMembers } from '@/lib/project-queries';
import { useChangeProjectCode } from '../api/project-code';
import { useRemoveMember } from '../api/remove-member';
import { useUpdateSharedProject } from '../api/update-shared-project';
import { CopyCodeButton, ProjectCode } from './copy-code-button';

interface ProjectActionsDialogProps {
  project: SharedProject;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Delete (owner) or Leave (member) was chosen: the caller asks for confirmation. */
  onDelete: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * docs/product.md §2 'Project Actions'. The owner renames, describes and recolours, manages the join code
 * (regenerate, turn off) and the members (Remove), and deletes; a member sees why those are the
 * owner's (decision 008) and can leave. Anyone can export the project as a Markdown zip.
 */
export function ProjectActionsDialog({
  project,
  open,
  onOpenChange,
  onDelete,
  onCloseAutoFocus,
}: ProjectActionsDialogProps) {
  const isOwner = project.role === 'owner';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Project Actions"
        description={
          <>
            <span className="font-medium text-fg">{project.name}</span>
            {isOwner ? ' · You own this project' : ` · Owned by ${project.ownerName}`}
          </>
        }
        onCloseAutoFocus={onCloseAutoFocus}
        className="max-w-lg"
      >
        {open && (
          <div className="space-y-6">
            {isOwner ? (
              <>
                <DetailsForm key={`${project.id}:${project.name}:${project.description}`} project={project} />
                <ColorSection project={project} />
              </>
            ) : (
              <Section title="Project settings">
                <p className="text-sm text-muted">{PERMISSION_MESSAGES.renameRecolour}</p>
                <p className="mt-1 text-sm text-muted">{PERMISSION_MESSAGES.memberHint}</p>
              </Section>
            )}
            {isOwner && <CodeSection project={project} />}
            {isOwner && <MembersSection project={project} />}
            <Section title="Export">
              <p className="text-sm text-muted">Every note of the project as Markdown files in a .zip.</p>
              <Button
                variant="secondary"
                className="mt-3"
                onClick={() => {
                  void import('@/features/export-import/exports').then((module) =>
                    module.exportProject(project),
                  );
                }}
              >
                <Download size={16} aria-hidden="true" />
                Export (.zip)
              </Button>
              <Button
                variant="secondary"
                className="mt-3 ml-2"
                onClick={() => {
                  void import('@/features/export-import/exports').then((module) =>
                    module.exportProject(project, 'obsidian'),
                  );
                }}
              >
                <Download size={16} aria-hidden="true" />
                Obsidian vault (.zip)
              </Button>
            </Section>
            <Section title={isOwner ? 'Delete project' : 'Leave project'}>
              <p className="text-sm text-muted">
                {isOwner
                  ? 'Moves the project and its notes to Trash for every member.'
                  : 'You lose access to its notes. You can join again with its code.'}
              </p>
              <Button variant="secondary" onClick={onDelete} className="mt-3 text-danger">
                {isOwner ? <Trash2 size={16} aria-hidden="true" /> : <LogOut size={16} aria-hidden="true" />}
                {isOwner ? 'Delete project' : 'Leave project'}
              </Button>
            </Section>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

function Section({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  return (
    <section aria-labelledby={id} className="border-t border-border pt-5 first:border-t-0 first:pt-0">
      <h3 id={id} className="mb-2.5 text-[13px] font-semibold tracking-wide text-muted uppercase">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** docs/product.md §5: saved only when the trimmed name is non-empty and something changed. */
function DetailsForm({ project }: { project: SharedProject }) {
  const update = useUpdateSharedProject();
  const [name, setName] = useState(project.name);
  const [description, setDescription] = useState(project.description);
  const trimmedName = name.trim();
  const trimmedDescription = description.trim();
  const changes = {
    ...(trimmedName !== project.name ? { name: trimmedName } : {}),
    ...(trimmedDescription !== project.description ? { description: trimmedDescription } : {}),
  };
  const canSave = trimmedName.length > 0 && Object.keys(changes).length > 0;

  return (
    <form
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (canSave) update.mutate({ id: project.id, changes });
      }}
    >
      <ProjectFields
        name={name}
        description={description}
        onChange={(changes) => {
          if (changes.name !== undefined) setName(changes.name);
          if (changes.description !== undefined) setDescription(changes.description);
        }}
        descriptionPlaceholder="What is this project for?"
      />
      <div className="flex justify-end">
        <Button type="submit" variant="secondary" size="sm" disabled={!canSave}>
          Save changes
        </Button>
      </div>
    </form>
  );
}

function ColorSection({ project }: { project: SharedProject }) {
  const update = useUpdateSharedProject();
  const id = useId();
  return (
    <Section title="Color" id={id}>
      <ColorPicker
        value={project.color}
        labelledBy={id}
        onChange={(color) => {
          if (color !== project.color) update.mutate({ id: project.id, changes: { color } });
        }}
        className="-ml-1.5"
      />
    </Section>
  );
}

function codeNote({ code, codeExpiresAt }: SharedProject): string {
  if (!code) {
    return codeExpiresAt
      ? 'This code expired. Make a new one to let people join.'
      : 'Nobody can join by code until you turn it on (with a new code).';
  }
  const until = codeExpiresAt ? ` until ${formatDate(codeExpiresAt)}` : '';
  return `Anyone with this code can join${until}. A new code stops the old one from working.`;
}

function CodeSection({ project }: { project: SharedProject }) {
  const change = useChangeProjectCode();
  const id = useId();
  const pending = change.isPending ? change.variables.action : null;
  return (
    <Section title="Project code" id={id}>
      <div className="flex flex-wrap items-center gap-2">
        <ProjectCode code={project.code} expiresAt={project.codeExpiresAt} className="mr-2 text-lg" />
        {project.code && <CopyCodeButton code={project.code} variant="button" />}
        <Button
          variant="secondary"
          size="sm"
          pending={pending === 'regenerate'}
          disabled={pending !== null}
          onClick={() => change.mutate({ id: project.id, action: 'regenerate' })}
        >
          {pending !== 'regenerate' && <RefreshCw size={14} aria-hidden="true" />}
          {project.code || project.codeExpiresAt ? 'New code' : 'Turn code on'}
        </Button>
        {project.code && (
          <Button
            variant="ghost"
            size="sm"
            pending={pending === 'disable'}
            disabled={pending !== null}
            onClick={() => change.mutate({ id: project.id, action: 'disable' })}
          >
            Turn code off
          </Button>
        )}
      </div>
      <p className="mt-2 text-xs text-muted">{codeNote(project)}</p>
      {project.code && <p className="mt-1 text-xs text-muted">{SHARE_CODE_STRENGTH}</p>}
    </Section>
  );
}

/** What a removal does to the member's notes (decision 055), said before the owner confirms. */
function removalText(member: Member | null, projectName: string): string {
  const base = "They lose access to this project's notes and cannot join it again with its code.";
  if (!member || member.notes === 0) return `${base} They wrote no notes here.`;
  const notes =
    member.notes === 1 ? 'The note they wrote stays' : `The ${member.notes} notes they wrote stay`;
  return `${base} ${notes} here, and they keep a copy in a new project of theirs, "From ${projectName}".`;
}

function MembersSection({ project }: { project: SharedProject }) {
  const members = useMembers(project.id);
  const remove = useRemoveMember();
  const [removing, setRemoving] = useState<Member | null>(null);
  const id = useId();

  let body: ReactNode;
  if (members.isPending) {
    body = (
      <div className="space-y-2" aria-hidden="true">
        <Skeleton className="h-9 w-full" />
        <Skeleton className="h-9 w-full" />
      </div>
    );
  } else if (members.isError) {
    body = (
      <p role="alert" className="text-sm text-danger">
        {errorMessage(members.error)}
      </p>
    );
  } else {
    body = (
      <ul aria-labelledby={id} className="-mx-2 divide-y divide-border">
        {members.data.map((member) => (
          <li key={member.userId} className="flex min-h-11 items-center gap-3 px-2 py-1.5">
            {/* Plain elements, not the Avatar component: importing it here splits a shared Radix chunk
                out of the first route's bundle (+385 B gzip measured). */}
            {member.image ? (
              <img src={member.image} alt="" className="size-7 shrink-0 rounded-full object-cover" />
            ) : (
              <span
                aria-hidden="true"
                className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-accent-soft text-[11px] font-semibold text-accent-text"
              >
                {getInitials(member.name)}
              </span>
            )}
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm font-medium">{member.name}</span>
              <span className="block text-xs text-subtle">
                {member.role === 'owner' ? 'Owner' : `Joined ${formatDate(member.joinedAt)}`}
              </span>
            </span>
            {member.role !== 'owner' && (
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove ${member.name}`}
                onClick={() => setRemoving(member)}
              >
                <UserMinus size={14} aria-hidden="true" />
                Remove
              </Button>
            )}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Section title={`Members${members.data ? ` (${members.data.length})` : ''}`} id={id}>
      {body}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(next) => !next && setRemoving(null)}
        title={`Remove ${removing?.name ?? 'member'}?`}
        description={removalText(removing, project.name)}
        confirmLabel="Remove"
        destructive
        onConfirm={() => {
          if (removing) remove.mutate({ projectId: project.id, member: removing });
          setRemoving(null);
        }}
      />
    </Section>
  );
}
