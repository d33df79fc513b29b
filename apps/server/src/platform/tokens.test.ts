import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenService } from './tokens.js';

describe('TokenService', () => {
  afterEach(() => vi.useRealTimers());

  it('verifies its own tokens, again from memory, and refuses them once expired', async () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z'), toFake: ['Date'] });
    const tokens = new TokenService('a-secret-of-enough-length-for-hs256-000');
    const token = await tokens.sign({ userId: 7, sessionId: 's-1' }, new Date('2026-01-01T01:00:00Z'));
    expect(await tokens.verify(token)).toEqual({ ok: true, claims: { userId: 7, sessionId: 's-1' } });
    expect(await tokens.verify(token)).toEqual({ ok: true, claims: { userId: 7, sessionId: 's-1' } });
    vi.setSystemTime(new Date('2026-01-01T01:00:00Z'));
    expect(await tokens.verify(token)).toEqual({ ok: false, reason: 'expired' });
    expect(await tokens.verify(token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a token signed with another key or altered, also after a good one was remembered', async () => {
    const tokens = new TokenService('a-secret-of-enough-length-for-hs256-000');
    const other = new TokenService('another-secret-of-enough-length-for-hs256');
    const expires = new Date(Date.now() + 60_000);
    const good = await tokens.sign({ userId: 1, sessionId: 's' }, expires);
    expect((await tokens.verify(good)).ok).toBe(true);
    const foreign = await other.sign({ userId: 1, sessionId: 's' }, expires);
    expect(await tokens.verify(foreign)).toEqual({ ok: false, reason: 'invalid' });
    const [h, p, sig] = good.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ sub: '2', sid: 's', iss: 'vellum', exp: 9_999_999_999 })).toString('base64url')}.${sig}`;
    expect(forged).not.toBe(good);
    expect(p).toBeTruthy();
    expect(await tokens.verify(forged)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('keeps a token signed for a purpose to that purpose: never a bearer token, nor another purpose', async () => {
    const tokens = new TokenService('a-secret-of-enough-length-for-hs256-000');
    const expires = new Date(Date.now() + 60_000);
    const scoped = await tokens.signFor('site-preview', { userId: 3, sessionId: 's-3' }, { publication: 12 }, expires);
    const found = await tokens.verifyFor('site-preview', scoped);
    expect(found?.session).toEqual({ userId: 3, sessionId: 's-3' });
    expect(found?.claims.publication).toBe(12);
    expect(await tokens.verifyFor('another-purpose', scoped)).toBeNull();
    expect(await tokens.verify(scoped)).toEqual({ ok: false, reason: 'invalid' });
    const bearer = await tokens.sign({ userId: 3, sessionId: 's-3' }, expires);
    expect(await tokens.verifyFor('site-preview', bearer)).toBeNull();
  });
});
