/**
 * The auth state: user, isAuthenticated, isLoading (the auth check on load), error; and the
 * transitions: the check on load, login (step 1 and step 2), logout.
 *
 * `isLoading` covers only the auth check, never a login in flight: the login form must stay
 * mounted while it waits, or step 2 would lose what step 1 typed.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ADMIN_MESSAGES, ADMIN_TIMINGS, type AdminUser, type LoginRequest } from '@tunnelscope/contracts';
import { fetchCurrentUser, postLogin, postLogout } from '../api/auth.js';
import { fetchSessionSnapshot } from '../api/operator-safety.js';
import { AdminApiError } from '../api/client.js';
import { onSessionRefused } from '../api/session-refusals.js';
import { authCheckErrorMessage, refusedLoginMessage, thrownLoginMessage } from './auth-errors.js';
import { IdleWarning, type SessionClock } from './IdleWarning.js';
import { reloadPage } from './page-reload.js';

/** How a login attempt ended, so the form can pick its next step. */
export type LoginOutcome = 'success' | 'requires2FA' | 'failed' | 'captchaFailed';

export interface AuthContextValue {
  user: AdminUser | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  error: string | null;
  login(credentials: LoginRequest): Promise<LoginOutcome>;
  logout(): Promise<void>;
  /** Runs the auth check again (after 2FA verification, for instance). */
  checkAuth(): Promise<void>;
  /** Replaces the signed-in user after the server answered a newer copy (profile update). */
  updateUser(user: AdminUser): void;
  setError(error: string | null): void;
  /** The dashboard calls this when it mounts; the cleanup it answers says it went away. */
  dashboardMounted(): () => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<AdminUser | null>(null);
  const [isLoading, setIsLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  // The session's times as the server last answered them: the idle warning starts from these.
  const [sessionClock, setSessionClock] = useState<SessionClock | null>(null);
  const dashboardShown = useRef(false);
  const reloadCheck = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const checkStarted = useRef(false);

  const checkAuth = useCallback(async () => {
    try {
      const current = await fetchSessionSnapshot(false);
      setSessionClock(current.session ? { view: current.session, receivedAt: Date.now() } : null);
      setUser(current.user);
      setError(null);
    } catch (err) {
      setUser(null);
      setError(authCheckErrorMessage(err));
    } finally {
      setIsLoading(false);
    }
  }, []);

  useEffect(() => {
    // Once per page, even under StrictMode's double effects.
    if (checkStarted.current) return;
    checkStarted.current = true;
    void checkAuth();
  }, [checkAuth]);

  useEffect(() => () => clearTimeout(reloadCheck.current), []);

  // A session that ended while the panel was open (idle timeout, disconnected from another
  // browser, password changed elsewhere) makes the next call answer 401, whichever call it is: the
  // API client reports every such answer (api/session-refusals.ts). The auth check then confirms
  // it and the login screen says why, instead of every view failing on its own.
  const queryClient = useQueryClient();
  const signedIn = user !== null;
  useEffect(() => {
    if (!signedIn) return;
    let checking = false;
    let active = true;
    const unsubscribe = onSessionRefused(() => {
      // The check's own 401 (and those of calls refused meanwhile) land here while it runs.
      if (checking) return;
      checking = true;
      fetchCurrentUser().then(
        (current) => {
          checking = false;
          if (active) setUser(current);
        },
        (err: unknown) => {
          checking = false;
          if (active && err instanceof AdminApiError && err.status === 401) {
            queryClient.clear(); // nothing of the ended session shows after the next sign-in
            setUser(null);
            setError(ADMIN_MESSAGES.sessionExpired);
          }
        },
      );
    });
    return () => {
      active = false;
      unsubscribe();
    };
  }, [queryClient, signedIn]);

  const login = useCallback(async (credentials: LoginRequest): Promise<LoginOutcome> => {
    try {
      const answer = await postLogin(credentials);
      if (answer.success) {
        const signedIn = answer.data?.user ?? (await fetchCurrentUser());
        const view = answer.data?.session;
        setSessionClock(view ? { view, receivedAt: Date.now() } : null);
        setError(null);
        setUser(signedIn);
        // If the dashboard has not appeared shortly after success (a stale view, a render that
        // never came), a reload brings it up from the new session cookie.
        clearTimeout(reloadCheck.current);
        reloadCheck.current = setTimeout(() => {
          if (!dashboardShown.current) reloadPage();
        }, ADMIN_TIMINGS.postLoginReloadCheckMs);
        return 'success';
      }
      if (answer.requires2FA) {
        // Arriving at step 2 clears the error. A code refused in step 2 asks for 2FA
        // again; its message ('Invalid verification code') is the one thing worth showing then.
        setError(credentials.totpCode && answer.message ? answer.message : null);
        return 'requires2FA';
      }
      const refused = refusedLoginMessage(answer);
      setError(refused.message);
      return refused.captchaFailed ? 'captchaFailed' : 'failed';
    } catch (err) {
      const thrown = thrownLoginMessage(err);
      setError(thrown.message);
      return thrown.captchaFailed ? 'captchaFailed' : 'failed';
    }
  }, []);

  const logout = useCallback(async () => {
    try {
      await postLogout();
    } catch {
      // The reload happens whatever the server said: the session cookie is the
      // server's to end, and a failed call must not leave the operator stuck signed in on screen.
    } finally {
      setUser(null);
      reloadPage();
    }
  }, []);

  const dashboardMounted = useCallback(() => {
    dashboardShown.current = true;
    return () => {
      dashboardShown.current = false;
    };
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      isAuthenticated: user !== null,
      isLoading,
      error,
      login,
      logout,
      checkAuth,
      updateUser: setUser,
      setError,
      dashboardMounted,
    }),
    [user, isLoading, error, login, logout, checkAuth, dashboardMounted],
  );

  return (
    <AuthContext.Provider value={value}>
      {children}
      {/* Keyed by the user: a new sign-in starts from its own session's times. */}
      {user && <IdleWarning key={user.id} initial={sessionClock} onSignOut={() => void logout()} />}
    </AuthContext.Provider>
  );
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/** The signed-in user; only for views that render after sign-in (dashboard, tabs, profile). */
export function useCurrentUser(): AdminUser {
  const { user } = useAuth();
  if (!user) throw new Error('useCurrentUser needs a signed-in user');
  return user;
}
