/** Which face the auth dialog shows. */
export type AuthMode = 'signin' | 'signup';
