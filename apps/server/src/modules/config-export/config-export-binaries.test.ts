import { createHash } from 'node:crypto';
import { CONFIG_PARTS } from '@vellum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import { makeProductType } from '../../factories/catalogue-factories.js';
import { makeBusinessUnit, makeSuperAdmin, makeUserWithRights } from '../../factories/organisation-factories.js';
import type { Deps } from '../../platform/deps.js';
import { HOSTILE_SVG, tinyJpeg, tinyPng } from '../../platform/images.fixtures.js';
import { checkImage } from '../../platform/images.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { storeLogo, updateCss } from '../business-units/business-unit-layout.service.js';
import { findBusinessUnit } from '../business-units/business-units.repo.js';
import { imageKey, storeImage as storeManufacturerImage } from '../manufacturer/manufacturer.service.js';
import { storeImage as storeTypeImage } from '../product-types/product-type-images.service.js';
import { uploadPublicResource } from '../website-layout/public-resources.service.js';
import { findPublicResourceByName } from '../website-layout/website-layout.repo.js';
import {
  documentOf,
  entriesOf,
  expectSameExport,
  exportZip,
  inEmptyInstance,
  partOf,
  preview,
  upload,
  zipOf,
} from './config-export.fixtures.js';

/**
 * The binaries of the configuration (decision 0078): the manufacturer's images, the units' logos,
 * the product types' images, the public resources and custom CSS travel as zip entries beside
 * config.json, are read back under the areas' own upload checks, and storage follows the import's
 * one transaction (the replaced object goes after the commit; a rolled-back import leaves nothing new).
 */

let ctx: TestContext;
let admin: ReturnType<typeof as>;
let exporter: ReturnType<typeof as>;
let unitId: number;
let unit: string;
type Doc = Record<string, unknown>;
type Item = Record<string, unknown> & { file: { path: string; sha256: string; size: number; mediaType: string } };
const seed = { userId: null, login: 'seed' };
const ALL = `/api/config-export/apply?parts=${CONFIG_PARTS.join(',')}`;
const STORE_FOLDERS = ['business-units/', 'manufacturer/', 'product-types/', 'public-resources/'];
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Every object the store holds in the folders the binaries live in. */
async function objects(deps: Deps): Promise<string[]> {
  const keys: string[] = [];
  for (const folder of STORE_FOLDERS) for await (const o of deps.files.list(folder)) keys.push(o.key);
  return keys.sort();
}

beforeAll(async () => {
  ctx = await createTestContext();
  const deps = ctx.app.deps;
  const row = await makeBusinessUnit(ctx.db, { displayName: 'Cardiology' });
  unitId = row.id;
  unit = row.slug;
  const type = await makeProductType(ctx.db, row.id, { name: 'Pacemakers', slug: 'pacemakers' });
  await storeManufacturerImage(deps, seed, 'logo', await checkImage(tinyPng([10, 20, 30])));
  // an SVG comes out sanitised, and sanitised again it stays the same bytes
  await storeManufacturerImage(deps, seed, 'HCP', await checkImage(Buffer.from(HOSTILE_SVG)));
  await storeLogo(deps, seed, row.id, await checkImage(tinyPng([40, 50, 60])));
  await storeTypeImage(deps, seed, type.id, 'image', await checkImage(tinyJpeg()));
  await uploadPublicResource(deps, seed, row.id, {
    buffer: tinyPng([1, 2, 3]),
    mediaType: 'image/png',
    name: 'dot.png',
    replaces: undefined,
  });
  await updateCss(deps, seed, row.id, 'body { background: url(resources/dot.png); }');
  admin = as(ctx.app, await tokenFor(ctx, (await makeSuperAdmin(ctx.db)).id));
  exporter = as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['CONFIG_EXPORT'], [0])).id));
});
afterAll(() => ctx?.close());

const items = (doc: Doc, part: string) => doc[part] as Item[];
const logoOf = (doc: Doc) => items(doc, 'unitLogos').find((l) => l.businessUnit === unit) as Item;
const resourceOf = (doc: Doc) => items(doc, 'publicResources').find((r) => r.businessUnit === unit && r.name === 'dot.png') as Item;
const cssOf = (doc: Doc) => items(doc, 'unitCss').find((c) => c.businessUnit === unit) as Item;

/** The instance's export: its document and its binaries by path. */
async function current(): Promise<{ doc: Doc; entries: Map<string, Buffer> }> {
  const zip = await exportZip(admin);
  const entries = await entriesOf(zip);
  entries.delete('config.json');
  return { doc: await documentOf(zip), entries };
}

/** A zip of the document and the given entries beside it. */
const zipWith = (doc: Doc, entries: Map<string, Buffer>) => zipOf({ 'config.json': JSON.stringify(doc), ...Object.fromEntries(entries) });

/** An item's binary replaced by `bytes` (its entry added to `entries`). */
function withBytes(item: Item, bytes: Buffer, entries: Map<string, Buffer>, ext = 'png'): Item {
  const file = { path: `binaries/${sha256(bytes)}.${ext}`, mediaType: item.file.mediaType, size: bytes.length, sha256: sha256(bytes) };
  entries.set(file.path, bytes);
  return { ...item, file };
}
const replaced = (doc: Doc, part: string, item: Item, next: Item): Doc => ({
  ...doc,
  [part]: items(doc, part).map((i) => (i === item ? next : i)),
});

describe('the binaries', () => {
  it('travel beside config.json, referenced by path, media type, size and SHA-256', async () => {
    const zip = await exportZip(admin);
    const doc = await documentOf(zip);
    const entries = await entriesOf(zip);
    expect(items(doc, 'manufacturerImages')).toEqual([
      { kind: 'HCP', file: expect.objectContaining({ mediaType: 'image/svg+xml' }) },
      { kind: 'logo', file: expect.objectContaining({ mediaType: 'image/png' }) },
    ]);
    expect(items(doc, 'productTypeImages')).toEqual([
      { businessUnit: unit, productType: 'Pacemakers', kind: 'image', file: expect.objectContaining({ mediaType: 'image/jpeg' }) },
    ]);
    expect(cssOf(doc).file.mediaType).toBe('text/css');
    for (const item of [logoOf(doc), resourceOf(doc), cssOf(doc), ...items(doc, 'manufacturerImages')]) {
      const bytes = entries.get(item.file.path) as Buffer;
      expect(item.file).toEqual({
        path: `binaries/${sha256(bytes)}.${item.file.path.split('.').pop()}`,
        mediaType: item.file.mediaType,
        size: bytes.length,
        sha256: sha256(bytes),
      });
    }
    expect(entries.get(resourceOf(doc).file.path)).toEqual(tinyPng([1, 2, 3]));
    expect(entries.get(cssOf(doc).file.path)?.toString('utf8')).toBe('body { background: url(resources/dot.png); }');
  });

  it('import into a fresh instance, which exports the same document and the same bytes', async () => {
    const source = await exportZip(admin);
    await inEmptyInstance(async (target) => {
      const before = await preview(target, source);
      expect(partOf(before, 'publicResources')?.added).toEqual([`${unit}/dot.png`]);
      const res = await upload(target, ALL, source);
      expect(res.statusCode, res.body).toBe(200);
      await expectSameExport(await exportZip(target), source);
    });
    // a second database of its own: slow to open embedded
  }, 240_000);

  it('a changed logo shows as changed, applies through the logo upload, and the replaced object goes after the commit', async () => {
    const deps = ctx.app.deps;
    const { doc, entries } = await current();
    const oldKey = (await findBusinessUnit(ctx.db, unitId))?.logoKey as string;
    const edited = replaced(doc, 'unitLogos', logoOf(doc), withBytes(logoOf(doc), tinyPng([90, 90, 90]), entries));
    const zip = await zipWith(edited, entries);
    expect(partOf(await preview(exporter, zip), 'unitLogos')?.changed).toEqual([unit]);
    const res = await upload(exporter, '/api/config-export/apply?parts=unitLogos', zip);
    expect(res.statusCode, res.body).toBe(200);
    const newKey = (await findBusinessUnit(ctx.db, unitId))?.logoKey as string;
    expect(newKey).not.toBe(oldKey);
    expect(await deps.files.get(newKey)).toEqual(tinyPng([90, 90, 90]));
    expect(await deps.files.stat(oldKey)).toBeUndefined();
    expect(logoOf(await documentOf(await exportZip(admin)))).toEqual(logoOf(edited));
  });

  it('a refusal of a later item rolls the import back, leaving the old objects and storing nothing new', async () => {
    const deps = ctx.app.deps;
    const { doc, entries } = await current();
    let edited = replaced(doc, 'unitLogos', logoOf(doc), withBytes(logoOf(doc), tinyPng([7, 7, 7]), entries));
    edited = replaced(edited, 'publicResources', resourceOf(edited), withBytes(resourceOf(edited), tinyPng([8, 8, 8]), entries));
    // the CSS check refuses a style sheet loading another origin: after the logo and the resource were stored
    edited = replaced(
      edited,
      'unitCss',
      cssOf(edited),
      withBytes(cssOf(edited), Buffer.from('@import url(https://evil.example/x.css);'), entries, 'css'),
    );
    const before = await objects(deps);
    const logoKey = (await findBusinessUnit(ctx.db, unitId))?.logoKey;
    const resourceKey = (await findPublicResourceByName(ctx.db, unitId, 'dot.png'))?.storageKey;
    const audits = (await ctx.db.select().from(auditLog)).length;
    const res = await upload(exporter, ALL, await zipWith(edited, entries));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/css/i);
    expect(await objects(deps)).toEqual(before);
    expect((await findBusinessUnit(ctx.db, unitId))?.logoKey).toBe(logoKey);
    expect((await findPublicResourceByName(ctx.db, unitId, 'dot.png'))?.storageKey).toBe(resourceKey);
    expect(await deps.files.get(resourceKey as string)).toEqual(tinyPng([1, 2, 3]));
    expect((await ctx.db.select().from(auditLog)).length).toBe(audits);
  });

  it.each([
    [
      'a binary whose SHA-256 is wrong',
      (doc: Doc, entries: Map<string, Buffer>) => {
        const item = withBytes(logoOf(doc), tinyPng([5, 5, 5]), entries);
        return replaced(doc, 'unitLogos', logoOf(doc), { ...item, file: { ...item.file, sha256: 'a'.repeat(64) } });
      },
      /does not match its SHA-256/,
    ],
    [
      'an HTML page named .png',
      (doc: Doc, entries: Map<string, Buffer>) =>
        replaced(doc, 'unitLogos', logoOf(doc), withBytes(logoOf(doc), Buffer.from('<html><script>alert(1)</script></html>'), entries)),
      /not a file this part accepts/,
    ],
    [
      'an image over the logo upload’s limit',
      (doc: Doc, entries: Map<string, Buffer>) => {
        const item = withBytes(logoOf(doc), tinyPng([2, 2, 2]), entries);
        return replaced(doc, 'unitLogos', logoOf(doc), { ...item, file: { ...item.file, size: 5 * 1024 * 1024 + 1 } });
      },
      /larger than 5242880 bytes/,
    ],
    [
      'a binary the zip does not hold',
      (doc: Doc) => replaced(doc, 'unitLogos', logoOf(doc), withBytes(logoOf(doc), tinyPng([6, 6, 6]), new Map())),
      /holds no binaries/,
    ],
  ])('refuses %s with 400 invalidFile, nothing written', async (_name, change, reason) => {
    const deps = ctx.app.deps;
    const { doc, entries } = await current();
    const zip = await zipWith(change(doc, entries), entries);
    const before = await objects(deps);
    const audits = (await ctx.db.select().from(auditLog)).length;
    for (const url of ['/api/config-export/preview', ALL]) {
      const res = await upload(exporter, url, zip);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe('error.configImport.invalidFile');
      expect(res.json().params.reason).toMatch(reason);
    }
    expect(await objects(deps)).toEqual(before);
    expect((await ctx.db.select().from(auditLog)).length).toBe(audits);
  });

  it('refuses a binary entry climbing out of the zip with 400 invalidFile, nothing written', async () => {
    const { doc, entries } = await current();
    const edited = replaced(doc, 'unitLogos', logoOf(doc), withBytes(logoOf(doc), tinyPng([4, 4, 4]), entries));
    const path = logoOf(edited).file.path;
    const bytes = entries.get(path) as Buffer;
    entries.delete(path);
    const climbing = path.replace('binaries/', 'binaries/aa/');
    const zip = await zipOf({ 'config.json': JSON.stringify(edited), ...Object.fromEntries(entries), [climbing]: bytes });
    // the name, in its local header and in the directory, rewritten to climb out
    const hostile = Buffer.from(zip.toString('latin1').replaceAll(climbing, path.replace('binaries/', 'binaries/../')), 'latin1');
    const before = await objects(ctx.app.deps);
    const res = await upload(exporter, ALL, hostile);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe('error.configImport.invalidFile');
    expect(await objects(ctx.app.deps)).toEqual(before);
  });

  it('refuses an image of a product type neither side holds with 400 unknownReference', async () => {
    const { doc, entries } = await current();
    const image = items(doc, 'productTypeImages')[0];
    const zip = await zipWith({ ...doc, productTypeImages: [{ ...image, productType: 'Defibrillators' }] }, entries);
    const res = await upload(exporter, ALL, zip);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'error.configImport.unknownReference',
      params: { part: 'productTypeImages', productType: 'Defibrillators' },
    });
  });

  it('a manufacturer image changed in the file replaces the stored one', async () => {
    const { doc, entries } = await current();
    const logo = items(doc, 'manufacturerImages').find((i) => i.kind === 'logo') as Item;
    const oldKey = await imageKey(ctx.app.deps, 'logo');
    const zip = await zipWith(replaced(doc, 'manufacturerImages', logo, withBytes(logo, tinyPng([3, 3, 3]), entries)), entries);
    const res = await upload(exporter, '/api/config-export/apply?parts=manufacturerImages', zip);
    expect(res.statusCode, res.body).toBe(200);
    expect(await ctx.app.deps.files.get((await imageKey(ctx.app.deps, 'logo')) as string)).toEqual(tinyPng([3, 3, 3]));
    expect(await ctx.app.deps.files.stat(oldKey as string)).toBeUndefined();
  });
});
