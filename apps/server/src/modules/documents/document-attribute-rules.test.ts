import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentAttributeDefinition, documentAttributeValue } from '../../db/schema/index.js';
import { makeDocument, makeDocumentAttribute, makeDocumentType } from '../../factories/document-factories.js';
import { makeBusinessUnit, makeUserWithRights } from '../../factories/organisation-factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';

/** How the attribute-definition list and the documents' values stay in step (decision 0032). */
let ctx: TestContext;
let unit: { id: number };
let admin: ReturnType<typeof as>;
let type: { id: number };

beforeAll(async () => {
  ctx = await createTestContext();
  unit = await makeBusinessUnit(ctx.db);
  admin = as(
    ctx.app,
    await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['DOCUMENT_ATTRIBUTE_MANAGE', 'DOCUMENT_MANAGE'], [unit.id])).id),
  );
  type = await makeDocumentType(ctx.db, unit.id);
});
afterAll(() => ctx.close());

const URL = () => `/api/document-attribute-definitions?business-unit=${unit.id}`;
const list = async () => (await admin({ method: 'GET', url: URL() })).json();
const valuesOf = (definitionId: number) =>
  ctx.db
    .select()
    .from(documentAttributeValue)
    .where(eq(documentAttributeValue.attributeDefinitionId, definitionId))
    .orderBy(asc(documentAttributeValue.documentId));
/** Saves the whole list with `unique` set on the definition with this id. */
async function setUnique(id: number, unique: boolean) {
  const l = await list();
  return admin({
    method: 'PUT',
    url: URL(),
    payload: {
      version: l.version,
      definitions: l.definitions.map((d: { id: number; businessUnitId: number }) => {
        const { businessUnitId: _unit, ...rest } = d;
        return d.id === id ? { ...rest, unique } : rest;
      }),
    },
  });
}

describe('document attribute definitions and document values', () => {
  it('refuses switching unique on while two documents share a value (ignoring case), changing nothing', async () => {
    const def = await makeDocumentAttribute(ctx.db, unit.id, { name: 'Catalogue' });
    await makeDocument(ctx.db, unit.id, type.id, {}, { values: { [def.id]: 'CAT-1' } });
    await makeDocument(ctx.db, unit.id, type.id, {}, { values: { [def.id]: 'cat-1' } });
    const before = await list();
    const res = await setUnique(def.id, true);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'error.documentAttribute.valuesNotUnique', params: { name: 'Catalogue' } });
    expect(res.json().fieldErrors[0].field).toMatch(/^definitions\.\d+\.unique$/);
    expect((await list()).version).toBe(before.version);
    const [stored] = await ctx.db.select().from(documentAttributeDefinition).where(eq(documentAttributeDefinition.id, def.id));
    expect(stored.unique).toBe(false);
  });

  it('switches the values’ is_unique with the definition, so that the index then refuses a shared value', async () => {
    const def = await makeDocumentAttribute(ctx.db, unit.id, { name: 'Reference' });
    const a = await makeDocument(ctx.db, unit.id, type.id, {}, { values: { [def.id]: 'REF-1' } });
    await makeDocument(ctx.db, unit.id, type.id, {}, { values: { [def.id]: 'REF-2' } });
    expect((await setUnique(def.id, true)).statusCode).toBe(200);
    expect((await valuesOf(def.id)).map((v) => v.isUnique)).toEqual([true, true]);
    const taken = await admin({
      method: 'POST',
      url: '/api/documents',
      payload: {
        businessUnitId: unit.id,
        number: 'NEW-1',
        name: 'New',
        documentTypeId: type.id,
        attributeValues: [{ attributeDefinitionId: def.id, value: 'ref-1' }],
      },
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toBe('error.document.attributeValueExists');
    expect((await setUnique(def.id, false)).statusCode).toBe(200);
    expect((await valuesOf(def.id)).map((v) => v.isUnique)).toEqual([false, false]);
    expect((await valuesOf(def.id))[0].documentId).toBe(a.id);
  });

  it('removes the values of a removed definition', async () => {
    const def = await makeDocumentAttribute(ctx.db, unit.id, { name: 'Gone' });
    await makeDocument(ctx.db, unit.id, type.id, {}, { values: { [def.id]: 'x' } });
    expect(await valuesOf(def.id)).toHaveLength(1);
    const l = await list();
    const res = await admin({
      method: 'PUT',
      url: URL(),
      payload: {
        version: l.version,
        definitions: l.definitions
          .filter((d: { id: number }) => d.id !== def.id)
          .map(({ businessUnitId: _unit, ...rest }: { businessUnitId: number }) => rest),
      },
    });
    expect(res.statusCode).toBe(200);
    expect(await valuesOf(def.id)).toEqual([]);
  });
});
