import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { siteUnavailablePage } from '../modules/site/site-unavailable.js';
import { registerErrorHandler } from './errors.js';
import { dependencyUnavailable } from './unavailable.js';

const coded = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('dependencyUnavailable', () => {
  it('knows a refused or lost connection to the database or the storage', () => {
    expect(dependencyUnavailable(coded('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(dependencyUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(dependencyUnavailable(coded('terminating connection due to administrator command', '57P01'))).toBe(true);
    expect(dependencyUnavailable(coded('the database system is starting up', '57P03'))).toBe(true);
    expect(dependencyUnavailable(coded('connection failure', '08006'))).toBe(true);
    // wrapped by drizzle (cause), or several addresses tried (AggregateError)
    expect(dependencyUnavailable(new Error('Failed query: select 1', { cause: coded('read ECONNRESET', 'ECONNRESET') }))).toBe(true);
    expect(dependencyUnavailable(new AggregateError([coded('connect ECONNREFUSED ::1:9000', 'ECONNREFUSED')]))).toBe(true);
    expect(dependencyUnavailable(Object.assign(new Error('socket timed out'), { name: 'TimeoutError' }))).toBe(true);
  });

  it('leaves every other error to the handler', () => {
    expect(dependencyUnavailable(coded('duplicate key value', '23505'))).toBe(false);
    expect(dependencyUnavailable(coded('no such file', 'ENOENT'))).toBe(false);
    expect(dependencyUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(dependencyUnavailable(undefined)).toBe(false);
    expect(dependencyUnavailable('ECONNREFUSED')).toBe(false);
  });
});

describe('a request while the database or the storage is unavailable', () => {
  async function app() {
    const a = Fastify({ logger: false });
    registerErrorHandler(a);
    siteUnavailablePage(a);
    const down = () => {
      throw new Error('Failed query', { cause: coded('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED') });
    };
    a.get('/site/:bu', down);
    a.get('/site/:bu/files/:id/download', down);
    a.get('/api/things', down);
    a.get('/site/:bu/broken', () => {
      throw new TypeError('a bug');
    });
    await a.ready();
    return a;
  }

  it('answers the site’s own 503 page on the site, never a stack trace, not cached', async () => {
    const a = await app();
    for (const url of ['/site/demo', '/site/demo/files/3/download']) {
      const res = await a.inject({ url });
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['retry-after']).toBe('10');
      expect(res.body).toContain('Temporarily unavailable');
      expect(res.body).not.toMatch(/ECONNREFUSED|Failed query|at .*\.js/);
    }
    await a.close();
  });

  it('answers problem+json 503 on the API, and a bug stays a 500', async () => {
    const a = await app();
    const api = await a.inject({ url: '/api/things' });
    expect(api.statusCode).toBe(503);
    expect(api.headers['content-type']).toContain('application/problem+json');
    expect(api.json()).toMatchObject({ status: 503, message: 'error.http.503', title: 'Service Unavailable' });
    expect(api.body).not.toContain('ECONNREFUSED');
    expect((await a.inject({ url: '/site/demo/broken' })).statusCode).toBe(500);
    await a.close();
  });
});
