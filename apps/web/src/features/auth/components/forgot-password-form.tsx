import { MESSAGES, signInBodySchema } from '@notewise/shared';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api';
import { usePasswordResetOptions, useRequestPasswordReset } from '../api/password-reset';
import type { AuthForm } from '../hooks/use-auth-form';
import { FormError } from './form-messages';

/**
 * 'Forgot password?': asks for a one-time reset link by email (decision 019), or, on a server that
 * cannot send email, says to ask the administrator. Back to Sign In keeps the email typed.
 */
export function ForgotPasswordForm({ form, open }: { form: AuthForm; open: boolean }) {
  const resetOptions = usePasswordResetOptions(open);
  const requestReset = useRequestPasswordReset();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (requestReset.isPending) return;
    form.setFormError(null);
    const parsed = signInBodySchema.shape.email.safeParse(form.email);
    if (!parsed.success) {
      form.setFieldErrors({ email: parsed.error.issues[0]?.message ?? MESSAGES.emailInvalid });
      form.fieldRefs.email.current?.focus();
      return;
    }
    form.setFieldErrors({});
    requestReset.mutate(
      { email: parsed.data },
      {
        onSuccess: () => form.setNotice(MESSAGES.resetEmailSent),
        onError: (error) => form.setFormError(errorMessage(error, MESSAGES.unexpected)),
      },
    );
  };

  return (
    <div className="space-y-4">
      {resetOptions.data?.byEmail === false ? (
        <p className="text-sm text-fg">{MESSAGES.resetAskAdministrator}</p>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <Field label="Email" error={form.fieldErrors.email}>
            {(control) => (
              <Input
                {...control}
                ref={form.fieldRefs.email}
                type="email"
                name="email"
                autoComplete="email"
                inputMode="email"
                required
                value={form.email}
                onChange={(event) => {
                  form.setEmail(event.target.value);
                  form.clearFieldError('email');
                }}
              />
            )}
          </Field>
          {form.formError && <FormError>{form.formError}</FormError>}
          <Button
            type="submit"
            size="lg"
            className="w-full"
            pending={requestReset.isPending || resetOptions.isPending}
            disabled={requestReset.isSuccess}
          >
            {requestReset.isPending ? 'Sending...' : 'Send Reset Link'}
          </Button>
        </form>
      )}
      <Button variant="secondary" className="w-full" onClick={() => form.switchMode('signin')}>
        Back to Sign In
      </Button>
    </div>
  );
}
