import { changePasswordBodySchema, MESSAGES } from '@notewise/shared';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { PasswordInput } from '@/components/ui/password-input';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useChangePassword, useSignOutOtherSessions } from '../api/account-security';

type PasswordField = 'currentPassword' | 'newPassword';

/** Settings > Profile: change the password (ends other sessions) and sign out other sessions. */
export function SecuritySection() {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<PasswordField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const changePassword = useChangePassword();
  const signOutOthers = useSignOutOtherSessions();
  const canChange = currentPassword.length > 0 && newPassword.length > 0 && !changePassword.isPending;

  const onChangePassword = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canChange) return;
    setFormError(null);
    const parsed = changePasswordBodySchema.safeParse({ currentPassword, newPassword });
    if (!parsed.success) {
      const next: Partial<Record<PasswordField, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'currentPassword' || field === 'newPassword') && !next[field])
          next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    changePassword.mutate(parsed.data, {
      onSuccess: () => {
        setCurrentPassword('');
        setNewPassword('');
        toast.success(MESSAGES.passwordChanged);
      },
      onError: (cause) => setFormError(errorMessage(cause)),
    });
  };

  const onSignOutOthers = () =>
    signOutOthers.mutate(undefined, {
      onSuccess: () => toast.success(MESSAGES.otherSessionsSignedOut),
      onError: (cause) => toast.error(errorMessage(cause)),
    });

  return (
    <Card className="space-y-6" aria-labelledby="security-heading">
      <div>
        <h2 id="security-heading" className="text-[15px] font-semibold">
          Password and Sessions
        </h2>
        <p className="mt-1 text-sm text-muted">Changing your password signs you out on every other device.</p>
      </div>

      <form onSubmit={onChangePassword} noValidate className="space-y-4" aria-label="Change password">
        <Field label="Current password" error={errors.currentPassword}>
          {(control) => (
            <PasswordInput
              {...control}
              name="current-password"
              autoComplete="current-password"
              value={currentPassword}
              onChange={(event) => {
                setCurrentPassword(event.target.value);
                setErrors((previous) => ({ ...previous, currentPassword: undefined }));
                setFormError(null);
              }}
            />
          )}
        </Field>
        <Field
          label="New password"
          error={errors.newPassword}
          hint="At least 8 characters, not a common password."
        >
          {(control) => (
            <PasswordInput
              {...control}
              name="new-password"
              autoComplete="new-password"
              value={newPassword}
              onChange={(event) => {
                setNewPassword(event.target.value);
                setErrors((previous) => ({ ...previous, newPassword: undefined }));
                setFormError(null);
              }}
            />
          )}
        </Field>
        {formError && (
          <div
            role="alert"
            className="rounded-control border border-danger/40 bg-danger-soft px-3 py-2 text-sm text-fg"
          >
            {formError}
          </div>
        )}
        <Button type="submit" disabled={!canChange} pending={changePassword.isPending}>
          {changePassword.isPending ? 'Changing password...' : 'Change Password'}
        </Button>
      </form>

      <div className="border-t border-border pt-5">
        <p className="text-sm text-muted">
          Signed in on a device or browser you no longer use? End every session except this one.
        </p>
        <Button
          variant="secondary"
          className="mt-3"
          onClick={onSignOutOthers}
          pending={signOutOthers.isPending}
          disabled={signOutOthers.isPending}
        >
          {signOutOthers.isPending ? 'Signing out...' : 'Sign Out Other Sessions'}
        </Button>
      </div>
    </Card>
  );
}
