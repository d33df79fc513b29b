import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';

/*
 * A server that has begun to stop (decision 0068; the stop of the process itself is in shutdown.test.ts):
 * what still arrives on a connection already open is served with Connection: close, and its
 * readiness says 503 so that a proxy sends elsewhere.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function opened(port: number): Promise<Socket & { answer: () => string }> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let answer = '';
  socket.on('data', (c) => (answer += c));
  return Object.assign(socket, { answer: () => answer });
}

describe('a server that is stopping', () => {
  it('answers 503 draining on /management/ready and serves the requests already under way', async () => {
    const before = await ctx.app.inject({ method: 'GET', url: '/management/ready' });
    expect(before.json().draining).toBeUndefined();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as { port: number };
    // two requests under way: a sign-in whose body is half sent, a readiness probe whose headers are
    const body = JSON.stringify({ username: 'nobody-draining', password: 'Wrong#Pass1' });
    const signIn = await opened(port);
    signIn.write(`POST /api/authenticate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
    signIn.write(body.slice(0, 10));
    const probe = await opened(port);
    probe.write('GET /management/ready HTTP/1.1\r\nHost: x\r\n');
    await sleep(100);

    const closing = ctx.app.close();
    await sleep(100);
    expect(ctx.app.draining).toBe(true);
    probe.write('\r\n');
    signIn.write(body.slice(10));
    await Promise.all([once(probe, 'close'), once(signIn, 'close')]);
    await closing;

    expect(probe.answer()).toMatch(/^HTTP\/1\.1 503 /);
    expect(probe.answer()).toMatch(/connection: close/i);
    expect(probe.answer()).toContain('"draining":true');
    expect(probe.answer()).toContain('"status":"DOWN"');
    // the sign-in under way was answered as usual (a wrong password), not refused
    expect(signIn.answer()).toMatch(/^HTTP\/1\.1 401 /);
    expect(signIn.answer()).toMatch(/connection: close/i);
  });
});
