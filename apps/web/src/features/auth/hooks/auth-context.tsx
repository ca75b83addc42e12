import { AUTH_INIT_TIMEOUT_MS, type Me } from '@notewise/shared';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { useMeQuery } from '../api/get-me';

export interface AuthState {
  /** The signed-in user's profile and plan (GET /api/me); null when signed out or not yet known. */
  user: Me | null;
  /**
   * True once the first session read finished, or after AUTH_INIT_TIMEOUT_MS (4 s) without an answer;
   * a late answer still updates `user`.
   */
  initialized: boolean;
  /** The user's plan grants access (PRO trial or UNLIMITED). False when signed out. */
  hasAccess: boolean;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const me = useMeQuery();
  const [timedOut, setTimedOut] = useState(false);
  const pending = me.isPending;

  useEffect(() => {
    if (!pending) return;
    const timer = window.setTimeout(() => setTimedOut(true), AUTH_INIT_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [pending]);

  const user = me.data ?? null;
  // Once initialised, always initialised: a later session read (after a sign-in, a reset cache) must
  // not swap the pages for the loading indicator, which would unmount them and lose what was typed.
  const [settled, setSettled] = useState(false);
  const initialized = settled || !pending || timedOut;
  if (initialized && !settled) setSettled(true);
  const value = useMemo<AuthState>(
    () => ({ user, initialized, hasAccess: user?.access ?? false }),
    [user, initialized],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The session: who is signed in, and whether the first read finished. */
export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
