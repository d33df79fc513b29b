import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import Provider from 'oidc-provider';

/**
 * Helpers of the customer API tests (not a test file itself): a real OpenID provider on a random
 * port that issues JWT access tokens by client credentials for the customer API's audience, and
 * tokens signed by hand (its own key, or another under the same key id) for the refusals.
 */

/** The CUSTOMER_API configuration's client id: the audience the provider issues the tokens for. */
export const API_AUDIENCE = 'vellum-customer-api';
export const SYSTEM_CLIENT_ID = 'customer-erp';
export const SYSTEM_CLIENT_SECRET = 'a-client-secret-of-the-customer-system';
const RESOURCE = 'https://vellum.example/api/public/v1';
const KID = 'customer-key-1';

async function signingKey() {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { privateKey, privateJwk: { ...(await exportJWK(privateKey)), kid: KID, alg: 'RS256', use: 'sig' } };
}

export interface CustomerProvider {
  issuer: string;
  /** An access token by the client credentials grant, as the customer's system gets one. */
  clientCredentialsToken(): Promise<string>;
  /** A token signed with the provider's key (or another key under the same key id), with these claims over valid ones. */
  signToken(claims?: JWTPayload, otherKey?: boolean): Promise<string>;
  close(): Promise<void>;
}

export async function startCustomerProvider(): Promise<CustomerProvider> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const key = await signingKey();
  const other = await signingKey();
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: SYSTEM_CLIENT_ID,
        client_secret: SYSTEM_CLIENT_SECRET,
        grant_types: ['client_credentials'],
        response_types: [],
        redirect_uris: [],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [key.privateJwk] },
    features: {
      clientCredentials: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => RESOURCE,
        getResourceServerInfo: () => ({
          scope: 'read',
          audience: API_AUDIENCE,
          accessTokenTTL: 300,
          accessTokenFormat: 'jwt',
          jwt: { sign: { alg: 'RS256' } },
        }),
      },
    },
    cookies: { keys: ['customer-test-cookie-key-0123'] },
  });
  server.on('request', provider.callback());

  return {
    issuer,
    async clientCredentialsToken() {
      const res = await fetch(`${issuer}/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${SYSTEM_CLIENT_ID}:${SYSTEM_CLIENT_SECRET}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'read' }).toString(),
      });
      const json = (await res.json()) as { access_token?: string };
      if (!res.ok || !json.access_token) throw new Error(`the provider answered ${res.status}: ${JSON.stringify(json)}`);
      return json.access_token;
    },
    async signToken(claims = {}, otherKey = false) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ iss: issuer, aud: API_AUDIENCE, client_id: SYSTEM_CLIENT_ID, iat: now, exp: now + 300, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: KID, typ: 'at+jwt' })
        .sign((otherKey ? other : key).privateKey);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
