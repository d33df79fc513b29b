import type { AccessRight } from '@vellum/contract';
import type { AuthState } from '../platform/auth';

/**
 * The user `useAuth()` answers in page tests. A test file mocks the module with
 * `vi.mock('../../platform/auth', () => ({ useAuth: () => auth.current }))` and picks the user with
 * `signedInWith`.
 */
export const auth: { current: Partial<AuthState> } = { current: {} };

/**
 * Signs in a user holding `rights` in business unit `unit` (a list), or the rights of each unit
 * (`{ 0: [...global], 3: [...] }`). Returns the state it set, for tests that keep their own holder.
 */
export function signedInWith(rights: readonly AccessRight[] | Record<number, readonly AccessRight[]>, unit = 1): Partial<AuthState> {
  const byUnit: Record<number, readonly string[]> = Array.isArray(rights)
    ? { [unit]: rights }
    : (rights as Record<number, readonly string[]>);
  auth.current = {
    status: 'authenticated',
    hasRight: (right: string, u = 0) => byUnit[u]?.includes(right) ?? false,
    hasRightAnywhere: (right: string) => Object.values(byUnit).some((r) => r.includes(right)),
  };
  return auth.current;
}
