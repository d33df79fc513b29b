import { CustomerApiErrorKeys } from '@vellum/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify } from 'jose';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { findSsoConfig, type SsoConfigRow } from '../manufacturer/sso-config.repo.js';
import { ssoConfigUsable } from '../manufacturer/sso-config.service.js';
import { isNetworkFailure, providerOf, providerUnreachable } from '../sso/oidc.js';

/**
 * The customer API's one check (decision 0076): an OAuth 2.0 bearer access token that the
 * manufacturer's identity provider issued (client credentials) for the CUSTOMER_API configuration.
 * A JWT checked locally: its signature against the provider's key set (the `jwks_uri` of its
 * discovery document; an unknown key id reads the set again, so keys may rotate), its issuer (the
 * discovery document's), its audience (the configuration's client id), and its expiry (required;
 * 30 seconds of clock skew). Asymmetric algorithms only.
 */

const CUSTOMER_API_KIND = 'CUSTOMER_API';
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];
const CLOCK_TOLERANCE_SECONDS = 30;
const BEARER = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/;

/** The client (the token's `client_id`, `azp` or subject) a request of the customer API is made by. */
interface CustomerCaller {
  client: string;
  issuer: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    customer?: CustomerCaller;
  }
}

/** One key set per jwks_uri, kept as long as the process (jose caches its keys and re-reads them for an unknown key id). */
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/** Forgets every held key set (tests whose providers come and go on reused ports). */
export function clearKeySets(): void {
  keySets.clear();
}

function keySetOf(uri: string) {
  let set = keySets.get(uri);
  if (!set) {
    set = createRemoteJWKSet(new URL(uri), { timeoutDuration: 10_000, cooldownDuration: 30_000 });
    keySets.set(uri, set);
  }
  return set;
}

/** 401 with the challenge of RFC 6750: every refusal of a token looks the same. */
function invalidToken(reply: FastifyReply): AppError {
  reply.header('www-authenticate', 'Bearer realm="vellum-customer-api", error="invalid_token"');
  return new AppError(CustomerApiErrorKeys.invalidToken, 401);
}

async function verify(deps: Pick<Deps, 'config'>, row: SsoConfigRow, token: string): Promise<CustomerCaller | undefined> {
  const provider = await providerOf(deps, row);
  const metadata = provider.serverMetadata();
  if (!metadata.jwks_uri) throw providerUnreachable();
  try {
    const { payload } = await jwtVerify(token, keySetOf(metadata.jwks_uri), {
      issuer: metadata.issuer,
      audience: row.clientId,
      algorithms: ALGORITHMS,
      requiredClaims: ['exp'],
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
    });
    const client = [payload.client_id, payload.azp, payload.sub].find((c): c is string => typeof c === 'string') ?? '';
    return { client: client.slice(0, 255), issuer: metadata.issuer };
  } catch (err) {
    if (err instanceof joseErrors.JWKSTimeout || isNetworkFailure(err)) throw providerUnreachable();
    return undefined;
  }
}

/**
 * The onRequest hook of every customer API route (their access rule is 'public': no Vellum
 * session). Before anything of the request is validated: 403 while the CUSTOMER_API configuration
 * is not enabled, 401 without a valid bearer token, 503 when the provider does not answer.
 */
export function customerTokenCheck(deps: Pick<Deps, 'db' | 'config'>) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const row = await findSsoConfig(deps.db, CUSTOMER_API_KIND);
    if (!ssoConfigUsable(row)) throw new AppError(CustomerApiErrorKeys.notEnabled, 403);
    const token = BEARER.exec(req.headers.authorization ?? '')?.[1];
    if (!token || token.length > 16_384) throw invalidToken(reply);
    const caller = await verify(deps, row, token);
    if (!caller) throw invalidToken(reply);
    req.customer = caller;
  };
}
