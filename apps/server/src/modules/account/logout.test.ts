import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../factories/organisation-factories.js';
import { createSession } from '../../platform/session.repo.js';
import { TokenService } from '../../platform/tokens.js';
import { as, createTestContext, signIn, type TestContext, tokenFor } from '../../test/harness.js';
import { auditActions, sessionsOf, setUser } from './account.test-support.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const me = (token: string) => as(ctx.app, token)({ method: 'GET', url: '/api/account' });

describe('POST /api/logout', () => {
  it('answers 401 without a token', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: '/api/logout' })).statusCode).toBe(401);
  });

  it('revokes the current session: the same token then answers 401 token.inactive; other sessions go on', async () => {
    const user = await makeUser(ctx.db, { login: 'out-a' });
    const token = await signIn(ctx.app, 'out-a');
    const other = await signIn(ctx.app, 'out-a');
    const res = await as(ctx.app, token)({ method: 'POST', url: '/api/logout' });
    expect(res.statusCode).toBe(204);

    const after = await me(token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ message: 'error.tokenInactive', code: 'token.inactive' });
    expect((await me(other)).statusCode).toBe(200);
    expect((await sessionsOf(ctx, user.id)).filter((s) => s.revokedAt)).toHaveLength(1);
    expect(await auditActions(ctx, user.id)).toEqual(['LOGIN', 'LOGIN', 'LOGOUT']);

    // logging out again with the dead token is refused like any other call
    expect((await as(ctx.app, token)({ method: 'POST', url: '/api/logout' })).json().code).toBe('token.inactive');
  });
});

describe('tokens that no longer count', () => {
  it('an expired token answers 401 error.sessionExpired with code token.expired', async () => {
    const user = await makeUser(ctx.db);
    const sessionId = randomUUID();
    await createSession(ctx.db, { id: sessionId, userId: user.id, expiresAt: new Date(Date.now() + 60_000), rememberMe: false });
    const expired = await ctx.app.deps.tokens.sign({ userId: user.id, sessionId }, new Date(Date.now() - 60_000));
    const res = await me(expired);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: 'error.sessionExpired', code: 'token.expired' });
    expect(res.headers['x-vellum-error']).toBe('error.sessionExpired');
  });

  it('a deactivated user token answers token.inactive', async () => {
    const user = await makeUser(ctx.db);
    const token = await tokenFor(ctx, user.id);
    await setUser(ctx, user.id, { activated: false });
    expect((await me(token)).json().code).toBe('token.inactive');
  });

  it('a token signed with another secret answers 401 token.invalid', async () => {
    const user = await makeUser(ctx.db);
    const forged = await new TokenService('x'.repeat(48)).sign({ userId: user.id, sessionId: randomUUID() }, new Date(Date.now() + 60_000));
    const res = await me(forged);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('token.invalid');
  });
});
