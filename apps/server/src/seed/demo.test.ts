import { createHash } from 'node:crypto';
import type { Publication, SitemapEntry } from '@vellum/contract';
import { isGtinKeyCode } from '@vellum/site-views';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  businessUnit,
  document,
  file,
  fileCountry,
  fileLanguage,
  fileLotRange,
  fileVersion,
  product,
  productType,
} from '../db/schema/index.js';
import { makeUserWithRights } from '../factories/organisation-factories.js';
import { as, createTestContext, signIn, type TestContext, tokenFor } from '../test/harness.js';
import { DEMO_GTIN } from './catalogue-demo.js';
import { DEMO_USERS, seedDemoIfEmpty } from './demo.js';

/**
 * The demo seed as `npm start` runs it (decision 0052): users, catalogue and documents with real PDF
 * files in four languages, both units published through the publish service, the Cardiology site
 * usable from a GS1 link to a French leaflet.
 */
let ctx: TestContext;
let seeded: boolean;
let admin: ReturnType<typeof as>;
const units = {} as { cardiology: number; orthopaedics: number };

beforeAll(async () => {
  ctx = await createTestContext({ PORT: '8195' });
  seeded = await seedDemoIfEmpty(ctx.db, ctx.config.publicUrl, ctx.app.deps.files);
  for (const slug of ['cardiology', 'orthopaedics'] as const) {
    units[slug] = (await ctx.db.select({ id: businessUnit.id }).from(businessUnit).where(eq(businessUnit.slug, slug)))[0].id;
  }
  admin = as(ctx.app, await signIn(ctx.app, DEMO_USERS.admin.login, DEMO_USERS.admin.password));
});
afterAll(() => ctx?.close());

const get = async <T>(url: string): Promise<T> => {
  const res = await admin({ method: 'GET', url });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as T;
};

describe('the demo seed', () => {
  it("points the public website at this instance's PUBLIC_URL (which follows PORT), and seeds only an empty database", async () => {
    expect(seeded).toBe(true);
    const client = as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, [], [])).id));
    const res = await client({ method: 'GET', url: '/api/manufacturer/own/public-website-url' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ url: 'http://localhost:8195/site' });
    expect(await seedDemoIfEmpty(ctx.db, 'https://elsewhere.example', ctx.app.deps.files)).toBe(false);
  });

  it('publishes both units through the publish service: numbered publications by the demo admin, each with its audit row', async () => {
    const cardiology = await get<Publication[]>(`/api/publications?business-unit=${units.cardiology}`);
    expect(cardiology.map((p) => [p.number, p.live, p.createdBy])).toEqual([
      [2, true, DEMO_USERS.admin.login],
      [1, false, DEMO_USERS.admin.login],
    ]);
    // #1 stamped what was unpublished, #2 the new version of one file
    expect(cardiology[1].counts.stamped.products).toBeGreaterThan(0);
    expect(cardiology[1].counts.stamped.files).toBeGreaterThan(0);
    expect(cardiology[0].counts.stamped).toEqual({ products: 0, files: 1, broughtForward: 0 });
    const orthopaedics = await get<Publication[]>(`/api/publications?business-unit=${units.orthopaedics}`);
    expect(orthopaedics.map((p) => [p.number, p.live])).toEqual([[1, true]]);
    expect(orthopaedics[0].counts.files).toBeGreaterThan(0);
    const audit = await ctx.db
      .select({ unit: auditLog.businessUnitId, login: auditLog.login, label: auditLog.entityLabel })
      .from(auditLog)
      .where(and(eq(auditLog.category, 'publish'), eq(auditLog.action, 'PUBLISH')))
      .orderBy(auditLog.id);
    expect(audit).toEqual([
      { unit: units.cardiology, login: DEMO_USERS.admin.login, label: '#1' },
      { unit: units.orthopaedics, login: DEMO_USERS.admin.login, label: '#1' },
      { unit: units.cardiology, login: DEMO_USERS.admin.login, label: '#2' },
    ]);
  });

  it('gives every document files, each version a PDF in the store that the content check takes for one', async () => {
    const docs = await ctx.db.select({ id: document.id, number: document.number }).from(document);
    const files = await ctx.db.select({ id: file.id, documentId: file.documentId }).from(file);
    for (const d of docs)
      expect(
        files.some((f) => f.documentId === d.id),
        d.number,
      ).toBe(true);
    const versions = await ctx.db.select().from(fileVersion);
    expect(versions.length).toBeGreaterThan(files.length);
    for (const v of versions) {
      expect(v.binaryKey, v.label).not.toBeNull();
      const bytes = await ctx.app.deps.files.get(v.binaryKey!);
      expect(bytes?.subarray(0, 5).toString()).toBe('%PDF-');
      expect((await fileTypeFromBuffer(bytes!))?.mime).toBe('application/pdf');
      expect([v.mediaType, v.binarySize, v.sha256]).toEqual([
        'application/pdf',
        bytes!.length,
        createHash('sha256').update(bytes!).digest('hex'),
      ]);
      expect(bytes!.length).toBeLessThan(4096);
      expect(v.binaryName).toMatch(/\.pdf$/);
    }
  });

  it('has files in English, French, Dutch and German, one for the rest of the world, one for a lot range, and one with two versions', async () => {
    const languages = await ctx.db.selectDistinct({ code: fileLanguage.languageIsoCode }).from(fileLanguage);
    expect(languages.map((l) => l.code).sort()).toEqual(['de', 'en', 'fr', 'nl']);
    const world = await ctx.db.select({ id: file.id }).from(file).where(eq(file.restOfTheWorld, true));
    expect(world).toHaveLength(1);
    expect(await ctx.db.select().from(fileCountry).where(eq(fileCountry.fileId, world[0].id))).toEqual([]);
    const lots = await ctx.db
      .select({ id: file.id, all: file.allLotNumbers })
      .from(file)
      .innerJoin(fileLotRange, eq(fileLotRange.fileId, file.id));
    expect(lots.map((f) => f.all)).toEqual([false]);
    // 1.0 was published by #1 and stays in the history; 2.0, published by #2, is current
    const revised = await ctx.db
      .select({ fileId: fileVersion.fileId, n: sql<number>`count(*)::int` })
      .from(fileVersion)
      .groupBy(fileVersion.fileId)
      .having(sql`count(*) > 1`);
    expect(revised).toEqual([{ fileId: revised[0].fileId, n: 2 }]);
    const [older, newer] = await ctx.db
      .select()
      .from(fileVersion)
      .where(eq(fileVersion.fileId, revised[0].fileId))
      .orderBy(fileVersion.versionDate);
    expect([older.label, newer.label]).toEqual(['1.0', '2.0']);
    expect(older.publishDate!.getTime()).toBeLessThan(newer.publishDate!.getTime());
    const [current] = await ctx.db.select({ id: file.currentVersionId }).from(file).where(eq(file.id, revised[0].fileId));
    expect(current.id).toBe(newer.id);
  });

  it('leaves one file to publish next: ready, nothing without a binary', async () => {
    const counts = await get<{ files: { unpublished: number }; documents: { unpublished: number } }>(
      `/api/publish-files?business-unit=${units.cardiology}`,
    );
    expect(counts.files.unpublished).toBe(1);
    const readiness = await get<{ ready: boolean; problems: unknown[] }>(`/api/publish/readiness?business-unit=${units.cardiology}`);
    expect(readiness).toMatchObject({ ready: true, problems: [] });
    expect((await get<{ ready: boolean }>(`/api/publish/readiness?business-unit=${units.orthopaedics}`)).ready).toBe(true);
  });

  it('gives some products GTIN key codes, printed as GS1 links on the sitemap', async () => {
    const keyCodes = (await ctx.db.select({ keyCode: product.keyCode }).from(product)).map((p) => p.keyCode);
    const gtins = keyCodes.filter(isGtinKeyCode);
    expect(gtins.length).toBeGreaterThanOrEqual(8);
    expect(gtins.length).toBeLessThan(keyCodes.length);
    expect(gtins).toContain(DEMO_GTIN);
    const sitemap = await get<SitemapEntry[]>(`/api/sitemap?business-unit=${units.cardiology}&search=${DEMO_GTIN}`);
    expect(sitemap.map((e) => [e.url, e.elementString])).toContainEqual([
      `http://localhost:8195/site/cardiology/01/0${DEMO_GTIN}`,
      `(01)0${DEMO_GTIN}`,
    ]);
  });

  it("opens the GS1 link's product in Belgium, in French, for HCP, with the French leaflet, whose download is the PDF", async () => {
    const visitor = (url: string, cookie?: string) => ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    // the GS1 resolver redirects with 307 to absolute URLs (decision 0049)
    const link = await visitor(`/site/cardiology/01/0${DEMO_GTIN}`);
    expect(link.statusCode).toBe(307);
    expect(link.headers.location).toContain(`gs1=`);
    const chosen = await visitor(`/site/cardiology?country=be&language=fr&audience=hcp`);
    expect(chosen.statusCode).toBe(303);
    const cookie = String(chosen.headers['set-cookie']).split(';')[0];
    const again = await visitor(`/site/cardiology/01/0${DEMO_GTIN}`, cookie);
    expect(again.statusCode).toBe(307);
    expect(again.headers.location).toBe(`${ctx.app.deps.config.publicUrl}/site/cardiology/be/fr/hcp/pacemakers/${DEMO_GTIN}`);
    const page = await visitor(new URL(String(again.headers.location)).pathname, cookie);
    expect(page.statusCode).toBe(200);
    const [french] = await ctx.db
      .select({ id: file.id, name: file.name })
      .from(file)
      .innerJoin(fileLanguage, eq(fileLanguage.fileId, file.id))
      .innerJoin(document, eq(document.id, file.documentId))
      .where(and(eq(document.number, 'IFU-VITA-01'), inArray(fileLanguage.languageIsoCode, ['fr'])));
    expect(page.body).toContain(`/site/cardiology/files/${french.id}?`);
    const [vita] = await ctx.db.select({ id: product.id }).from(product).where(eq(product.keyCode, DEMO_GTIN));
    const download = await visitor(
      `/site/cardiology/files/${french.id}/download?product=${vita.id}&country=be&language=fr&audience=hcp`,
      cookie,
    );
    expect(download.statusCode, download.body.slice(0, 200)).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('shows the bulk area at once: a SUCCESS and a WARNING import of the pacemakers (its rejected rows downloadable), a scheduled export', async () => {
    const [type] = await ctx.db
      .select({ id: productType.id })
      .from(productType)
      .where(and(eq(productType.businessUnitId, units.cardiology), eq(productType.slug, 'pacemakers')));
    const jobs = await get<
      { id: number; status: string; rowsTotal: number; rowsCreated: number; rowsUpdated: number; rowsRejected: number }[]
    >(`/api/bulk?entity=PRODUCT&business-unit=${units.cardiology}&product-type=${type?.id}`);
    expect(jobs.find((j) => j.status === 'SUCCESS')).toMatchObject({ rowsTotal: 12, rowsCreated: 4, rowsUpdated: 8, rowsRejected: 0 });
    const warning = jobs.find((j) => j.status === 'WARNING');
    expect(warning).toMatchObject({ rowsTotal: 6, rowsUpdated: 5, rowsRejected: 1 });
    const errors = await get<{ row: number; column: string }[]>(`/api/bulk/${warning?.id}/errors`);
    expect(errors).toMatchObject([{ row: 2, column: 'Model [model]' }]);
    const rejected = await admin({ method: 'GET', url: `/api/bulk/${warning?.id}/rejected-rows` });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.body).toContain('PM-9001');
    const schedules = await get<{ productTypeName: string; timeZone: string; nextRunAt: string | null; active: boolean }[]>(
      `/api/scheduled-exports?business-unit=${units.cardiology}`,
    );
    expect(schedules).toMatchObject([
      { productTypeName: 'Pacemakers', timeZone: 'Europe/Brussels', active: true, recipients: ['manager@vellum.demo'] },
    ]);
    expect(new Date(schedules[0]?.nextRunAt ?? 0).getTime()).toBeGreaterThan(Date.now());
  });
});
