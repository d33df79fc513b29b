import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import Provider from 'oidc-provider';

/** Helpers of the single sign-on tests (not a test file itself): a real OpenID provider on a random port. */

export const CLIENT_ID = 'vellum-admin';
export const CLIENT_SECRET = 'a-client-secret-of-the-test-provider';

type Claims = Record<string, unknown>;
interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

async function signingKey(kid: string): Promise<SigningKey & { privateJwk: JWK }> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
  return { kid, privateKey, privateJwk, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
}

/**
 * An oidc-provider (dev interactions: any login, the login is the e-mail; `unverified:` before it:
 * the e-mail is not verified) behind a small front server that is the issuer. The front server
 * forwards every request, and lets a test rewrite the id token of the token response (re-signed
 * with a key of its choice) or the published key set: wrong audience, expired, another key, rotation.
 */
export interface TestProvider {
  issuer: string;
  /** Rewrites the next token responses' id tokens: the claims changed, signed with `key` (the provider's own by default). */
  rewriteIdToken(change: ((claims: Claims) => Claims) | null, key?: SigningKey): void;
  /** Publishes these keys instead of the provider's. */
  publishKeys(keys: JWK[] | null): void;
  providerKey: SigningKey;
  newKey(kid: string): Promise<SigningKey>;
  /** Stops answering (connections refused) until started again. */
  stop(): Promise<void>;
  close(): Promise<void>;
}

export async function startTestProvider(redirectUri: string): Promise<TestProvider> {
  const front = createServer();
  await new Promise<void>((r) => front.listen(0, '127.0.0.1', r));
  const port = (front.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}`;
  const key = await signingKey('provider-key-1');
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [redirectUri],
        // the code flow, and the implicit flow's id token (IMPLICIT_FLOW)
        grant_types: ['authorization_code', 'implicit'],
        response_types: ['code', 'id_token'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [key.privateJwk] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    scopes: ['openid', 'email', 'profile'],
    pkce: { required: () => true },
    // a test moves the clock a minute on (key rotation) between the code and its exchange
    ttl: { AuthorizationCode: 600 },
    cookies: { keys: ['test-cookie-key-0123456789'] },
    async findAccount(_ctx, id) {
      const unverified = id.startsWith('unverified:');
      const email = unverified ? id.slice('unverified:'.length) : id;
      return { accountId: id, claims: async () => ({ sub: id, email, email_verified: !unverified, name: email }) };
    },
  });
  // the front server is the issuer: the provider builds its URLs from the forwarded host
  provider.proxy = true;
  // an implicit client may return to http://localhost in the tests (oidc-provider's recipe for development)
  // (Client.Schema is not in the package's types)
  const schema = (provider.Client as unknown as { Schema: { prototype: { invalidate(message: string, code?: string): void } } }).Schema;
  const { invalidate } = schema.prototype;
  schema.prototype.invalidate = function allowLocalImplicit(message: string, code?: string) {
    if (code === 'implicit-force-https' || code === 'implicit-forbid-localhost') return;
    invalidate.call(this, message, code);
  };
  const inner = createServer(provider.callback());
  await new Promise<void>((r) => inner.listen(0, '127.0.0.1', r));
  const innerPort = (inner.address() as AddressInfo).port;

  let rewrite: { change: (c: Claims) => Claims; key: SigningKey } | null = null;
  let published: JWK[] | null = null;

  front.on('request', async (req, res) => {
    try {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
      headers.set('x-forwarded-host', `127.0.0.1:${port}`);
      headers.set('x-forwarded-proto', 'http');
      const answer = await fetch(`http://127.0.0.1:${innerPort}${req.url}`, {
        method: req.method,
        headers,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
        redirect: 'manual',
      });
      let body = Buffer.from(await answer.arrayBuffer());
      const path = new URL(req.url ?? '/', issuer).pathname;
      if (path === '/jwks' && published) body = Buffer.from(JSON.stringify({ keys: published }));
      if (path === '/token' && rewrite && answer.ok) {
        const json = JSON.parse(body.toString());
        const claims = rewrite.change(decodeJwt(json.id_token));
        json.id_token = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: rewrite.key.kid }).sign(rewrite.key.privateKey);
        body = Buffer.from(JSON.stringify(json));
      }
      const out: Record<string, string | string[]> = {};
      answer.headers.forEach((v, k) => {
        if (k !== 'set-cookie' && k !== 'content-length' && k !== 'content-encoding' && k !== 'transfer-encoding') out[k] = v;
      });
      const cookies = answer.headers.getSetCookie();
      if (cookies.length) out['set-cookie'] = cookies;
      res.writeHead(answer.status, out).end(body);
    } catch (err) {
      res.writeHead(502).end(String(err));
    }
  });

  const closeServer = (s: Server) => new Promise<void>((r) => s.close(() => r()));
  return {
    issuer,
    providerKey: key,
    newKey: signingKey,
    rewriteIdToken(change, signWith = key) {
      rewrite = change ? { change, key: signWith } : null;
    },
    publishKeys(keys) {
      published = keys;
    },
    async stop() {
      front.closeAllConnections();
      await closeServer(front);
    },
    async close() {
      front.closeAllConnections();
      inner.closeAllConnections();
      await Promise.all([front.listening ? closeServer(front) : Promise.resolve(), closeServer(inner)]);
    },
  };
}

/**
 * The browser's part: follows the provider's redirects from the authorization URL, signs in as
 * `login` on its login page and confirms the consent page, until the provider sends the browser to
 * the callback; answers the callback's query (code, state, iss) and fragment (id_token, state).
 */
export async function signInAtProvider(authorizationUrl: string, login: string, callbackPrefix: string): Promise<URLSearchParams> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  let url = authorizationUrl;
  let method = 'GET';
  let body: string | undefined;
  for (let step = 0; step < 20; step++) {
    if (url.startsWith(callbackPrefix)) {
      const back = new URL(url);
      return new URLSearchParams([...back.searchParams, ...new URLSearchParams(back.hash.slice(1))]);
    }
    const res = await fetch(url, {
      method,
      body,
      redirect: 'manual',
      headers: { cookie: cookieHeader(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (pair && at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url).toString();
      method = 'GET';
      body = undefined;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`the provider answered ${res.status} without a form: ${html.slice(0, 300)}`);
    url = new URL(action.replace(/&amp;/g, '&'), url).toString();
    method = 'POST';
    body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt }).toString();
  }
  throw new Error('the provider never sent the browser back');
}
