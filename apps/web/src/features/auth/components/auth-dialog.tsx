import { MESSAGES, type Me, signInBodySchema, signUpBodySchema } from '@notewise/shared';
import { Eye, EyeOff, KeyRound } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useSignUpOpen } from '../api/get-auth-options';
import { useDemoAccount } from '../api/get-demo';
import { usePasswordResetOptions, useRequestPasswordReset } from '../api/password-reset';
import { useSignIn } from '../api/sign-in';
import { useSignUp } from '../api/sign-up';
import type { AuthMode } from '../lib/auth-mode';

type FieldName = 'name' | 'email' | 'password';
type FieldErrors = Partial<Record<FieldName, string>>;

interface AuthDialogProps {
  open: boolean;
  mode: AuthMode;
  onOpenChange: (open: boolean) => void;
  onModeChange: (mode: AuthMode) => void;
  /** Called instead of Radix's own focus return when the dialog closes. */
  onReturnFocus: () => void;
}

const COPY = {
  signin: {
    title: 'Welcome Back',
    description: 'Sign in to your account to continue.',
    submit: 'Sign In',
    pending: 'Signing in...',
    switchPrompt: "Don't have an account?",
    switchAction: 'Sign up',
  },
  signup: {
    title: 'Create Account',
    description: 'Capture notes, enhance them with AI and share projects.',
    submit: 'Create Account',
    pending: 'Creating account...',
    switchPrompt: 'Already have an account?',
    switchAction: 'Sign in',
  },
} as const;

const FORGOT_COPY = {
  title: 'Reset Password',
  description: 'Get a one-time link to choose a new password.',
} as const;

/** First message per field from a zod error, in field order. */
function fieldErrorsOf(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if ((field === 'name' || field === 'email' || field === 'password') && !errors[field]) {
      errors[field] = issue.message;
    }
  }
  return errors;
}

/** Sign-in / sign-up dialog (docs/product.md §2, Auth dialog). Mounted once by AuthDialogProvider. */
export function AuthDialog({
  open,
  mode: requestedMode,
  onOpenChange,
  onModeChange,
  onReturnFocus,
}: AuthDialogProps) {
  // With sign-up closed (ALLOW_SIGNUP=false) every way in opens sign-in; accounts come from the admin.
  const signUpOpen = useSignUpOpen();
  const mode: AuthMode = signUpOpen ? requestedMode : 'signin';
  const copy = COPY[mode];
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  /** A neutral note (not an error) shown above the form, e.g. after a sign-up that opened no session. */
  const [notice, setNotice] = useState<string | null>(null);
  const [forgot, setForgot] = useState(false);
  const fieldRefs = {
    name: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };
  const submitRef = useRef<HTMLButtonElement>(null);

  const signIn = useSignIn();
  const signUp = useSignUp();
  const pending = signIn.isPending || signUp.isPending;
  const demo = useDemoAccount(open);
  const demoAccount = demo.data?.available && demo.data.email && demo.data.password ? demo.data : null;
  const resetOptions = usePasswordResetOptions(open && forgot);
  const requestReset = useRequestPasswordReset();

  // Each opening starts clean; the email stays for convenience, the password does not.
  useEffect(() => {
    if (!open) return;
    setPassword('');
    setShowPassword(false);
    setFieldErrors({});
    setFormError(null);
    setNotice(null);
    setForgot(false);
  }, [open]);

  // However the mode changes (a link here, or another control reopening the dialog in the other
  // mode), the other form's errors do not carry over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on a mode change only.
  useEffect(() => {
    setFieldErrors({});
    setFormError(null);
  }, [mode]);

  const switchMode = (next: AuthMode) => {
    setFieldErrors({});
    setFormError(null);
    setNotice(null);
    setForgot(false);
    onModeChange(next);
  };

  const showForgot = () => {
    setFieldErrors({});
    setFormError(null);
    setNotice(null);
    requestReset.reset();
    setForgot(true);
  };

  const fillDemoCredentials = () => {
    if (!demoAccount) return;
    setEmail(demoAccount.email ?? '');
    setPassword(demoAccount.password ?? '');
    switchMode('signin');
    // Focus the submit button so Enter signs in with the filled credentials.
    requestAnimationFrame(() => submitRef.current?.focus());
  };

  const onSuccess = () => {
    onOpenChange(false);
    toast.success(mode === 'signup' ? 'Account created. Welcome!' : 'Signed in');
  };
  const onError = (error: unknown) => setFormError(errorMessage(error, MESSAGES.unexpected));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    // A new attempt replaces what the last one said (the sign-up's note stayed beside the sign-in error).
    setFormError(null);
    setNotice(null);

    const showErrors = (issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>) => {
      const errors = fieldErrorsOf(issues);
      setFieldErrors(errors);
      const first = (['name', 'email', 'password'] as const).find((field) => errors[field]);
      if (first) fieldRefs[first].current?.focus();
    };

    if (mode === 'signup') {
      const parsed = signUpBodySchema.safeParse({ name, email, password });
      if (!parsed.success) return showErrors(parsed.error.issues);
      setFieldErrors({});
      signUp.mutate(parsed.data, {
        onSuccess: (me: Me | null) => {
          if (me) return onSuccess();
          // No session: the email may already have an account. The same words either way.
          setPassword('');
          switchMode('signin');
          setNotice(MESSAGES.signUpNoSession);
          requestAnimationFrame(() => fieldRefs.password.current?.focus());
        },
        onError,
      });
    } else {
      const parsed = signInBodySchema.safeParse({ email, password });
      if (!parsed.success) return showErrors(parsed.error.issues);
      setFieldErrors({});
      signIn.mutate(parsed.data, { onSuccess, onError });
    }
  };

  const onForgotSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (requestReset.isPending) return;
    setFormError(null);
    const parsed = signInBodySchema.shape.email.safeParse(email);
    if (!parsed.success) {
      setFieldErrors({ email: parsed.error.issues[0]?.message ?? MESSAGES.emailInvalid });
      fieldRefs.email.current?.focus();
      return;
    }
    setFieldErrors({});
    requestReset.mutate(
      { email: parsed.data },
      { onSuccess: () => setNotice(MESSAGES.resetEmailSent), onError },
    );
  };

  const clearFieldError = (field: FieldName) =>
    setFieldErrors((errors) => (errors[field] ? { ...errors, [field]: undefined } : errors));

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // Stay open while a request is in flight so its answer has somewhere to show.
        if (next || !pending) onOpenChange(next);
      }}
    >
      <DialogContent
        title={forgot ? FORGOT_COPY.title : copy.title}
        description={forgot ? FORGOT_COPY.description : copy.description}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          onReturnFocus();
        }}
      >
        {notice && (
          <div
            role="status"
            className="mb-4 rounded-control border border-border bg-surface px-3 py-2 text-sm text-fg"
          >
            {notice}
          </div>
        )}
        {forgot ? (
          <div className="space-y-4">
            {resetOptions.data?.byEmail === false ? (
              <p className="text-sm text-fg">{MESSAGES.resetAskAdministrator}</p>
            ) : (
              <form noValidate onSubmit={onForgotSubmit} className="space-y-4">
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
                      value={email}
                      onChange={(event) => {
                        setEmail(event.target.value);
                        clearFieldError('email');
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
            <Button variant="secondary" className="w-full" onClick={() => switchMode('signin')}>
              Back to Sign In
            </Button>
          </div>
        ) : (
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
                    value={name}
                    onChange={(event) => {
                      setName(event.target.value);
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
                  value={email}
                  onChange={(event) => {
                    setEmail(event.target.value);
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
                    value={password}
                    onChange={(event) => {
                      setPassword(event.target.value);
                      clearFieldError('password');
                    }}
                  />
                  <button
                    type="button"
                    aria-label={showPassword ? 'Hide password' : 'Show password'}
                    title={showPassword ? 'Hide password' : 'Show password'}
                    onClick={() => setShowPassword((shown) => !shown)}
                    className="absolute inset-y-0 right-0 inline-flex w-10 items-center justify-center rounded-r-control text-muted hover:text-fg max-md:w-11"
                  >
                    {showPassword ? (
                      <EyeOff size={16} aria-hidden="true" />
                    ) : (
                      <Eye size={16} aria-hidden="true" />
                    )}
                  </button>
                </div>
              )}
            </Field>

            {mode === 'signin' && (
              <button
                type="button"
                className="-mt-2 text-sm font-medium text-accent-text underline-offset-4 hover:underline max-md:inline-flex max-md:min-h-11 max-md:items-center"
                onClick={showForgot}
              >
                Forgot password?
              </button>
            )}

            {formError && (
              <div
                role="alert"
                className="rounded-control border border-danger/40 bg-danger-soft px-3 py-2 text-sm text-fg"
              >
                {formError}
              </div>
            )}

            <Button ref={submitRef} type="submit" size="lg" className="w-full" pending={pending}>
              {pending ? copy.pending : copy.submit}
            </Button>

            {demoAccount && (
              <Button variant="secondary" className="w-full" onClick={fillDemoCredentials} disabled={pending}>
                <KeyRound size={16} aria-hidden="true" />
                Use demo credentials
              </Button>
            )}
          </form>
        )}

        {!forgot && signUpOpen && (
          <p className="mt-5 text-center text-sm text-muted">
            {copy.switchPrompt}{' '}
            <button
              type="button"
              className="font-medium text-accent-text underline-offset-4 hover:underline max-md:inline-flex max-md:min-h-11 max-md:items-center"
              onClick={() => switchMode(mode === 'signin' ? 'signup' : 'signin')}
            >
              {copy.switchAction}
            </button>
          </p>
        )}
      </DialogContent>
    </Dialog>
  );
}
