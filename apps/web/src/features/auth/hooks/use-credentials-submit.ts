import { MESSAGES, type Me, signInBodySchema, signUpBodySchema } from '@notewise/shared';
import type { FormEvent } from 'react';
import { errorMessage } from '@/lib/api';
import { useSignIn } from '../api/sign-in';
import { useSignUp } from '../api/sign-up';
import type { AuthMode } from '../lib/auth-mode';
import type { AuthForm } from './use-auth-form';

/**
 * Sign-in and sign-up: validates with the shared schemas (errors by field), sends, and on success
 * calls `onSignedIn`. A sign-up that opened no session (the email may already have an account) turns
 * to sign-in with the same words either way.
 */
export function useCredentialsSubmit(form: AuthForm, mode: AuthMode, onSignedIn: () => void) {
  const signIn = useSignIn();
  const signUp = useSignUp();
  const pending = signIn.isPending || signUp.isPending;
  const onError = (error: unknown) => form.setFormError(errorMessage(error, MESSAGES.unexpected));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    // A new attempt replaces what the last one said (the sign-up's note stayed beside the sign-in error).
    form.setFormError(null);
    form.setNotice(null);
    const { name, email, password } = form;

    if (mode === 'signup') {
      const parsed = signUpBodySchema.safeParse({ name, email, password });
      if (!parsed.success) return form.showErrors(parsed.error.issues);
      form.setFieldErrors({});
      signUp.mutate(parsed.data, {
        onSuccess: (me: Me | null) => {
          if (me) return onSignedIn();
          form.setPassword('');
          form.switchMode('signin');
          form.setNotice(MESSAGES.signUpNoSession);
          requestAnimationFrame(() => form.fieldRefs.password.current?.focus());
        },
        onError,
      });
    } else {
      const parsed = signInBodySchema.safeParse({ email, password });
      if (!parsed.success) return form.showErrors(parsed.error.issues);
      form.setFieldErrors({});
      signIn.mutate(parsed.data, { onSuccess: onSignedIn, onError });
    }
  };

  return { pending, onSubmit };
}
