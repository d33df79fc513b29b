import type { AccessRight } from '@vellum/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, documentAttributeDefinition } from '../../db/schema/index.js';
import { makeDocumentAttribute } from '../../factories/document-factories.js';
import { makeBusinessUnit, makeUserWithRights } from '../../factories/organisation-factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { translatableEntity } from '../internationalizations/translatable-entities.js';

let ctx: TestContext;
let unitB: { id: number };
let admin: ReturnType<typeof as>;
let elsewhere: ReturnType<typeof as>;
let nobody: ReturnType<typeof as>;

const client = async (rights: AccessRight[], units: number[] | 'all') =>
  as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, rights, units)).id));
const URL = (unit: number) => `/api/document-attribute-definitions?business-unit=${unit}`;

/** A fresh unit with a manager (DOCUMENT_ATTRIBUTE_MANAGE) and a reader (DOCUMENT_READ). */
async function fixture() {
  const unit = await makeBusinessUnit(ctx.db);
  return {
    unit,
    manager: await client(['DOCUMENT_ATTRIBUTE_MANAGE'], [unit.id]),
    reader: await client(['DOCUMENT_READ'], [unit.id]),
  };
}

const stored = (unit: number) =>
  ctx.db
    .select()
    .from(documentAttributeDefinition)
    .where(eq(documentAttributeDefinition.businessUnitId, unit))
    .orderBy(asc(documentAttributeDefinition.id));
const audits = (unit: number) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityName, 'document-attribute-definition'), eq(auditLog.businessUnitId, unit)))
    .orderBy(asc(auditLog.id));
const def = (over: Record<string, unknown> = {}) => ({
  name: 'Revision',
  slug: 'revision',
  unique: false,
  mandatory: true,
  isActive: true,
  searchType: 'SEARCHABLE_EXACT',
  visualizationOrder: 0,
  ...over,
});

beforeAll(async () => {
  ctx = await createTestContext();
  unitB = await makeBusinessUnit(ctx.db);
  admin = await client(['DOCUMENT_ATTRIBUTE_MANAGE'], 'all');
  elsewhere = await client(['DOCUMENT_ATTRIBUTE_MANAGE', 'DOCUMENT_READ', 'DOCUMENT_MANAGE'], [unitB.id]);
});
afterAll(() => ctx.close());

describe('GET /api/document-attribute-definitions', () => {
  it('answers 401, 403 (missing right, other unit), 400 without the unit, 404 for an unknown unit', async () => {
    const { unit, reader } = await fixture();
    nobody = await client(['DOCUMENT_TYPE_MANAGE', 'PRODUCT_READ'], [unit.id]);
    expect((await as(ctx.app, undefined)({ method: 'GET', url: URL(unit.id) })).statusCode).toBe(401);
    for (const c of [nobody, elsewhere]) expect((await c({ method: 'GET', url: URL(unit.id) })).statusCode).toBe(403);
    expect((await reader({ method: 'GET', url: '/api/document-attribute-definitions' })).statusCode).toBe(400);
    for (const u of [0, 99999999]) expect((await admin({ method: 'GET', url: URL(u) })).statusCode).toBe(404);
  });

  it('answers the unit’s definitions in visualisation order with the list version, for each read right', async () => {
    const { unit, reader } = await fixture();
    const second = await makeDocumentAttribute(ctx.db, unit.id, { visualizationOrder: 2, searchType: 'VISIBLE' });
    const first = await makeDocumentAttribute(ctx.db, unit.id, { visualizationOrder: 1 });
    await makeDocumentAttribute(ctx.db, unitB.id);
    for (const c of [reader, await client(['DOCUMENT_MANAGE'], [unit.id]), await client(['DOCUMENT_ATTRIBUTE_MANAGE'], [unit.id])]) {
      const res = await c({ method: 'GET', url: URL(unit.id) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        businessUnitId: unit.id,
        version: 0,
        definitions: [
          expect.objectContaining({ id: first.id, name: first.name, slug: first.slug, isActive: true, unique: false }),
          expect.objectContaining({ id: second.id, searchType: 'VISIBLE', visualizationOrder: 2 }),
        ],
      });
    }
  });
});

describe('PUT /api/document-attribute-definitions', () => {
  it('answers 401 and 403 (missing right, read right only, other unit), storing nothing', async () => {
    const { unit, reader } = await fixture();
    const payload = { version: 0, definitions: [def()] };
    expect((await as(ctx.app, undefined)({ method: 'PUT', url: URL(unit.id), payload })).statusCode).toBe(401);
    for (const c of [reader, elsewhere, await client(['DOCUMENT_MANAGE'], [unit.id])]) {
      expect((await c({ method: 'PUT', url: URL(unit.id), payload })).statusCode).toBe(403);
    }
    expect(await stored(unit.id)).toEqual([]);
  });

  it('answers 400 for names and slugs with special characters, slugs outside 3 to 30, unknown search types; nothing stored', async () => {
    const { unit, manager } = await fixture();
    for (const over of [
      { name: '' },
      { name: 'Rev<ision>' },
      { slug: 'ab' },
      { slug: 'a'.repeat(31) },
      { slug: 'Upper' },
      { slug: 'with space' },
      { slug: 'trailing-' },
      { searchType: 'SOMETIMES' },
      { visualizationOrder: -1 },
    ]) {
      const res = await manager({ method: 'PUT', url: URL(unit.id), payload: { version: 0, definitions: [def(over)] } });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().message).toBe('error.validation');
    }
    const tooMany = Array.from({ length: 51 }, (_, i) => def({ name: `A${i}`, slug: `slug-${i}` }));
    expect((await manager({ method: 'PUT', url: URL(unit.id), payload: { version: 0, definitions: tooMany } })).statusCode).toBe(400);
    expect(await stored(unit.id)).toEqual([]);
    for (const u of [0, 99999999]) {
      expect((await admin({ method: 'PUT', url: URL(u), payload: { version: 0, definitions: [def()] } })).statusCode).toBe(404);
    }
  });

  it('adds, updates and removes in one save, bumps the list version and audits each change', async () => {
    const { unit, manager } = await fixture();
    const created = await manager({
      method: 'PUT',
      url: URL(unit.id),
      payload: { version: 0, definitions: [def(), def({ name: 'Language note', slug: 'language-note', visualizationOrder: 1 })] },
    });
    expect(created.statusCode).toBe(200);
    expect(created.headers['x-vellum-alert']).toBe('vellumApp.documentAttribute.saved');
    const list = created.json();
    expect(list.version).toBe(1);
    expect(list.definitions.map((d: { slug: string }) => d.slug)).toEqual(['revision', 'language-note']);
    const [revision, note] = list.definitions;
    expect(revision).toEqual({ ...def(), id: expect.any(Number), businessUnitId: unit.id });

    const saved = await manager({
      method: 'PUT',
      url: URL(unit.id),
      payload: {
        version: 1,
        definitions: [
          { ...note, visualizationOrder: 0, isActive: false },
          def({ id: -1, name: 'Region', slug: 'region', visualizationOrder: 1 }),
        ],
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().version).toBe(2);
    expect(saved.json().definitions).toEqual([
      { ...note, visualizationOrder: 0, isActive: false },
      expect.objectContaining({ name: 'Region', slug: 'region' }),
    ]);
    expect((await stored(unit.id)).map((d) => d.name)).toEqual(['Language note', 'Region']);
    const actions = (await audits(unit.id)).map((a) => [a.action, a.entityLabel]);
    expect(actions).toEqual([
      ['CREATE', 'Revision'],
      ['CREATE', 'Language note'],
      ['DELETE', 'Revision'],
      ['UPDATE', 'Language note'],
      ['CREATE', 'Region'],
    ]);
  });

  it('lets the list swap names and slugs between its definitions and reuse a removed one’s', async () => {
    const { unit, manager } = await fixture();
    const a = await makeDocumentAttribute(ctx.db, unit.id, { name: 'One', slug: 'one' });
    const b = await makeDocumentAttribute(ctx.db, unit.id, { name: 'Two', slug: 'two' });
    const res = await manager({
      method: 'PUT',
      url: URL(unit.id),
      payload: {
        version: 0,
        definitions: [def({ id: a.id, name: 'Two', slug: 'two' }), def({ name: 'ONE', slug: 'one', visualizationOrder: 1 })],
      },
    });
    expect(res.statusCode).toBe(200);
    const rows = await stored(unit.id);
    expect(rows.map((r) => [r.id === a.id, r.name, r.slug])).toEqual([
      [true, 'Two', 'two'],
      [false, 'ONE', 'one'],
    ]);
    expect(rows.some((r) => r.id === b.id)).toBe(false);
  });

  it('refuses duplicate names (regardless of case) and slugs, and ids of other units or named twice; nothing stored', async () => {
    const { unit, manager } = await fixture();
    const mine = await makeDocumentAttribute(ctx.db, unit.id);
    const foreign = await makeDocumentAttribute(ctx.db, unitB.id);
    const before = await stored(unit.id);
    const cases: [unknown[], string, string][] = [
      [[def(), def({ name: 'REVISION', slug: 'other' })], 'error.documentAttribute.nameExists', 'definitions.1.name'],
      [[def(), def({ name: 'Other', slug: 'revision' })], 'error.documentAttribute.slugExists', 'definitions.1.slug'],
      [[def({ id: foreign.id })], 'error.documentAttribute.definitionInvalid', 'definitions.0.id'],
      [
        [def({ id: mine.id }), def({ id: mine.id, name: 'B', slug: 'bbb' })],
        'error.documentAttribute.definitionInvalid',
        'definitions.1.id',
      ],
    ];
    for (const [definitions, key, fieldName] of cases) {
      const res = await manager({ method: 'PUT', url: URL(unit.id), payload: { version: 0, definitions } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: key, fieldErrors: [{ objectName: 'documentAttributeDefinitions', field: fieldName }] });
    }
    expect(await stored(unit.id)).toEqual(before);
    expect((await admin({ method: 'GET', url: URL(unit.id) })).json().version).toBe(0);
  });

  it('answers 409 to a stale list version, and lets one of two concurrent saves win', async () => {
    const { unit, manager } = await fixture();
    expect((await manager({ method: 'PUT', url: URL(unit.id), payload: { version: 3, definitions: [def()] } })).statusCode).toBe(409);
    expect(await stored(unit.id)).toEqual([]);
    const answers = await Promise.all(
      ['alpha', 'beta', 'gamma'].map((slug) =>
        manager({ method: 'PUT', url: URL(unit.id), payload: { version: 0, definitions: [def({ name: slug, slug })] } }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await stored(unit.id)).toHaveLength(1);
  });

  it('registers document_attribute_definition as translatable', async () => {
    const { unit } = await fixture();
    const d = await makeDocumentAttribute(ctx.db, unit.id);
    const entity = translatableEntity('document_attribute_definition');
    expect(entity?.fields).toEqual({ name: { maxLength: 50 } });
    expect(await entity?.sources(ctx.db, unit.id)).toEqual([{ id: d.id, label: d.name, values: { name: d.name } }]);
  });
});
