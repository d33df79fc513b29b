import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Account, Authorization } from '@vellum/contract';
import { GLOBAL_BUSINESS_UNIT_ID } from '@vellum/contract';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { api } from '../api/client';
import { clearToken, getToken, storeToken } from './session';

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
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [token, setToken] = useState<string | null>(getToken);
  const account = useQuery({
    queryKey: ['account', token],
    queryFn: async () => (await api<Account>('api/account')).data,
    enabled: !!token,
    retry: false,
    staleTime: 60_000,
  });
  const authorization = useQuery({
    queryKey: ['authorization', token],
    queryFn: async () => (await api<Authorization>('api/authorization')).data,
    enabled: !!token,
    retry: false,
    staleTime: 60_000,
  });

  const signIn = useCallback((t: string, rememberMe: boolean) => {
    storeToken(t, rememberMe);
    setToken(t);
  }, []);
  const signOut = useCallback(() => {
    clearToken();
    setToken(null);
    queryClient.clear();
  }, [queryClient]);

  const value = useMemo<AuthState>(() => {
    const authz = authorization.data;
    const general = new Set(authz?.general ?? []);
    const byUnit = new Map((authz?.businessUnits ?? []).map((u) => [u.businessUnitId, new Set(u.rights)]));
    const failed = account.isError || authorization.isError;
    return {
      token,
      status: !token || failed ? 'anonymous' : account.data && authz ? 'authenticated' : 'loading',
      account: account.data,
      authorization: authz,
      hasRight: (right, unit = GLOBAL_BUSINESS_UNIT_ID) => general.has(right) || (byUnit.get(unit)?.has(right) ?? false),
      hasRightAnywhere: (right) => general.has(right) || [...byUnit.values()].some((s) => s.has(right)),
      signIn,
      signOut,
    };
  }, [token, account.data, account.isError, authorization.data, authorization.isError, signIn, signOut]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}
