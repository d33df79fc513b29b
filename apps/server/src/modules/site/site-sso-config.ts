import type { DbOrTx } from '../../db/client.js';
import { findSsoConfig, type SsoConfigRow } from '../manufacturer/sso-config.repo.js';
import { ssoConfigUsable } from '../manufacturer/sso-config.service.js';

/** The configuration that signs visitors of the public website in (decision 0075). */
const PUBLIC_SSO_KIND = 'PUBLIC';

/** The PUBLIC configuration when it can sign visitors in (enabled, with a domain and a client id); undefined otherwise. */
export async function publicSsoConfig(db: DbOrTx): Promise<SsoConfigRow | undefined> {
  const row = await findSsoConfig(db, PUBLIC_SSO_KIND);
  return ssoConfigUsable(row) ? row : undefined;
}

/** The provider's name on the site's "Sign in with …" link: the host of its issuer URL. */
export function providerName(row: SsoConfigRow): string {
  try {
    return new URL(row.domain).host;
  } catch {
    return row.domain;
  }
}
