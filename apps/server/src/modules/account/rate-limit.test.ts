import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../factories/organisation-factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { userRow } from './account.test-support.js';

// 3 calls per minute per address and per account
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ LOGIN_RATE_LIMIT_PER_MINUTE: '3' });
});
afterAll(() => ctx.close());

const authenticate = (username: string, remoteAddress: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/authenticate', remoteAddress, payload: { username, password: 'Wrong#Pass1' } });
const resetInit = (email: string, remoteAddress: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/account/reset-password/init',
    remoteAddress,
    headers: { 'content-type': 'text/plain' },
    payload: email,
  });

describe('rate limits of sign-in and reset requests', () => {
  it('limits sign-in attempts per address, whatever the username', async () => {
    for (let i = 0; i < 3; i++) expect((await authenticate(`rl-nobody-${i}`, '10.0.0.1')).statusCode).toBe(401);
    const res = await authenticate('rl-nobody-4', '10.0.0.1');
    expect(res.statusCode).toBe(429);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status: 429, message: 'error.http.429' });
    expect(res.headers['retry-after']).toBeDefined();
    // another address is not affected
    expect((await authenticate('rl-nobody-5', '10.0.0.2')).statusCode).toBe(401);
  });

  it('limits sign-in attempts per account, whatever the address (case-insensitive)', async () => {
    const user = await makeUser(ctx.db, { login: 'rl-a' });
    for (let i = 0; i < 3; i++) expect((await authenticate(i % 2 ? 'RL-A' : 'rl-a', `10.0.1.${i}`)).statusCode).toBe(401);
    const res = await authenticate('rl-a', '10.0.1.9');
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe('error.http.429');
    expect(res.headers['retry-after']).toBeDefined();
    // the refused attempt did not reach the password check
    expect((await userRow(ctx, user.id)).failedAttempts).toBe(3);
  });

  it('limits reset requests per address and per e-mail, with counters apart from sign-in', async () => {
    for (let i = 0; i < 3; i++) expect((await resetInit(`rl-${i}@example.com`, '10.0.2.1')).statusCode).toBe(200);
    expect((await resetInit('rl-9@example.com', '10.0.2.1')).statusCode).toBe(429);
    // sign-in from that address still has its own allowance
    expect((await authenticate('rl-other', '10.0.2.1')).statusCode).toBe(401);

    for (let i = 0; i < 3; i++) expect((await resetInit('rl-same@example.com', `10.0.3.${i}`)).statusCode).toBe(200);
    const res = await resetInit('RL-same@example.com', '10.0.3.9');
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe('error.http.429');
  });
});
