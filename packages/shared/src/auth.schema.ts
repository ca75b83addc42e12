import { z } from 'zod';
import { MAX_DISPLAY_NAME_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './constants';
import { MESSAGES } from './messages';

const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: MESSAGES.emailInvalid }));

const password = z
  .string({ message: MESSAGES.passwordTooShort })
  .min(MIN_PASSWORD_LENGTH, { message: MESSAGES.passwordTooShort })
  .max(MAX_PASSWORD_LENGTH, { message: `Password must be at most ${MAX_PASSWORD_LENGTH} characters long` });

export const displayNameSchema = z
  .string({ message: MESSAGES.displayNameRequired })
  .trim()
  .min(1, { message: MESSAGES.displayNameRequired })
  .max(MAX_DISPLAY_NAME_LENGTH, {
    message: `Display name must be at most ${MAX_DISPLAY_NAME_LENGTH} characters.`,
  });

/** POST /api/auth/sign-up/email */
export const signUpBodySchema = z.strictObject({
  name: displayNameSchema,
  email,
  password,
});
export type SignUpBody = z.infer<typeof signUpBodySchema>;

/** POST /api/auth/sign-in/email */
export const signInBodySchema = z.strictObject({
  email,
  password: z.string().min(1, { message: 'Password is required.' }).max(MAX_PASSWORD_LENGTH),
  rememberMe: z.boolean().optional(),
});
export type SignInBody = z.infer<typeof signInBodySchema>;

/** GET /api/demo: whether the shared demo account exists, and its credentials. */
export const demoAccountSchema = z.object({
  available: z.boolean(),
  email: z.string().optional(),
  password: z.string().optional(),
});
export type DemoAccount = z.infer<typeof demoAccountSchema>;
