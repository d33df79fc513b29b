import { createHash } from 'node:crypto';
import { SsoErrorKeys } from '@vellum/contract';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { findManufacturer } from '../manufacturer/manufacturer.repo.js';
import { findSsoConfig } from '../manufacturer/sso-config.repo.js';
import { ADMIN_SSO_KIND, ssoConfigUsable } from '../manufacturer/sso-config.service.js';

/** What both SSO flows share: the started sign-in's lifetime, the callback, the configuration and the refusal. */

/** How long a started sign-in waits for the provider to send the browser back. */
export const LOGIN_REQUEST_TTL_MS = 10 * 60 * 1000;
export const SCOPE = 'openid email profile';

export const hashState = (state: string) => createHash('sha256').update(state).digest('base64url');
export const callbackUrl = (deps: Pick<Deps, 'config'>) => `${deps.config.publicUrl}/login/callback`;

/** The ADMIN configuration when the mechanism of that sign-in (`/admin-login` or `/login`) is `mechanism`; refused otherwise. */
export async function flowConfig(deps: Pick<Deps, 'db'>, admin: boolean, mechanism: 'AUTHORIZATION_CODE_FLOW' | 'IMPLICIT_FLOW') {
  const settings = await findManufacturer(deps.db);
  const chosen = admin ? settings?.authenticationMechanismAdmin : settings?.authenticationMechanism;
  const row = await findSsoConfig(deps.db, ADMIN_SSO_KIND);
  if (chosen !== mechanism || !ssoConfigUsable(row)) throw new AppError(SsoErrorKeys.notEnabled, 400);
  return row;
}

/** A refused sign-in: one answer ('SSO Login Failed'), its reason and details in the audit row. */
export class SsoRefusal extends Error {
  constructor(
    readonly reason: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(reason);
  }
}

/** What the audit row says of a failed check: the innermost error's code and message, the claim or the provider's error. */
export function refusalDetails(err: unknown): Record<string, string> {
  const details: Record<string, string> = {};
  for (let e = err as Record<string, unknown> | undefined, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if (typeof e.code === 'string') details.code = e.code;
    if (typeof e.message === 'string') details.check = e.message.slice(0, 200);
    if (typeof e.claim === 'string') details.claim = e.claim;
    if (typeof e.error === 'string') details.providerError = e.error.slice(0, 100);
    e = e.cause as Record<string, unknown> | undefined;
  }
  return details;
}
