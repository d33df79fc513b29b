import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

export interface TokenClaims {
  userId: number;
  sessionId: string;
}

export type TokenCheck = { ok: true; claims: TokenClaims } | { ok: false; reason: 'expired' | 'invalid' };

/** How many verified tokens are remembered; a full memory is emptied and refilled by the next calls. */
const VERIFIED_MAX = 10_000;

/** HS256 tokens that name a server-side session; the session decides whether the token still counts. */
export class TokenService {
  private readonly key: Uint8Array;
  /**
   * Tokens whose signature and claims were checked, with their expiry (ms). The exact token
   * string is the key: a token that verified once verifies again until it expires, so a repeat
   * call skips the HMAC and the JSON parsing. Whether the session still counts is not cached
   * here (that is the access cache's job, emptied by NOTIFY).
   */
  private readonly verified = new Map<string, { claims: TokenClaims; expiresAt: number }>();

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: TokenClaims, expiresAt: Date): Promise<string> {
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .setIssuer('vellum')
      .sign(this.key);
  }

  /**
   * A short-lived token for one purpose other than the API (its audience), naming a session and
   * carrying a few claims; `verifyFor` accepts it only for that purpose, so it never works as a
   * bearer token and a bearer token never works as it. Each carries its own id (`jti`), so a
   * purpose that may be used once can record it.
   */
  signFor(purpose: string, session: TokenClaims, claims: Record<string, number | string | null>, expiresAt: Date): Promise<string> {
    return new SignJWT({ ...claims, sid: session.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(session.userId))
      .setAudience(purpose)
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .setIssuer('vellum')
      .sign(this.key);
  }

  /** The session and claims of a token signed for `purpose`; null when it is not one, or expired. */
  async verifyFor(
    purpose: string,
    token: string,
  ): Promise<{ session: TokenClaims; claims: Record<string, unknown>; expiresAt: Date } | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: 'vellum', audience: purpose, algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') return null;
      return { session: { userId, sessionId: payload.sid }, claims: payload, expiresAt: new Date(payload.exp * 1000) };
    } catch {
      return null;
    }
  }

  async verify(token: string): Promise<TokenCheck> {
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAt > Date.now()) return { ok: true, claims: known.claims };
      this.verified.delete(token);
      return { ok: false, reason: 'expired' };
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: 'vellum', algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      // a token signed for another purpose (signFor) is never a bearer token
      if (!Number.isInteger(userId) || typeof payload.sid !== 'string' || typeof payload.exp !== 'number' || payload.aud !== undefined) {
        return { ok: false, reason: 'invalid' };
      }
      const claims = { userId, sessionId: payload.sid };
      if (this.verified.size >= VERIFIED_MAX) this.verified.clear();
      this.verified.set(token, { claims, expiresAt: payload.exp * 1000 });
      return { ok: true, claims };
    } catch (err) {
      return { ok: false, reason: err instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  }
}
