import { z } from 'zod';
import { isCommonPassword } from './common-passwords';
import { MAX_DISPLAY_NAME_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './constants';
import { MESSAGES } from './messages';
import { stripUnsafeLine } from './text';

const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: MESSAGES.emailInvalid }));

/** A password being chosen (sign-up, change, reset): long enough and not one of the common ones. */
export const newPasswordSchema = z
  .string({ message: MESSAGES.passwordTooShort })
  .min(MIN_PASSWORD_LENGTH, { message: MESSAGES.passwordTooShort })
  .max(MAX_PASSWORD_LENGTH, { message: `Password must be at most ${MAX_PASSWORD_LENGTH} characters long` })
  .refine((value) => !isCommonPassword(value), { message: MESSAGES.passwordTooCommon });

/** A password being checked (sign-in, current password): any stored one, however old its rules. */
const existingPassword = z
  .string({ message: 'Password is required.' })
  .min(1, { message: 'Password is required.' })
  .max(MAX_PASSWORD_LENGTH);

export const displayNameSchema = z
  .string({ message: MESSAGES.displayNameRequired })
  .overwrite(stripUnsafeLine)
  .trim()
  .min(1, { message: MESSAGES.displayNameRequired })
  .max(MAX_DISPLAY_NAME_LENGTH, {
    message: `Display name must be at most ${MAX_DISPLAY_NAME_LENGTH} characters.`,
  });

/** POST /api/auth/sign-up/email */
export const signUpBodySchema = z.strictObject({
  name: displayNameSchema,
  email,
  password: newPasswordSchema,
});
export type SignUpBody = z.infer<typeof signUpBodySchema>;

/**
 * The answer to a sign-up, the same for a new and an existing email (no "email taken" oracle): only
 * a new account also gets its session cookie. `id` is the new account's; for an existing email it is
 * a random id that names nothing.
 */
export const signUpResponseSchema = z.object({
  user: z.object({ id: z.string(), email: z.string(), name: z.string() }),
});
export type SignUpResponse = z.infer<typeof signUpResponseSchema>;

/** POST /api/auth/sign-in/email */
export const signInBodySchema = z.strictObject({
  email,
  password: existingPassword,
  rememberMe: z.boolean().optional(),
});
export type SignInBody = z.infer<typeof signInBodySchema>;

/** POST /api/auth/change-password: every other session of the user ends. */
export const changePasswordBodySchema = z.strictObject({
  currentPassword: z
    .string({ message: MESSAGES.currentPasswordRequired })
    .min(1, { message: MESSAGES.currentPasswordRequired })
    .max(MAX_PASSWORD_LENGTH),
  newPassword: newPasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** POST /api/auth/request-password-reset: emails a one-time link when SMTP is configured. */
export const requestPasswordResetBodySchema = z.strictObject({ email });
export type RequestPasswordResetBody = z.infer<typeof requestPasswordResetBodySchema>;

/** POST /api/auth/reset-password: the token of a reset link and the new password; all sessions end. */
export const resetPasswordBodySchema = z.strictObject({
  token: z
    .string({ message: MESSAGES.resetLinkInvalid })
    .min(1, { message: MESSAGES.resetLinkInvalid })
    .max(256, { message: MESSAGES.resetLinkInvalid }),
  newPassword: newPasswordSchema,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** GET /api/password-reset: whether "Forgot password?" can email a link (SMTP configured). */
export const passwordResetOptionsSchema = z.object({ byEmail: z.boolean() });
export type PasswordResetOptions = z.infer<typeof passwordResetOptionsSchema>;

/** GET /api/auth-options: whether anyone may create an account here (ALLOW_SIGNUP). */
export const authOptionsSchema = z.object({ signUp: z.boolean() });
export type AuthOptions = z.infer<typeof authOptionsSchema>;

/** GET /api/demo: whether the shared demo account exists, and its credentials. */
export const demoAccountSchema = z.object({
  available: z.boolean(),
  email: z.string().optional(),
  password: z.string().optional(),
});
export type DemoAccount = z.infer<typeof demoAccountSchema>;
