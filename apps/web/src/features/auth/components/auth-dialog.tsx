import { Dialog, DialogContent } from '@/components/ui/dialog';
import { toast } from '@/lib/toast';
import { useSignUpOpen } from '../api/get-auth-options';
import { useAuthForm } from '../hooks/use-auth-form';
import { useCredentialsSubmit } from '../hooks/use-credentials-submit';
import type { AuthMode } from '../lib/auth-mode';
import { CredentialsForm } from './credentials-form';
import { ForgotPasswordForm } from './forgot-password-form';
import { FormNotice } from './form-messages';

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

/**
 * Sign-in / sign-up dialog (docs/product.md §2, Auth dialog). Mounted once by AuthDialogProvider. The
 * forms share their fields (useAuthForm); sign-in and sign-up go through useCredentialsSubmit, the
 * reset link through ForgotPasswordForm.
 */
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
  const form = useAuthForm(open, mode, onModeChange);
  const { pending, onSubmit } = useCredentialsSubmit(form, mode, () => {
    onOpenChange(false);
    toast.success(mode === 'signup' ? 'Account created. Welcome!' : 'Signed in');
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // Stay open while a request is in flight so its answer has somewhere to show.
        if (next || !pending) onOpenChange(next);
      }}
    >
      <DialogContent
        title={form.forgot ? FORGOT_COPY.title : copy.title}
        description={form.forgot ? FORGOT_COPY.description : copy.description}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          onReturnFocus();
        }}
      >
        {form.notice && <FormNotice>{form.notice}</FormNotice>}
        {form.forgot ? (
          <ForgotPasswordForm form={form} open={open} />
        ) : (
          <CredentialsForm
            form={form}
            mode={mode}
            open={open}
            pending={pending}
            onSubmit={onSubmit}
            submitLabel={copy.submit}
            pendingLabel={copy.pending}
          />
        )}

        {!form.forgot && signUpOpen && (
          <p className="mt-5 text-center text-sm text-muted">
            {copy.switchPrompt}{' '}
            <button
              type="button"
              className="font-medium text-accent-text underline-offset-4 hover:underline max-md:inline-flex max-md:min-h-11 max-md:items-center"
              onClick={() => form.switchMode(mode === 'signin' ? 'signup' : 'signin')}
            >
              {copy.switchAction}
            </button>
          </p>
        )}
      </DialogContent>
    </Dialog>
  );
}
