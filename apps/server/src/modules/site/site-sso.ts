import { createHmac } from 'node:crypto';
import { emailSchema } from '@vellum/contract';
import { AccessRequestPage, renderHtml, siteUrls } from '@vellum/site-views';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import * as client from 'openid-client';
import { createElement } from 'react';
import { AppError } from '../../platform/errors.js';
import type { SsoConfigRow } from '../manufacturer/sso-config.repo.js';
import { exchangeCode, isNetworkFailure, providerOf } from '../sso/oidc.js';
import { ACCESS_SECONDS, accessCookie, fresh, safeBack, signAccess, ssoLinkOf } from './site-access.js';
import { type LoadedSite, pageLanguage, textsOf, unitView } from './site-context.js';
import { readCookie, seeOther, sendPage, text } from './site-http.js';
import { siteLimit } from './site-limits.js';
import { type SiteMode, siteAnswers } from './site-mode.js';
import { publicSsoConfig } from './site-sso-config.js';

/**
 * Restricted documents through the manufacturer's identity provider (issue 23, decision 0075):
 * beside the e-mail link, a visitor follows "Sign in with …" (a plain link, no script), signs in at
 * the provider of the PUBLIC configuration (authorization code with PKCE, state and nonce), and a
 * verified e-mail it vouches for is remembered exactly as a used e-mail link remembers it (the
 * same cookie, the same 12 hours). The state, nonce and code verifier travel in a short-lived
 * signed cookie of this browser only, so an answer of the provider is accepted only in the browser
 * that started the sign-in. Every refusal answers the same page; the reason goes to the log only.
 */

const FLOW_COOKIE = 'site_sso';
const FLOW_PURPOSE = 'site-sso';
/** How long a started sign-in waits for the provider to send the browser back. */
const FLOW_SECONDS = 10 * 60;
/** Sign-ins started per client address in FLOW_SECONDS. */
const STARTS_PER_CLIENT = 20;
const SCOPE = 'openid email';

type Params = Record<string, string>;

interface Flow {
  state: string;
  nonce: string;
  verifier: string;
  unit: number;
  version: number;
  back: string;
  language: string;
}

const keyOf = (secret: string) => createHmac('sha256', secret).update(FLOW_PURPOSE).digest();

async function signFlow(secret: string, flow: Flow, now: Date): Promise<string> {
  const at = Math.floor(now.getTime() / 1000);
  return new SignJWT({ ...flow })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(FLOW_PURPOSE)
    .setIssuer('vellum')
    .setIssuedAt(at)
    .setExpirationTime(at + FLOW_SECONDS)
    .sign(keyOf(secret));
}

async function verifyFlow(secret: string, token: string): Promise<Flow | undefined> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { issuer: 'vellum', audience: FLOW_PURPOSE, algorithms: ['HS256'] });
    const { state, nonce, verifier, unit, version, back, language } = payload as Partial<Flow>;
    if (typeof state !== 'string' || typeof nonce !== 'string' || typeof verifier !== 'string') return undefined;
    if (typeof unit !== 'number' || typeof version !== 'number' || typeof back !== 'string' || typeof language !== 'string')
      return undefined;
    return { state, nonce, verifier, unit, version, back, language };
  } catch {
    return undefined;
  }
}

/** Where the provider sends the browser back: one URL per unit, to register at the provider. */
const callbackOf = (publicUrl: string, s: LoadedSite) => `${publicUrl}${siteUrls.accessSsoCallback(s.root)}`;

function flowCookie(req: FastifyRequest, s: LoadedSite, value: string, maxAge: number): string {
  const secure = req.protocol === 'https' ? '; Secure' : '';
  // Lax: the provider sends the browser back by a top-level GET, which carries it
  return `${FLOW_COOKIE}=${encodeURIComponent(value)}; Path=${s.root}/_access/_sso; Max-Age=${maxAge}; SameSite=Lax; HttpOnly${secure}`;
}

class Refusal extends Error {}

/** What the provider vouches for after every check (openid-client: state, PKCE, the id token's signature, issuer, audience, expiry, nonce). */
async function verifiedEmail(app: FastifyInstance, req: FastifyRequest, s: LoadedSite, flow: Flow, row: SsoConfigRow): Promise<string> {
  const provider = await providerOf(app.deps, row);
  const current = new URL(callbackOf(app.deps.config.publicUrl, s));
  current.search = new URL(req.url, 'http://site.invalid').search;
  let claims: Record<string, unknown>;
  try {
    const exchanged = await exchangeCode(provider, current, flow);
    if (!exchanged) throw new Refusal('noIdToken');
    claims = exchanged;
  } catch (err) {
    if (err instanceof Refusal) throw err;
    if (isNetworkFailure(err)) throw err;
    req.log.info({ err }, 'public SSO: the provider answer was refused');
    throw new Refusal('providerAnswerRefused');
  }
  if (claims.email_verified !== true) throw new Refusal('emailNotVerified');
  const email = emailSchema.safeParse(claims.email);
  if (!email.success) throw new Refusal('noEmail');
  return email.data;
}

/** The pages that start a sign-in at the provider and take its answer, on the visitors' site only. */
export function siteSsoPages(app: FastifyInstance, mode: SiteMode) {
  if (mode.prefix !== '/site') return;
  const { config } = app.deps;
  const at = mode.prefix;
  const { liveOrAnswer } = siteAnswers(mode);
  const limit = siteLimit(app, 'site-sso:client', STARTS_PER_CLIENT, { windowMs: FLOW_SECONDS * 1000 });
  const html = { config: { access: 'public' as const }, schema: { hide: true } };

  /** Headers of every answer here: for this visitor only, not indexed, no referrer (the provider's code is in the callback's URL). */
  const privately = (reply: FastifyReply) =>
    reply.header('x-robots-tag', 'noindex, nofollow').header('referrer-policy', 'no-referrer').header('vary', 'Cookie');

  /** The same page for every refusal: the sign-in failed, with the e-mail form and the link to try again. */
  async function failed(req: FastifyRequest, reply: FastifyReply, s: LoadedSite, status: number, back: string, lang: string, now: Date) {
    const language = pageLanguage(s.live.site, lang);
    const page = createElement(AccessRequestPage, {
      unit: unitView(s, language.isoCode),
      language,
      t: textsOf(s.live.site, language.isoCode),
      state: 'ssoFailed',
      backUrl: back,
      form: {
        action: siteUrls.access(s.root),
        back,
        language: language.isoCode,
        verifiedEmail: null,
        forgetAction: siteUrls.accessForget(s.root),
        sso: await ssoLinkOf(app, s, back, language.isoCode),
      },
    });
    return sendPage(req, privately(reply), status, renderHtml(page), { kind: 'none' }, now);
  }

  // "Sign in with …": a plain link; the browser is sent to the provider with a fresh state, nonce and PKCE challenge
  app.get(`${at}/:bu/_access/_sso`, html, async (req, reply) => {
    const now = new Date();
    const q = req.query as Record<string, unknown>;
    const s = await liveOrAnswer(req, reply, (req.params as Params).bu, now, text(q.language));
    if (!s) return;
    const back = safeBack(s.root, text(q.back));
    const language = pageLanguage(s.live.site, text(q.language)).isoCode;
    const row = await publicSsoConfig(app.deps.db);
    if (!row) return failed(req, reply, s, 404, back, language, now);
    const limited = await limit(req);
    if (!limited.allowed) return failed(req, reply.header('retry-after', String(limited.retryAfter)), s, 429, back, language, now);
    let provider: client.Configuration;
    try {
      provider = await providerOf(app.deps, row);
    } catch {
      return failed(req, reply, s, 503, back, language, now);
    }
    const flow: Flow = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      verifier: client.randomPKCECodeVerifier(),
      unit: s.live.site.unit.id,
      version: row.version,
      back,
      language,
    };
    const url = client.buildAuthorizationUrl(provider, {
      redirect_uri: callbackOf(config.publicUrl, s),
      scope: SCOPE,
      state: flow.state,
      nonce: flow.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
      code_challenge_method: 'S256',
    });
    privately(reply).header('set-cookie', flowCookie(req, s, await signFlow(config.tokenSecret, flow, now), FLOW_SECONDS));
    return seeOther(reply, url.toString(), { kind: 'none' });
  });

  // the provider's answer: taken once (the flow's cookie is cleared), in the browser that started it
  app.get(`${at}/:bu/_access/_sso/callback`, html, async (req, reply) => {
    const now = new Date();
    const q = req.query as Record<string, unknown>;
    const s = await liveOrAnswer(req, reply, (req.params as Params).bu, now);
    if (!s) return;
    const cookie = readCookie(req, FLOW_COOKIE);
    const flow = cookie ? await verifyFlow(config.tokenSecret, cookie) : undefined;
    privately(reply).header('set-cookie', flowCookie(req, s, '', 0));
    const back = flow ? safeBack(s.root, flow.back) : s.root;
    const language = flow?.language ?? pageLanguage(s.live.site, undefined).isoCode;
    const refuse = (reason: string, status = 401) => {
      req.log.info({ reason, businessUnitId: s.live.site.unit.id }, 'public SSO sign-in refused');
      return failed(req, reply, s, status, back, language, now);
    };
    if (!flow || flow.unit !== s.live.site.unit.id) return refuse('noFlow', 400);
    if (text(q.state) !== flow.state) return refuse('wrongState', 400);
    const row = await publicSsoConfig(app.deps.db);
    if (!row) return refuse('notEnabled');
    if (row.version !== flow.version) return refuse('configChanged');
    if (text(q.error)) return refuse('providerError');
    try {
      const email = await verifiedEmail(app, req, s, flow, row);
      const token = await signAccess(config.tokenSecret, s.live.site.unit.id, email, now);
      reply.header('set-cookie', [flowCookie(req, s, '', 0), accessCookie(req, s.root, token, ACCESS_SECONDS)]);
      return seeOther(reply, fresh(back, now), { kind: 'none' });
    } catch (err) {
      if (err instanceof Refusal) return refuse(err.message);
      if (isNetworkFailure(err) || (err instanceof AppError && err.status === 503)) {
        req.log.warn({ err }, 'public SSO: the provider did not answer');
        return failed(req, reply, s, 503, back, language, now);
      }
      throw err;
    }
  });
}
