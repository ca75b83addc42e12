import { type RefObject, useEffect, useRef, useState } from 'react';
import type { AuthMode } from '../lib/auth-mode';

export type FieldName = 'name' | 'email' | 'password';
export type FieldErrors = Partial<Record<FieldName, string>>;
type Issues = ReadonlyArray<{ path: PropertyKey[]; message: string }>;

/** First message per field from a zod error, in field order. */
function fieldErrorsOf(issues: Issues): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if ((field === 'name' || field === 'email' || field === 'password') && !errors[field]) {
      errors[field] = issue.message;
    }
  }
  return errors;
}

/**
 * What the auth dialog's forms share: the fields (the email carries over between sign-in, sign-up and
 * the reset form), their errors, the form's error and a neutral notice, and which form shows. Each
 * opening starts clean (the email stays for convenience, the password does not), and a mode change
 * drops the other form's errors.
 */
export function useAuthForm(open: boolean, mode: AuthMode, onModeChange: (mode: AuthMode) => void) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  /** A neutral note (not an error) shown above the form, e.g. after a sign-up that opened no session. */
  const [notice, setNotice] = useState<string | null>(null);
  const [forgot, setForgot] = useState(false);
  const fieldRefs: Record<FieldName, RefObject<HTMLInputElement | null>> = {
    name: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };

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
    setForgot(true);
  };

  /** Shows a validation failure by field and focuses the first field with an error. */
  const showErrors = (issues: Issues) => {
    const errors = fieldErrorsOf(issues);
    setFieldErrors(errors);
    const first = (['name', 'email', 'password'] as const).find((field) => errors[field]);
    if (first) fieldRefs[first].current?.focus();
  };

  const clearFieldError = (field: FieldName) =>
    setFieldErrors((errors) => (errors[field] ? { ...errors, [field]: undefined } : errors));

  return {
    name,
    setName,
    email,
    setEmail,
    password,
    setPassword,
    showPassword,
    setShowPassword,
    fieldErrors,
    setFieldErrors,
    formError,
    setFormError,
    notice,
    setNotice,
    forgot,
    fieldRefs,
    switchMode,
    showForgot,
    showErrors,
    clearFieldError,
  };
}

export type AuthForm = ReturnType<typeof useAuthForm>;
