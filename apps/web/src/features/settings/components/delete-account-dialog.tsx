import { ACCOUNT_MESSAGES, type AccountDeletionPlan } from '@notewise/shared';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { PasswordInput } from '@/components/ui/password-input';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useDeleteAccount, useDeletionPlan } from '../api/account-data';

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** The list of what goes and what stays, as `deleteUser` will do it. */
function PlanList({ plan }: { plan: AccountDeletionPlan }) {
  return (
    <div className="space-y-3 text-sm">
      <div>
        <h3 className="font-medium">Deleted for good</h3>
        <ul className="mt-1 list-disc space-y-0.5 pl-5 text-muted">
          {plan.deletedProjects.map((project) => (
            <li key={`${project.kind}:${project.name}`}>
              {project.kind === 'shared' ? 'Shared project' : 'Project'} "{project.name}" and its{' '}
              {plural(project.notes, 'note')}
            </li>
          ))}
          {plan.deletedProjects.length === 0 && <li>You own no project that goes with the account</li>}
          <li>The history and Trash of those notes</li>
          {plan.images > 0 && (
            <li>{plural(plan.images, 'picture')} you added to notes (also where those notes stay)</li>
          )}
          {plan.hasProfilePicture && <li>Your profile picture</li>}
          <li>Your pins, drafts, settings and every session (signed out everywhere)</li>
        </ul>
      </div>
      {plan.handedOver.length > 0 && (
        <div>
          <h3 className="font-medium">Passed on</h3>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-muted">
            {plan.handedOver.map((project) => (
              <li key={project.name}>
                Shared project "{project.name}" goes to {project.newOwnerName}, its longest-standing member,
                with all its notes
              </li>
            ))}
          </ul>
        </div>
      )}
      {plan.notesKept > 0 && (
        <p className="text-muted">
          {plural(plan.notesKept, 'note')} you wrote in shared projects stay there for the other members,
          without your name.
        </p>
      )}
    </div>
  );
}

/** Confirms deleting the account: the plan, the password again, Cancel first. */
export function DeleteAccountDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const plan = useDeletionPlan(open);
  const remove = useDeleteAccount();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = (next: boolean) => {
    if (remove.isPending) return;
    if (!next) {
      setPassword('');
      setError(null);
    }
    onOpenChange(next);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password || remove.isPending) return;
    setError(null);
    remove.mutate(
      { password },
      {
        onSuccess: () => {
          toast.success(ACCOUNT_MESSAGES.deleted);
          // A fresh start: no cached data of the account survives in this tab.
          window.setTimeout(() => window.location.assign('/'), 600);
        },
        onError: (cause) => setError(errorMessage(cause)),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        title="Delete your account?"
        description="This cannot be undone. Download your data first if you want to keep it."
        className="max-w-lg"
      >
        <form onSubmit={onSubmit} noValidate className="space-y-5">
          {plan.isPending ? (
            <div className="space-y-2" aria-hidden="true">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-4 w-5/6" />
            </div>
          ) : plan.isError ? (
            <p role="alert" className="text-sm text-danger">
              {errorMessage(plan.error)}
            </p>
          ) : (
            <PlanList plan={plan.data} />
          )}
          <Field label="Your password" error={error ?? undefined}>
            {(control) => (
              <PasswordInput
                {...control}
                name="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => {
                  setPassword(event.target.value);
                  setError(null);
                }}
              />
            )}
          </Field>
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant="danger"
              pending={remove.isPending}
              disabled={!password || plan.isPending || plan.isError}
            >
              Delete my account
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
