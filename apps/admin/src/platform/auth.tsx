import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Account, Authorization } from '@vellum/contract';
import { ErrorKeys, GLOBAL_BUSINESS_UNIT_ID } from '@vellum/contract';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api/call';
import { ApiError, setUnauthorizedListener } from '../api/client';
import { isAccountCall, isSignInCall, sessionEndKey } from '../api/errors';
import { firstLoadRoutes } from '../api/firstLoadRoutes';
import { clearToken, type DemoInfo, getDemo, getToken, restoreOriginal, storeDemo, storeToken } from '../api/session';

export interface AuthState {
  token: string | null;
  /** 'loading' while the account and rights of a held token are being read. */
  status: 'anonymous' | 'loading' | 'authenticated';
  account?: Account;
  authorization?: Authorization;
  /** Whether the user holds a right in a business unit (default: the global unit 0). */
  hasRight(right: string, businessUnitId?: number): boolean;
  /** Whether the user holds a right in any business unit. */
  hasRightAnywhere(right: string): boolean;
  signIn(token: string, rememberMe: boolean): void;
  /** Forgets the session locally (the server-side logout is the caller's). */
  signOut(): void;
  /** Whom demo mode views the admin as; null outside demo mode (spec 001 §4). */
  demo: DemoInfo | null;
  /** Keeps the original token, switches to the demo token and reloads the admin. */
  startDemo(demoToken: string, info: DemoInfo): void;
  /** Ends the demo on the server (best effort), restores the original token and reloads the admin. */
  exitDemo(): Promise<void>;
}

/** Reloads the admin at its home page (demo mode switches whole sessions, spec 001 §4). */
export const reloadHome = () => window.location.assign('/');

const AuthContext = createContext<AuthState | null>(null);

/** The one notification that says why a session ended (several calls may fail at once). */
const SESSION_NOTICE_ID = 'session-ended';

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const [token, setToken] = useState<string | null>(getToken);
  const account = useQuery({
    queryKey: ['account', token],
    queryFn: async () => (await call(firstLoadRoutes.account)).data,
    enabled: !!token,
    retry: false,
    staleTime: 60_000,
    meta: { silentError: true },
  });
  const authorization = useQuery({
    queryKey: ['authorization', token],
    queryFn: async () => (await call(firstLoadRoutes.authorization)).data,
    enabled: !!token,
    retry: false,
    staleTime: 60_000,
    meta: { silentError: true },
  });

  const signIn = useCallback((t: string, rememberMe: boolean) => {
    storeToken(t, rememberMe);
    setToken(t);
  }, []);
  const signOut = useCallback(() => {
    clearToken();
    setToken(null);
    // forget the user's data; queries still on screen start afresh (removing them would leave them pending)
    void queryClient.resetQueries();
  }, [queryClient]);

  // a 401 ends the session (document 000 section 4); account and sign-in calls handle theirs themselves
  useEffect(() => {
    setUnauthorizedListener((err, sentToken) => {
      // answers to calls made with an earlier token (already signed out, or signed in anew) change nothing
      if (!sentToken || sentToken !== getToken() || isSignInCall(err) || isAccountCall(err)) return;
      signOut();
      const key = sessionEndKey(err);
      if (key) notifications.show({ id: SESSION_NOTICE_ID, color: 'orange', message: t(key) });
    });
    return () => setUnauthorizedListener(() => {});
  }, [signOut, t]);

  // a held token the server no longer accepts for the account is forgotten, without a message
  const accountRejected = account.error instanceof ApiError && account.error.status === 401;
  useEffect(() => {
    if (accountRejected) signOut();
  }, [accountRejected, signOut]);

  // technical accounts may only use the API (document 000 section 6)
  const technical = account.data?.technicalAccount === true;
  useEffect(() => {
    if (!technical) return;
    const held = getToken();
    signOut();
    void call(firstLoadRoutes.logout, {}, { token: held }).catch(() => undefined);
    notifications.show({ id: SESSION_NOTICE_ID, color: 'red', message: t(ErrorKeys.technicalAccount) });
  }, [technical, signOut, t]);

  const startDemo = useCallback((demoToken: string, info: DemoInfo) => {
    storeDemo(demoToken, info);
    reloadHome();
  }, []);
  const exitDemo = useCallback(async () => {
    const held = getToken();
    // demo errors are only logged (spec 001 §4): the original session comes back whatever the answer
    await call(firstLoadRoutes.endDemo, {}, { token: held }).catch((e: unknown) => console.warn('demo exit', e));
    restoreOriginal();
    reloadHome();
  }, []);

  const value = useMemo<AuthState>(() => {
    const authz = authorization.data;
    const general = new Set(authz?.general ?? []);
    const byUnit = new Map((authz?.businessUnits ?? []).map((u) => [u.businessUnitId, new Set(u.rights)]));
    const failed = account.isError || authorization.isError || technical;
    return {
      token,
      status: !token || failed ? 'anonymous' : account.data && authz ? 'authenticated' : 'loading',
      account: account.data,
      authorization: authz,
      hasRight: (right, unit = GLOBAL_BUSINESS_UNIT_ID) => general.has(right) || (byUnit.get(unit)?.has(right) ?? false),
      hasRightAnywhere: (right) => general.has(right) || [...byUnit.values()].some((s) => s.has(right)),
      signIn,
      signOut,
      // read with the token: demo mode is on while an original token or the demo flag is stored
      demo: token ? getDemo() : null,
      startDemo,
      exitDemo,
    };
  }, [token, account.data, account.isError, authorization.data, authorization.isError, technical, signIn, signOut, startDemo, exitDemo]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}
