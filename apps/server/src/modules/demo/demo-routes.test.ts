import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProduct, makeProductGroup, makeProductType } from '../../factories/catalogue-factories.js';
import { makeDocument, makeDocumentType } from '../../factories/document-factories.js';
import { makeBusinessUnit, makeRole, makeSuperAdmin, makeUser, makeUserGroup } from '../../factories/organisation-factories.js';
import { as, createTestContext, signIn, type TestContext, tokenFor } from '../../test/harness.js';

/*
 * The route table under a demo token (decision 0072), derived from the registered routes so that a
 * route added later is walked without anyone listing it: every route that may change something is
 * refused with error.demo.readOnly (and writes nothing), every read answers as it answers the
 * target group's own member.
 */
let ctx: TestContext;
let demoToken: string;
let memberToken: string;
const ids = new Map<string, number>();
let unitA: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.db;
  const unit = await makeBusinessUnit(db);
  unitA = unit.id;
  const other = await makeBusinessUnit(db);
  const type = await makeProductType(db, unitA, {}, [{ type: 'STRING' }]);
  const product = await makeProduct(db, type);
  const group = await makeProductGroup(db, type, [product.id]);
  const documentType = await makeDocumentType(db, unitA);
  const document = await makeDocument(db, unitA, documentType.id, {}, { productIds: [product.id] });
  const otherType = await makeProductType(db, other.id);
  const role = await makeRole(db, ['PRODUCT_READ', 'DOCUMENT_READ', 'MANUFACTURER_READ']);
  const member = await makeUser(db);
  const viewers = await makeUserGroup(db, { roleId: role.id, businessUnitIds: [unitA], userIds: [member.id] });
  for (const [prefix, id] of [
    ['/api/business-units', unitA],
    ['/api/product-types', type.id],
    ['/api/products', product.id],
    ['/api/product-groups', group.id],
    ['/api/document-types', documentType.id],
    ['/api/documents', document.id],
    ['/api/user-groups', viewers.id],
    ['/api/users', member.id],
    ['/api/roles', role.id],
  ] as const) {
    ids.set(prefix, id);
  }
  ids.set('other-type', otherType.id);
  memberToken = await tokenFor(ctx, member.id);
  const admin = await makeSuperAdmin(db);
  const res = await as(ctx.app, await signIn(ctx.app, admin.login))({ method: 'POST', url: `/api/demo-token?user_group_id=${viewers.id}` });
  expect(res.statusCode).toBe(200);
  demoToken = res.json().id_token;
}, 60_000);
afterAll(() => ctx?.close());

const apiRoutes = () =>
  ctx.app.declaredRoutes.filter(
    (r) =>
      (r.url.startsWith('/api/') || r.url.startsWith('/management/')) &&
      !r.url.startsWith('/api/docs') &&
      r.method !== 'HEAD' &&
      r.access !== 'public',
  );

/** The route's path with the ids of entities of unit A, and the unit in the query. */
function urlOf(url: string): string {
  const prefix = [...ids.keys()].filter((p) => url.startsWith(`${p}/`)).sort((a, b) => b.length - a.length)[0];
  const id = prefix ? ids.get(prefix) : 1;
  const path = url.replace(/:id\b/, String(id)).replace(/:[A-Za-z]+/g, '1');
  return `${path}?business-unit=${unitA}&product-type=${ids.get('/api/product-types')}`;
}

const rowCount = async () =>
  Number(
    (
      (await ctx.db.execute(
        sql`select (select count(*) from audit_log) + (select count(*) from user_session) + (select count(*) from product) + (select count(*) from bulk_job) as n`,
      )) as unknown as { rows: { n: string }[] }
    ).rows[0].n,
  );

describe('the route table under a demo token', () => {
  it('every route that may change something is refused as read-only and writes nothing', async () => {
    const writes = apiRoutes().filter((r) => (r.writes ?? r.method !== 'GET') && !r.inDemo);
    expect(writes.length).toBeGreaterThan(60);
    const before = await rowCount();
    const failures: string[] = [];
    for (const r of writes) {
      const res = await as(ctx.app, demoToken)({ method: r.method as 'POST', url: urlOf(r.url), payload: {} });
      if (res.statusCode !== 403 || res.json().message !== 'error.demo.readOnly') failures.push(`${r.method} ${r.url} → ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
    expect(await rowCount()).toBe(before);
  });

  it('the routes a demo may still call are only its end and the logout', () => {
    expect(
      apiRoutes()
        .filter((r) => r.inDemo)
        .map((r) => `${r.method} ${r.url}`)
        .sort(),
    ).toEqual(['DELETE /api/demo-token', 'POST /api/logout']);
  });

  it('every read answers as it answers a member of the group', async () => {
    const reads = apiRoutes().filter((r) => !(r.writes ?? r.method !== 'GET'));
    const failures: string[] = [];
    let ok = 0;
    let refused = 0;
    for (const r of reads) {
      const send = (token: string) =>
        as(ctx.app, token)({ method: r.method as 'GET', url: urlOf(r.url), payload: r.method === 'GET' ? undefined : {} });
      const [demo, member] = [await send(demoToken), await send(memberToken)];
      if (demo.statusCode !== member.statusCode)
        failures.push(`${r.method} ${r.url} → demo ${demo.statusCode}, member ${member.statusCode}`);
      if (demo.statusCode === 200) ok++;
      if (demo.statusCode === 403) refused++;
    }
    expect(failures).toEqual([]);
    // the walk reaches reads the group may make and reads it may not
    expect(ok).toBeGreaterThan(10);
    expect(refused).toBeGreaterThan(10);
  });

  it('a read of another unit is refused as it is for the group', async () => {
    const url = `/api/product-types/${ids.get('other-type')}`;
    expect((await as(ctx.app, demoToken)({ method: 'GET', url })).statusCode).toBe(403);
    expect((await as(ctx.app, memberToken)({ method: 'GET', url })).statusCode).toBe(403);
  });
});
