import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { CONFIG_IMPORT_MAX_BYTES, type ConfigImportPreview } from '@vellum/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import { auditLog, businessUnit, role, userGroup } from '../../db/schema/index.js';
import { makeBusinessUnit, makeRole, makeSuperAdmin, makeUserGroup, makeUserWithRights } from '../../factories/organisation-factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { documentOf, exportZip as exportOf, inEmptyInstance, partOf, preview, upload, volatile, zipOf } from './config-export.fixtures.js';

let ctx: TestContext;
let admin: ReturnType<typeof as>;
let exporter: ReturnType<typeof as>;
let outsider: ReturnType<typeof as>;
let unitSlug: string;
const anonymous = () => as(ctx.app, undefined);

const exportZip = async (client = admin) => exportOf(client);

beforeAll(async () => {
  ctx = await createTestContext();
  const unit = await makeBusinessUnit(ctx.db, { displayName: 'Cardiology', mainColor: '#123456' });
  unitSlug = unit.slug;
  const editors = await makeRole(ctx.db, ['DOCUMENT_READ', 'PRODUCT_READ'], { name: 'Editors', description: 'Edit the catalogue' });
  await makeUserGroup(ctx.db, { roleId: editors.id, name: 'Cardiology editors', businessUnitIds: [unit.id] });
  admin = as(ctx.app, await tokenFor(ctx, (await makeSuperAdmin(ctx.db)).id));
  exporter = as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['CONFIG_EXPORT'], [0])).id));
  outsider = as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['MANUFACTURER_MANAGE'], 'all')).id));
});
afterAll(() => ctx?.close());

describe('GET api/config-export', () => {
  it('answers 401 without a token and 403 without CONFIG_EXPORT', async () => {
    expect((await anonymous()({ method: 'GET', url: '/api/config-export' })).statusCode).toBe(401);
    expect((await outsider({ method: 'GET', url: '/api/config-export' })).statusCode).toBe(403);
  });

  it('answers a zip with the versioned document, units by slug, groups by name, and no user or secret', async () => {
    const res = await exporter({ method: 'GET', url: '/api/config-export' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="vellum-configuration-\d{4}-\d{2}-\d{2}\.zip"$/);
    const doc = await documentOf(res.rawPayload);
    expect(doc).toMatchObject({ formatVersion: 1, softwareVersion: ctx.config.version });
    expect(Date.parse(doc.exportedAt as string)).not.toBeNaN();
    expect(doc.businessUnits).toContainEqual(expect.objectContaining({ slug: unitSlug, displayName: 'Cardiology', mainColor: '#123456' }));
    expect(doc.roles).toContainEqual({
      name: 'Editors',
      description: 'Edit the catalogue',
      accessRights: ['DOCUMENT_READ', 'PRODUCT_READ'],
    });
    expect(doc.roles).not.toContainEqual(expect.objectContaining({ name: 'Administrator' }));
    expect(doc.userGroups).toContainEqual({
      name: 'Cardiology editors',
      role: 'Editors',
      allBusinessUnits: false,
      businessUnits: [unitSlug],
    });
    const text = JSON.stringify(doc);
    for (const secret of [
      '"password"',
      'passwordHash',
      'token',
      'secret',
      'session',
      '@example.com',
      '"users"',
      '"id"',
      'ssoConfig',
      'clientId',
    ])
      expect(text).not.toContain(secret);
    expect(doc.manufacturerSettings).not.toHaveProperty('softwareVersion');
  });
});

describe('POST api/config-export/preview', () => {
  it('answers 401 without a token and 403 without CONFIG_EXPORT, before reading the body', async () => {
    const zip = await exportZip();
    expect((await upload(anonymous(), '/api/config-export/preview', zip)).statusCode).toBe(401);
    expect((await upload(outsider, '/api/config-export/preview', zip)).statusCode).toBe(403);
  });

  it('finds its own export unchanged, part by part', async () => {
    const result = await preview(exporter, await exportZip());
    expect(result.formatVersion).toBe(1);
    for (const part of result.parts) {
      expect(part.added, part.part).toEqual([]);
      expect(part.changed, part.part).toEqual([]);
      expect(part.onlyHere, part.part).toEqual([]);
    }
    expect(partOf(result, 'roles')?.unchanged).toContain('Editors');
    expect(partOf(result, 'userGroups')?.unchanged).toContain('Cardiology editors');
    expect(partOf(result, 'businessUnits')?.unchanged).toContain(unitSlug);
  });

  it('names what is added, changed and only here, and writes nothing', async () => {
    const doc = await documentOf(await exportZip());
    const roles = doc.roles as { name: string; description: string | null; accessRights: string[] }[];
    const edited = {
      ...doc,
      roles: [
        ...roles.filter((r) => r.name !== 'Editors'),
        { name: 'Editors', description: 'Edit and publish', accessRights: ['DOCUMENT_READ'] },
        { name: 'Reviewers', description: null, accessRights: ['DOCUMENT_READ'] },
      ],
      userGroups: (doc.userGroups as { name: string }[]).filter((g) => g.name !== 'Cardiology editors'),
    };
    const roleCount = (await ctx.db.select().from(role)).length;
    const result = await preview(exporter, await zipOf({ 'config.json': JSON.stringify(edited) }));
    expect(partOf(result, 'roles')).toMatchObject({ added: ['Reviewers'], changed: ['Editors'] });
    expect(partOf(result, 'userGroups')?.onlyHere).toEqual(['Cardiology editors']);
    expect((await ctx.db.select().from(role)).length).toBe(roleCount);
  });

  it.each([
    ['not a zip', async () => Buffer.from('just text')],
    ['a zip without config.json', async () => zipOf({ 'other.json': '{}' })],
    ['config.json that is not JSON', async () => zipOf({ 'config.json': '{"formatVersion": 1,' })],
    ['another format version', async () => zipOf({ 'config.json': JSON.stringify({ formatVersion: 2 }) })],
    [
      'a role with an unknown right',
      async () =>
        zipOf({
          'config.json': JSON.stringify({
            formatVersion: 1,
            exportedAt: '2026-01-01T00:00:00.000Z',
            softwareVersion: '1',
            businessUnits: [],
            roles: [{ name: 'X', description: null, accessRights: ['EVERYTHING'] }],
            userGroups: [],
          }),
        }),
    ],
    [
      'an entry climbing out of the zip',
      async () => {
        const zip = await zipOf({ 'config.json': '{}', 'aa/evil.txt': 'x' });
        // the name, in its local header and in the directory, rewritten to climb out
        return Buffer.from(zip.toString('latin1').replaceAll('aa/evil.txt', '../evil.txt'), 'latin1');
      },
    ],
  ])('refuses %s with 400 invalidFile', async (_name, make) => {
    const res = await upload(exporter, '/api/config-export/preview', await make());
    expect(res.statusCode, res.body).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().message).toBe('error.configImport.invalidFile');
  });

  it('refuses a zip bomb and a body without the file', async () => {
    const bomb = await zipOf({ 'config.json': Buffer.alloc(5 * 1024 * 1024, 32) });
    const res = await upload(exporter, '/api/config-export/preview', bomb);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().params.reason).toMatch(/100:1/);
    const none = await exporter({ method: 'POST', url: '/api/config-export/preview', payload: {} });
    expect(none.statusCode).toBe(415);
  });

  it('reads a zip past 50 MB from disk (the limit is 2 GB, each binary read in turn)', async () => {
    expect(CONFIG_IMPORT_MAX_BYTES).toBe(2 * 1024 * 1024 * 1024);
    const doc = await documentOf(await exportZip());
    const big = new ZipFile();
    big.addBuffer(Buffer.from(JSON.stringify(doc)), 'config.json');
    big.addBuffer(randomBytes(60 * 1024 * 1024), 'padding.bin', { compress: false });
    big.end();
    const res = await upload(exporter, '/api/config-export/preview', await buffer(big.outputStream));
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as ConfigImportPreview).parts.every((p) => p.added.length === 0 && p.changed.length === 0)).toBe(true);
  });

  it('refuses a group whose role neither side holds', async () => {
    const doc = await documentOf(await exportZip());
    const bad = { ...doc, userGroups: [{ name: 'Ghosts', role: 'No such role', allBusinessUnits: true, businessUnits: [] }] };
    const res = await upload(exporter, '/api/config-export/preview', await zipOf({ 'config.json': JSON.stringify(bad) }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ message: 'error.configImport.unknownReference', params: { part: 'userGroups', name: 'Ghosts' } });
  });
});

describe('POST api/config-export/apply', () => {
  it('answers 401, 403 and 400 for parts it does not know', async () => {
    const zip = await exportZip();
    expect((await upload(anonymous(), '/api/config-export/apply?parts=roles', zip)).statusCode).toBe(401);
    expect((await upload(outsider, '/api/config-export/apply?parts=roles', zip)).statusCode).toBe(403);
    expect((await upload(exporter, '/api/config-export/apply?parts=roles,users', zip)).statusCode).toBe(400);
    expect((await upload(exporter, '/api/config-export/apply', zip)).statusCode).toBe(400);
  });

  it('applies the chosen parts only, audited, and leaves what is only here alone', async () => {
    const doc = await documentOf(await exportZip());
    const edited = {
      ...doc,
      roles: [...(doc.roles as object[]), { name: 'Auditors of cardiology', description: null, accessRights: ['AUDIT_LOG_ALL_READ'] }],
      userGroups: [
        ...(doc.userGroups as object[]),
        { name: 'Cardiology auditors', role: 'Auditors of cardiology', allBusinessUnits: false, businessUnits: [unitSlug] },
      ],
      businessUnits: (doc.businessUnits as { slug: string }[]).map((u) =>
        u.slug === unitSlug ? { ...u, displayName: 'Cardiology EU' } : u,
      ),
    };
    const zip = await zipOf({ 'config.json': JSON.stringify(edited) });
    const res = await upload(exporter, '/api/config-export/apply?parts=roles,userGroups', zip);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-vellum-alert']).toBe('vellumApp.configImport.applied');
    const result = res.json() as ConfigImportPreview;
    expect(result.parts.map((p) => p.part)).toEqual(['roles', 'userGroups']);
    expect(partOf(result, 'userGroups')?.added).toEqual(['Cardiology auditors']);
    const [group] = await ctx.db.select().from(userGroup).where(eq(userGroup.name, 'Cardiology auditors'));
    expect(group).toBeDefined();
    const [unit] = await ctx.db.select().from(businessUnit).where(eq(businessUnit.slug, unitSlug));
    expect(unit.displayName).toBe('Cardiology');
    const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.entityName, 'configuration'));
    expect(audits.map((a) => a.action)).toEqual(['IMPORT']);
    expect(
      (await ctx.db.select().from(auditLog).where(eq(auditLog.entityName, 'user-group'))).some(
        (a) => a.entityLabel === 'Cardiology auditors',
      ),
    ).toBe(true);
    // the same file again: nothing left to add
    const again = await preview(exporter, zip);
    expect(partOf(again, 'roles')?.added).toEqual([]);
    expect(partOf(again, 'businessUnits')?.changed).toEqual([unitSlug]);
  });

  it('rolls every part back when one is refused', async () => {
    const doc = await documentOf(await exportZip());
    const bad = {
      ...doc,
      // applied in order of name: 'Never stored' is written, then 'viewer' is refused by the roles' own rule (the predefined Viewer)
      roles: [
        ...(doc.roles as object[]),
        { name: 'Never stored', description: null, accessRights: ['DOCUMENT_READ'] },
        { name: 'viewer', description: null, accessRights: ['DOCUMENT_READ'] },
      ],
    };
    const zip = await zipOf({ 'config.json': JSON.stringify(bad) });
    const audits = (await ctx.db.select().from(auditLog)).length;
    const res = await upload(exporter, '/api/config-export/apply?parts=roles,userGroups', zip);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(await ctx.db.select().from(role).where(eq(role.name, 'Never stored'))).toEqual([]);
    expect((await ctx.db.select().from(auditLog)).length).toBe(audits);
  });
});

describe('export, import into an empty instance, export again', () => {
  it('gives the same configuration', async () => {
    const source = await exportZip();
    await inEmptyInstance(async (target, empty) => {
      const before = await upload(target, '/api/config-export/preview', source);
      expect(before.statusCode, before.body).toBe(200);
      expect(partOf(before.json(), 'businessUnits')?.added).toContain(unitSlug);
      const res = await upload(target, '/api/config-export/apply?parts=businessUnits,roles,userGroups', source);
      expect(res.statusCode, res.body).toBe(200);
      const again = await target({ method: 'GET', url: '/api/config-export' });
      expect(volatile(await documentOf(again.rawPayload))).toEqual(volatile(await documentOf(source)));
      // a unit new there starts offline
      const [unit] = await empty.db.select().from(businessUnit).where(eq(businessUnit.slug, unitSlug));
      expect(unit.active).toBe(false);
    });
    // a second database of its own: slow to open embedded
  }, 240_000);
});
