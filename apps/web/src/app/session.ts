/**
 * What features may use of the session (ARCHITECTURE 3: features do not import each other's internals).
 * useAuth: { user, initialized, hasAccess }; useAuthDialog: { openAuthDialog(mode), openOnFocus(mode) };
 * ME_QUERY_KEY: the cache key of GET /api/me, to update after a profile change.
 */
export {
  type AuthMode,
  type AuthState,
  ME_QUERY_KEY,
  useAuth,
  useAuthDialog,
  useSignOut,
  useSignUpOpen,
} from '@/features/auth';
