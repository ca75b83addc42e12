import {
  createContext,
  type FocusEvent,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import type { AuthMode } from '../lib/auth-mode';
import { useAuth } from './auth-context';
import { useOpenerFocus } from './use-opener-focus';

// The dialog (and the validation schemas it brings) loads on first use, or in idle time when signed out.
const loadAuthDialog = () => import('../components/auth-dialog');
const AuthDialog = lazy(async () => ({ default: (await loadAuthDialog()).AuthDialog }));
const PRELOAD_DELAY_MS = 1_500;

export type { AuthMode };

export interface AuthDialogControls {
  /** Opens the sign-in / sign-up dialog in that mode. */
  openAuthDialog: (mode: AuthMode) => void;
  /**
   * An onFocus handler that opens the dialog, for controls that prompt signed-out visitors when focused.
   * It ignores the focus the dialog gives back to the control when it closes.
   */
  openOnFocus: (mode: AuthMode) => (event: FocusEvent<HTMLElement>) => void;
}

const AuthDialogContext = createContext<AuthDialogControls | null>(null);

/** Mounts the one auth dialog of the app and lets any component open it. */
export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const { user, initialized } = useAuth();
  const [open, setOpen] = useState(false);
  // Stays mounted after the first opening so closing can animate.
  const [mounted, setMounted] = useState(false);
  const [mode, setMode] = useState<AuthMode>('signin');
  const { rememberOpener, returnFocus, isReturningTo } = useOpenerFocus();

  const openAuthDialog = useCallback(
    (next: AuthMode) => {
      rememberOpener();
      setMode(next);
      setMounted(true);
      setOpen(true);
    },
    [rememberOpener],
  );

  const signedOut = initialized && !user;
  useEffect(() => {
    if (!signedOut) return;
    const timer = window.setTimeout(() => void loadAuthDialog(), PRELOAD_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [signedOut]);

  const openOnFocus = useCallback(
    (next: AuthMode) => (event: FocusEvent<HTMLElement>) => {
      if (isReturningTo(event.currentTarget)) return;
      openAuthDialog(next);
    },
    [openAuthDialog, isReturningTo],
  );

  const value = useMemo(() => ({ openAuthDialog, openOnFocus }), [openAuthDialog, openOnFocus]);

  return (
    <AuthDialogContext.Provider value={value}>
      {children}
      {mounted && (
        <Suspense fallback={null}>
          <AuthDialog
            open={open}
            mode={mode}
            onOpenChange={setOpen}
            onModeChange={setMode}
            onReturnFocus={returnFocus}
          />
        </Suspense>
      )}
    </AuthDialogContext.Provider>
  );
}

export function useAuthDialog(): AuthDialogControls {
  const value = useContext(AuthDialogContext);
  if (!value) throw new Error('useAuthDialog must be used inside <AuthDialogProvider>');
  return value;
}
