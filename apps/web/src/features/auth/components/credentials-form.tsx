import { Eye, EyeOff, KeyRound } from 'lucide-react';
import { type FormEvent, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useDemoAccount } from '../api/get-demo';
import type { AuthForm } from '../hooks/use-auth-form';
import type { AuthMode } from '../lib/auth-mode';
import { FormError } from './form-messages';

interface CredentialsFormProps {
  form: AuthForm;
  mode: AuthMode;
  open: boolean;
  pending: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitLabel: string;
  pendingLabel: string;
}

/**
 * The sign-in / sign-up form: display name (sign-up), email, password with show/hide, 'Forgot
 * password?' (sign-in), and on a demo server a button that fills the demo account in.
 */
export function CredentialsForm({
  form,
  mode,
  open,
  pending,
  onSubmit,
  submitLabel,
  pendingLabel,
}: CredentialsFormProps) {
  const submitRef = useRef<HTMLButtonElement>(null);
  const demo = useDemoAccount(open);
  const demoAccount = demo.data?.available && demo.data.email && demo.data.password ? demo.data : null;
  const { fieldErrors, fieldRefs, clearFieldError, showPassword } = form;

  const fillDemoCredentials = () => {
    if (!demoAccount) return;
    form.setEmail(demoAccount.email ?? '');
    form.setPassword(demoAccount.password ?? '');
    form.switchMode('signin');
    // Focus the submit button so Enter signs in with the filled credentials.
    requestAnimationFrame(() => submitRef.current?.focus());
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      {mode === 'signup' && (
        <Field label="Display name" error={fieldErrors.name}>
          {(control) => (
            <Input
              {...control}
              ref={fieldRefs.name}
              name="name"
              autoComplete="name"
              required
              value={form.name}
              onChange={(event) => {
                form.setName(event.target.value);
                clearFieldError('name');
              }}
            />
          )}
        </Field>
      )}

      <Field label="Email" error={fieldErrors.email}>
        {(control) => (
          <Input
            {...control}
            ref={fieldRefs.email}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            required
            value={form.email}
            onChange={(event) => {
              form.setEmail(event.target.value);
              clearFieldError('email');
            }}
          />
        )}
      </Field>

      <Field label="Password" error={fieldErrors.password}>
        {(control) => (
          <div className="relative">
            <Input
              {...control}
              ref={fieldRefs.password}
              type={showPassword ? 'text' : 'password'}
              name="password"
              autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
              required
              className="pr-11"
              value={form.password}
              onChange={(event) => {
                form.setPassword(event.target.value);
                clearFieldError('password');
              }}
            />
            <button
              type="button"
              aria-label={showPassword ? 'Hide password' : 'Show password'}
              title={showPassword ? 'Hide password' : 'Show password'}
              onClick={() => form.setShowPassword((shown) => !shown)}
              className="absolute inset-y-0 right-0 inline-flex w-10 items-center justify-center rounded-r-control text-muted hover:text-fg max-md:w-11"
            >
              {showPassword ? <EyeOff size={16} aria-hidden="true" /> : <Eye size={16} aria-hidden="true" />}
            </button>
          </div>
        )}
      </Field>

      {mode === 'signin' && (
        <button
          type="button"
          className="-mt-2 text-sm font-medium text-accent-text underline-offset-4 hover:underline max-md:inline-flex max-md:min-h-11 max-md:items-center"
          onClick={form.showForgot}
        >
          Forgot password?
        </button>
      )}

      {form.formError && <FormError>{form.formError}</FormError>}

      <Button ref={submitRef} type="submit" size="lg" className="w-full" pending={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>

      {demoAccount && (
        <Button variant="secondary" className="w-full" onClick={fillDemoCredentials} disabled={pending}>
          <KeyRound size={16} aria-hidden="true" />
          Use demo credentials
        </Button>
      )}
    </form>
  );
}
