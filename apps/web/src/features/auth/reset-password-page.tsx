import { MESSAGES, resetPasswordBodySchema } from '@notewise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Page } from '@/components/ui/page';
import { PasswordInput } from '@/components/ui/password-input';
import { errorMessage } from '@/lib/api';
import { paths } from '@/lib/route-table';
import { ME_QUERY_KEY } from './api/get-me';
import { useResetPassword } from './api/password-reset';
import { useAuthDialog } from './hooks/auth-dialog';

const REPEAT_MISMATCH = 'The two passwords are not the same.';

/** /reset-password?token=...: the page of a one-time reset link (admin CLI or email). */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ password?: string; repeat?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const reset = useResetPassword();
  const queryClient = useQueryClient();
  const { openAuthDialog } = useAuthDialog();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reset.isPending) return;
    setFormError(null);
    const parsed = resetPasswordBodySchema.safeParse({ token, newPassword: password });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      if (issue?.path[0] === 'token') setFormError(issue.message);
      else setErrors({ password: issue?.message });
      return;
    }
    if (repeat !== password) {
      setErrors({ repeat: REPEAT_MISMATCH });
      return;
    }
    setErrors({});
    reset.mutate(parsed.data, {
      // Every session of the account ended, perhaps this browser's too.
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
      onError: (cause) => setFormError(errorMessage(cause)),
    });
  };

  if (reset.isSuccess) {
    return (
      <Page width="narrow" className="flex min-h-[70dvh] items-center">
        <Card className="w-full p-8 text-center">
          <CircleCheck size={40} className="mx-auto text-accent-text" aria-hidden="true" />
          <h1 className="mt-4 text-2xl font-semibold tracking-tight">Password Reset</h1>
          <p role="status" className="mt-2 text-muted">
            {MESSAGES.passwordReset}
          </p>
          <Button className="mt-8" onClick={() => openAuthDialog('signin')}>
            Sign In
          </Button>
        </Card>
      </Page>
    );
  }

  return (
    <Page width="narrow" className="flex min-h-[70dvh] items-center">
      <Card className="w-full p-8">
        <KeyRound size={32} className="text-muted" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-semibold tracking-tight">Reset Password</h1>
        {token ? (
          <>
            <p className="mt-2 text-sm text-muted">
              Choose a new password. This link works once, for 1 hour; every session of your account ends.
            </p>
            <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4">
              <Field
                label="New password"
                error={errors.password}
                hint="At least 8 characters, not a common password."
              >
                {(control) => (
                  <PasswordInput
                    {...control}
                    name="new-password"
                    autoComplete="new-password"
                    value={password}
                    onChange={(event) => {
                      setPassword(event.target.value);
                      setErrors({});
                    }}
                  />
                )}
              </Field>
              <Field label="Repeat new password" error={errors.repeat}>
                {(control) => (
                  <PasswordInput
                    {...control}
                    name="repeat-password"
                    autoComplete="new-password"
                    value={repeat}
                    onChange={(event) => {
                      setRepeat(event.target.value);
                      setErrors({});
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
              <Button type="submit" size="lg" className="w-full" pending={reset.isPending}>
                {reset.isPending ? 'Saving...' : 'Set New Password'}
              </Button>
            </form>
          </>
        ) : (
          <>
            <p role="alert" className="mt-2 text-muted">
              {MESSAGES.resetLinkInvalid}
            </p>
            <Button asChild variant="secondary" className="mt-6">
              <Link to={paths.capture}>Back to App</Link>
            </Button>
          </>
        )}
      </Card>
    </Page>
  );
}
