import { SsoErrorKeys } from '@vellum/contract';
import * as client from 'openid-client';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import type { SsoConfigRow } from '../manufacturer/sso-config.repo.js';
import { clientSecretOf } from '../manufacturer/sso-config.service.js';

/** How long a provider may take to answer one request. */
const PROVIDER_TIMEOUT_SECONDS = 10;
/** How long a discovery document (and with it the JWKS cache) is kept before it is read again. */
const DISCOVERY_TTL_MS = 60 * 60 * 1000;

const cache = new Map<string, { config: client.Configuration; at: number }>();

/** The provider did not answer, or not as an OpenID provider: a clear message, password sign-in unaffected. */
export const providerUnreachable = () => new AppError(SsoErrorKeys.providerUnreachable, 503);

/** Whether an error of openid-client is the network failing (rather than an answer that failed a check). */
export function isNetworkFailure(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { name, message, code } = e as { name?: string; message?: string; code?: string };
    if (name === 'AbortError' || name === 'TimeoutError') return true;
    if (code && /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|UND_ERR_)/.test(code)) return true;
    if (name === 'TypeError' && message === 'fetch failed') return true;
  }
  return false;
}

/**
 * The openid-client configuration of an SSO configuration: discovery once an hour, the id token's
 * signature checked against the provider's JWKS (cached by openid-client, read again for a key id
 * it does not know: key rotation). Plain http only for a loopback provider (the configuration's
 * rule). The implicit flow has a configuration of its own (openid-client binds one response type to it).
 * `fresh` reads the discovery document again whatever the cache holds (a test sign-in checks the provider as it is now).
 */
export async function providerOf(
  deps: Pick<Deps, 'config'>,
  row: SsoConfigRow,
  flow: 'code' | 'implicit' = 'code',
  fresh = false,
): Promise<client.Configuration> {
  const key = `${flow}\n${row.domain}\n${row.clientId}\n${row.clientSecretEncrypted ?? ''}`;
  const known = cache.get(key);
  if (known && !fresh && Date.now() - known.at < DISCOVERY_TTL_MS) return known.config;
  const secret = clientSecretOf(deps, row);
  const execute = [client.enableNonRepudiationChecks, ...(row.domain.startsWith('http:') ? [client.allowInsecureRequests] : [])];
  let config: client.Configuration;
  try {
    config = await client.discovery(
      new URL(row.domain),
      row.clientId,
      secret ?? undefined,
      secret ? client.ClientSecretBasic(secret) : client.None(),
      {
        execute,
        timeout: PROVIDER_TIMEOUT_SECONDS,
      },
    );
  } catch {
    throw providerUnreachable();
  }
  config.timeout = PROVIDER_TIMEOUT_SECONDS;
  // the implicit flow's configuration answers only `response_type=id_token` (decision 0074)
  if (flow === 'implicit') client.useIdTokenResponseType(config);
  cache.set(key, { config, at: Date.now() });
  return config;
}

/**
 * The code flow's answer exchanged at the provider (openid-client checks state, PKCE, the id token's
 * signature, issuer, audience, expiry and nonce): the id token's claims, with the e-mail from the
 * userinfo endpoint (for the same subject) when the provider keeps it out of the id token; undefined
 * when no id token came. Each caller maps the errors to its own refusal.
 */
export async function exchangeCode(
  provider: client.Configuration,
  current: URL,
  checks: { verifier: string; state: string; nonce: string },
): Promise<Record<string, unknown> | undefined> {
  const tokens = await client.authorizationCodeGrant(provider, current, {
    pkceCodeVerifier: checks.verifier,
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims || typeof claims.email === 'string' || !tokens.access_token) return claims;
  const info = await client.fetchUserInfo(provider, tokens.access_token, claims.sub);
  return { ...claims, email: info.email, email_verified: info.email_verified };
}
