/** User-facing texts of SPEC section 5 and 8, kept once so server and web say the same words. */
export const MESSAGES = {
  displayNameRequired: 'Display name is required.',
  passwordTooShort: 'Password must be at least 6 characters long',
  passwordTooCommon: 'This password is too common. Please choose a less predictable one.',
  emailInvalid: 'Please enter a valid email address.',
  emailTaken: 'An account with this email already exists.',
  invalidCredentials: 'Invalid email or password.',
  networkFailed: 'Network connection failed. Please check your internet connection and try again.',
  authConfigFailed: 'Authentication failed. Please check your Supabase configuration.',
  unexpected: 'An unexpected error occurred',
  tooManyRequests: 'Too many attempts. Please wait a minute and try again.',
  notSignedIn: 'Please sign in to continue.',
  // Points at the one real action (issue 18.10): Settings > Plan says who grants access and how.
  accessRequired:
    'This needs an active PRO trial or the UNLIMITED plan. Settings > Plan shows how to get access.',
  loadingSlow: 'Loading is taking longer than expected',
} as const;
