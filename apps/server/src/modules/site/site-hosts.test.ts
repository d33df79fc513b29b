import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSiteHosts } from '../../config.js';
import { makeProduct, makeProductType } from '../../factories/catalogue-factories.js';
import { makeBusinessUnit } from '../../factories/organisation-factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { makeInterfaceRegion, publishAsIs } from '../publishing/publish.fixtures.js';
import { siteHostUrl } from './site-hosts.js';

describe('SITE_HOSTS', () => {
  it('reads host=slug pairs and refuses anything else', () => {
    expect(parseSiteHosts(undefined).size).toBe(0);
    expect([...parseSiteHosts(' IFU.Acme.example = acme-med , ifu.other.example=other-unit ')]).toEqual([
      ['ifu.acme.example', 'acme-med'],
      ['ifu.other.example', 'other-unit'],
    ]);
    for (const bad of ['ifu.acme.example', 'ifu.acme.example=Acme', 'a=b=c', 'ifu acme=acme-med', '=acme-med']) {
      expect(() => parseSiteHosts(bad)).toThrow(/SITE_HOSTS/);
    }
  });

  it('routes a bound host to its unit’s site only', () => {
    const hosts = parseSiteHosts('ifu.acme.example=acme-med');
    const on = (url: string, host = 'IFU.acme.example:443') => siteHostUrl(hosts, host, url);
    expect(on('/')).toBe('/site/acme-med');
    expect(on('/?lang=fr')).toBe('/site/acme-med?lang=fr');
    expect(on('/be/fr/hcp/pacemakers/PM-1?lot=A1')).toBe('/site/acme-med/be/fr/hcp/pacemakers/PM-1?lot=A1');
    expect(on('/01/09506000134352/10/A1')).toBe('/site/acme-med/01/09506000134352/10/A1');
    expect(on('/site/acme-med/files/3?product=1')).toBe('/site/acme-med/files/3?product=1');
    expect(on('/site/_assets/site.css')).toBe('/site/_assets/site.css');
    expect(on('/site/_preview/_enter?grant=x')).toBe('/site/_preview/_enter?grant=x');
    expect(on('/site/_preview/acme-med/be/en/hcp')).toBe('/site/_preview/acme-med/be/en/hcp');
    // another unit, the API and the admin are not served on the unit's host
    expect(on('/site/other-unit')).toBe('/site/acme-med/_elsewhere');
    expect(on('/site/acme-medical')).toBe('/site/acme-med/_elsewhere');
    expect(on('/site/_preview/other-unit')).toBe('/site/acme-med/_elsewhere');
    expect(on('/api/account')).toBe('/site/acme-med/api/account');
    expect(on('/my-business-units')).toBe('/site/acme-med/my-business-units');
    // any other host: unchanged
    expect(on('/api/account', 'admin.acme.example')).toBe('/api/account');
    expect(siteHostUrl(hosts, undefined, '/')).toBe('/');
  });
});

describe('a unit on its own host name', () => {
  let ctx: TestContext;
  const slug = `hosted-${Date.now().toString(36)}`;
  const host = `ifu.${slug}.example`;
  const get = (url: string, h = host) => ctx.app.inject({ method: 'GET', url, headers: { host: h } });

  beforeAll(async () => {
    ctx = await createTestContext({ SITE_HOSTS: `${host}=${slug}` });
    const unit = await makeBusinessUnit(ctx.db, { slug, documentLanguages: ['en'], interfaceLanguages: ['en'] });
    await makeInterfaceRegion(ctx.db, unit.id, ['BE']);
    const type = await makeProductType(ctx.db, unit.id);
    await makeProduct(ctx.db, type, { publishDate: new Date(Date.now() - 60_000) });
    await publishAsIs(ctx.db, unit.id);
  });
  afterAll(() => ctx?.close());

  it('serves the unit’s site at the host’s root, and neither the API nor the admin there', async () => {
    const home = await get('/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('Choose your country');
    expect((await get('/be/en/hcp')).statusCode).toBe(200);
    const api = await get('/api/account');
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('text/html');
    expect((await get('/management/info')).statusCode).toBe(404);
    // the same server on another host name is the whole product
    expect((await get('/management/info', 'localhost')).statusCode).toBe(200);
  });
});
