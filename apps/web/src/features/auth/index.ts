// The public surface of the auth feature. Other features reach it through '@/features/auth'.
export { useSignUpOpen } from './api/get-auth-options';
export { fetchMe, ME_QUERY_KEY, meQueryOptions, useMeQuery } from './api/get-me';
export { useSignOut } from './api/sign-out';
export { AuthProvider, type AuthState, useAuth } from './hooks/auth-context';
export {
  type AuthDialogControls,
  AuthDialogProvider,
  type AuthMode,
  useAuthDialog,
} from './hooks/auth-dialog';
