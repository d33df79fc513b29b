import { ErrorKeys } from '@vellum/contract';
import { ApiError } from '../../api/client';
import { errorKey } from '../../api/errors';

export type SignInFailure = 'authentication' | 'locked' | 'expired' | 'ssoOnly';

/**
 * What a failed sign-in means for the form, recognised by key or by the titles the specification
 * names; undefined for errors the global handler announces (unreachable, rate limit, server error).
 */
export function signInFailure(err: unknown): SignInFailure | undefined {
  if (!(err instanceof ApiError) || err.status === 0 || err.status === 429 || err.status >= 500) return undefined;
  const key = errorKey(err);
  const title = err.problem?.title;
  if (key === ErrorKeys.accountLocked || title === 'User account is locked') return 'locked';
  if (key === ErrorKeys.credentialsExpired || title === 'User credentials have expired') return 'expired';
  if (key === ErrorKeys.ssoOnly) return 'ssoOnly';
  if (err.status === 400 || err.status === 401 || err.status === 403) return 'authentication';
  return undefined;
}
