import { ErrorKeys, type Problem } from '@vellum/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { signInFailure } from './signInFailure';

const failure = (status: number, message?: string, title = 'Unauthorized') =>
  new ApiError(
    status,
    message ? ({ type: 'about:blank', title, status, message } as Problem) : undefined,
    new Headers(),
    '/api/authenticate',
  );

describe('signInFailure', () => {
  it('recognises the three sign-in failures by key', () => {
    expect(signInFailure(failure(401, ErrorKeys.authenticationFailed))).toBe('authentication');
    expect(signInFailure(failure(401, ErrorKeys.accountLocked))).toBe('locked');
    expect(signInFailure(failure(401, ErrorKeys.credentialsExpired))).toBe('expired');
  });

  it('recognises the refusal of an SSO-only account', () => {
    expect(signInFailure(failure(401, ErrorKeys.ssoOnly))).toBe('ssoOnly');
  });

  it('recognises them by the specification titles too', () => {
    expect(signInFailure(failure(401, 'x', 'User account is locked'))).toBe('locked');
    expect(signInFailure(failure(401, 'x', 'User credentials have expired'))).toBe('expired');
  });

  it('leaves unreachable server, rate limit and server errors to the global handler', () => {
    expect(signInFailure(new ApiError(0, undefined, undefined, '/api/authenticate'))).toBeUndefined();
    expect(signInFailure(failure(429, ErrorKeys.tooManyRequests))).toBeUndefined();
    expect(signInFailure(failure(500, ErrorKeys.internal))).toBeUndefined();
    expect(signInFailure(new Error('boom'))).toBeUndefined();
  });
});
