import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeProductType } from '../../factories/catalogue-factories.js';
import { makeBusinessUnit, makeRole, makeUser, makeUserGroup, setManufacturer } from '../../factories/organisation-factories.js';
import { createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { call, defBody, storedDefinitions, storedType, tokenWith, typeBody, typeCount, unique } from './product-types.fixtures.js';

/** The business rules of product types and their attribute definitions, each with its message key. */
let ctx: TestContext;
let unit: { id: number };
let other: { id: number };
let manager: string;
let special: string;

beforeAll(async () => {
  ctx = await createTestContext();
  unit = await makeBusinessUnit(ctx.db);
  other = await makeBusinessUnit(ctx.db);
  manager = await tokenWith(ctx, ['PRODUCT_TYPE_MANAGE'], [unit.id, other.id]);
  special = await tokenWith(ctx, ['PRODUCT_TYPE_MANAGE', 'PRODUCT_TYPE_SPECIAL'], [unit.id]);
});
afterAll(() => ctx.close());

const create = (payload: Record<string, unknown>, token = manager) =>
  call(ctx, token)({ method: 'POST', url: '/api/product-types', payload });
const update = (payload: Record<string, unknown>, token = manager) =>
  call(ctx, token)({ method: 'PUT', url: '/api/product-types', payload });

/** A type created through the API, as the admin would send it back. */
async function created(over: Record<string, unknown> = {}, token = manager): Promise<Record<string, unknown> & { id: number }> {
  const res = await create(typeBody(unit.id, over), token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
async function current(id: number): Promise<Record<string, unknown> & { id: number }> {
  return (await call(ctx, manager)({ method: 'GET', url: `/api/product-types/${id}` })).json();
}

/** Asserts a 400 with the key, and that nothing was added to the unit. */
async function refused(res: Awaited<ReturnType<typeof create>>, key: string, params?: Record<string, unknown>) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().message).toBe(key);
  if (params) expect(res.json().params).toEqual(params);
}

describe('name and slug', () => {
  it('refuses a name of another type of the unit, regardless of case (create and update)', async () => {
    const tag = unique();
    await created({ name: `Implants ${tag}` });
    const before = await typeCount(ctx, unit.id);
    await refused(await create(typeBody(unit.id, { name: `IMPLANTS ${tag}` })), 'error.productType.nameExists');
    expect(await typeCount(ctx, unit.id)).toBe(before);
    const second = await created();
    await refused(await update({ ...second, name: `implants ${tag}` }), 'error.productType.nameExists');
    expect((await storedType(ctx, second.id)).name).toBe(second.name);
    // another unit may use it, and a type keeps its own name
    expect((await create(typeBody(other.id, { name: `Implants ${tag}` }))).statusCode).toBe(201);
    expect((await update({ ...second, name: second.name })).statusCode).toBe(200);
  });

  it('refuses a slug of another type of the unit (create and update)', async () => {
    const first = await created();
    const before = await typeCount(ctx, unit.id);
    const res = await create(typeBody(unit.id, { slug: first.slug }));
    await refused(res, 'error.productType.slugExists');
    expect(res.json().fieldErrors[0].field).toBe('slug');
    expect(await typeCount(ctx, unit.id)).toBe(before);
    const second = await created();
    await refused(await update({ ...second, slug: first.slug }), 'error.productType.slugExists');
    expect((await create(typeBody(other.id, { slug: first.slug }))).statusCode).toBe(201);
  });
});

describe('attribute definitions', () => {
  it('refuses two attributes of one type with the same name (regardless of case) or slug, in the body or with a kept one', async () => {
    const before = await typeCount(ctx, unit.id);
    const names = await create(typeBody(unit.id, { attributeDefinitions: [defBody({ name: 'Size' }), defBody({ name: 'SIZE' })] }));
    await refused(names, 'error.productType.attributeNameExists');
    expect(names.json().fieldErrors[0].field).toMatch(/^attributeDefinitions\.\d\.name$/);
    await refused(
      await create(typeBody(unit.id, { attributeDefinitions: [defBody({ slug: 'size' }), defBody({ slug: 'size' })] })),
      'error.productType.attributeSlugExists',
    );
    expect(await typeCount(ctx, unit.id)).toBe(before);

    const type = await created({ attributeDefinitions: [defBody({ name: 'Length', slug: 'length' })] });
    // the stored definition is left out of the body, so it is kept and still counts
    await refused(await update({ ...type, attributeDefinitions: [defBody({ name: 'length' })] }), 'error.productType.attributeNameExists');
    await refused(await update({ ...type, attributeDefinitions: [defBody({ slug: 'length' })] }), 'error.productType.attributeSlugExists');
    expect(await storedDefinitions(ctx, type.id)).toHaveLength(1);
    // another type may use the same name
    expect((await create(typeBody(unit.id, { attributeDefinitions: [defBody({ name: 'Length', slug: 'length' })] }))).statusCode).toBe(201);
  });

  it('allows at most 6 string attributes, counting inactive and kept ones', async () => {
    const seven = Array.from({ length: 7 }, (_, i) => defBody({ isActive: i % 2 === 0 }));
    const before = await typeCount(ctx, unit.id);
    await refused(await create(typeBody(unit.id, { attributeDefinitions: seven })), 'error.productType.tooManyStringAttributes', {
      max: 6,
    });
    expect(await typeCount(ctx, unit.id)).toBe(before);
    const type = await created({ attributeDefinitions: seven.slice(0, 6) });
    await refused(
      await update({ ...type, attributeDefinitions: [defBody({ isActive: false })] }),
      'error.productType.tooManyStringAttributes',
      {
        max: 6,
      },
    );
    expect(await storedDefinitions(ctx, type.id)).toHaveLength(6);
  });

  it('allows at most 1 lot-number attribute', async () => {
    const two = [defBody({ type: 'MULTI_ARRAY' }), defBody({ type: 'MULTI_ARRAY', isActive: false })];
    await refused(
      await create(typeBody(unit.id, { lotNumbers: true, attributeDefinitions: two }), special),
      'error.productType.tooManyLotNumberAttributes',
      { max: 1 },
    );
    const type = await created({ lotNumbers: true, attributeDefinitions: two.slice(0, 1) }, special);
    await refused(
      await update({ ...type, attributeDefinitions: [defBody({ type: 'MULTI_ARRAY' })] }),
      'error.productType.tooManyLotNumberAttributes',
    );
    expect(await storedDefinitions(ctx, type.id)).toHaveLength(1);
  });

  it('adds a lot-number attribute only with the lot-numbers switch on', async () => {
    const before = await typeCount(ctx, unit.id);
    await refused(
      await create(typeBody(unit.id, { attributeDefinitions: [defBody({ type: 'MULTI_ARRAY' })] })),
      'error.productType.lotNumbersDisabled',
    );
    expect(await typeCount(ctx, unit.id)).toBe(before);
    const type = await created();
    await refused(
      await update({ ...type, attributeDefinitions: [defBody({ type: 'MULTI_ARRAY' })] }),
      'error.productType.lotNumbersDisabled',
    );
    expect(await storedDefinitions(ctx, type.id)).toHaveLength(0);
  });

  it('keeps the lot-number attribute when the switch is turned off, and records the switch', async () => {
    const type = await created({ lotNumbers: true, attributeDefinitions: [defBody({ type: 'MULTI_ARRAY', name: 'Lot' })] }, special);
    const res = await update({ ...type, lotNumbers: false }, special);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().lotNumbers).toBe(false);
    expect(res.json().attributeDefinitions.map((d: { name: string }) => d.name)).toEqual(['Lot']);
    // and it can still be edited while the switch is off
    const edited = await update({ ...res.json(), attributeDefinitions: [{ ...res.json().attributeDefinitions[0], name: 'Lot number' }] });
    expect(edited.statusCode, edited.body).toBe(200);
  });

  it('never changes the type or isUnique of a stored definition', async () => {
    const type = await created({ lotNumbers: true, attributeDefinitions: [defBody({ isUnique: true })] }, special);
    const [def] = type.attributeDefinitions as Record<string, unknown>[];
    await refused(
      await update({ ...type, attributeDefinitions: [{ ...def, isUnique: false }] }),
      'error.productType.attributeUniqueCannotChange',
    );
    await refused(
      await update({ ...type, attributeDefinitions: [{ ...def, type: 'MULTI_ARRAY' }] }),
      'error.productType.attributeTypeCannotChange',
    );
    const [stored] = await storedDefinitions(ctx, type.id);
    expect(stored).toMatchObject({ isUnique: true, type: 'STRING' });
    expect((await storedType(ctx, type.id)).version).toBe(0);
  });

  it('refuses a definition id of another type, an unknown one or the same one twice', async () => {
    const mine = await created({ attributeDefinitions: [defBody()] });
    const theirs = await created({ attributeDefinitions: [defBody()] });
    const foreign = (theirs.attributeDefinitions as Record<string, unknown>[])[0];
    const own = (mine.attributeDefinitions as Record<string, unknown>[])[0];
    for (const attributeDefinitions of [[{ ...foreign, name: 'Hijacked' }], [{ ...own, id: 999999 }], [own, own]]) {
      const res = await update({ ...mine, attributeDefinitions });
      await refused(res, 'error.product.attributeDefinitionInvalid');
    }
    expect((await storedDefinitions(ctx, theirs.id))[0].name).toBe(foreign.name);
    await refused(
      await create(typeBody(unit.id, { attributeDefinitions: [{ ...foreign, id: foreign.id }] })),
      'error.product.attributeDefinitionInvalid',
    );
  });
});

describe('every active audience needs a searchable key code or attribute', () => {
  beforeEach(() => setManufacturer(ctx.db, { patientBusinessUnitSearch: false }));
  afterAll(() => setManufacturer(ctx.db, { patientBusinessUnitSearch: false }));

  it('HCP: the key code or an active attribute must be searchable', async () => {
    const before = await typeCount(ctx, unit.id);
    await refused(await create(typeBody(unit.id, { keyCodeSearchTypeHCP: 'VISIBLE' })), 'error.productType.noSearchableAttributes', {
      audience: 'HCP',
    });
    await refused(
      await create(
        typeBody(unit.id, {
          keyCodeSearchTypeHCP: 'NOT_VISIBLE',
          attributeDefinitions: [defBody({ searchTypeHCP: 'SEARCHABLE_EXACT', isActive: false })],
        }),
      ),
      'error.productType.noSearchableAttributes',
      { audience: 'HCP' },
    );
    expect(await typeCount(ctx, unit.id)).toBe(before);
    const ok = await create(
      typeBody(unit.id, { keyCodeSearchTypeHCP: 'NOT_VISIBLE', attributeDefinitions: [defBody({ searchTypeHCP: 'SEARCHABLE_DROPDOWN' })] }),
    );
    expect(ok.statusCode).toBe(201);
    const type = ok.json();
    const def = type.attributeDefinitions[0];
    await refused(
      await update({ ...type, attributeDefinitions: [{ ...def, searchTypeHCP: 'VISIBLE' }] }),
      'error.productType.noSearchableAttributes',
      { audience: 'HCP' },
    );
  });

  it('PATIENT: with the portal on, a type that shows anything to patients needs something searchable for them', async () => {
    await setManufacturer(ctx.db, { patientBusinessUnitSearch: true });
    await refused(await create(typeBody(unit.id, { keyCodeSearchTypePatient: 'VISIBLE' })), 'error.productType.noSearchableAttributes', {
      audience: 'PATIENT',
    });
    await refused(
      await create(typeBody(unit.id, { attributeDefinitions: [defBody({ searchTypePatient: 'VISIBLE' })] })),
      'error.productType.noSearchableAttributes',
      { audience: 'PATIENT' },
    );
    expect((await create(typeBody(unit.id, { keyCodeSearchTypePatient: 'SEARCHABLE_PARTIAL' }))).statusCode).toBe(201);
    expect(
      (
        await create(
          typeBody(unit.id, { attributeDefinitions: [defBody({ searchTypePatient: 'SEARCHABLE_EXACT', isMandatoryPatientSearch: true })] }),
        )
      ).statusCode,
    ).toBe(201);
    // a type that shows nothing to patients has no active patient audience
    expect((await create(typeBody(unit.id))).statusCode).toBe(201);
  });
});

describe('patient-only features while the patient portal is off', () => {
  beforeAll(() => setManufacturer(ctx.db, { patientBusinessUnitSearch: false }));

  it('refuses the key-code patient search', async () => {
    const before = await typeCount(ctx, unit.id);
    const res = await create(typeBody(unit.id, { keyCodeSearchTypePatient: 'SEARCHABLE_EXACT' }));
    await refused(res, 'error.patient.keyCodeSearchDisabled');
    expect(res.json().fieldErrors[0].field).toBe('keyCodeSearchTypePatient');
    expect(await typeCount(ctx, unit.id)).toBe(before);
    const type = await created();
    await refused(await update({ ...type, keyCodeSearchTypePatient: 'VISIBLE' }), 'error.patient.keyCodeSearchDisabled');
  });

  it('refuses an attribute patient search or mandatory patient search', async () => {
    await refused(
      await create(typeBody(unit.id, { attributeDefinitions: [defBody({ searchTypePatient: 'SEARCHABLE_PARTIAL' })] })),
      'error.patient.attributeSearchDisabled',
    );
    await refused(
      await create(typeBody(unit.id, { attributeDefinitions: [defBody({ isMandatoryPatientSearch: true })] })),
      'error.patient.attributeSearchDisabled',
    );
    const type = await created({ attributeDefinitions: [defBody()] });
    const def = (type.attributeDefinitions as Record<string, unknown>[])[0];
    await refused(
      await update({ ...type, attributeDefinitions: [{ ...def, searchTypePatient: 'VISIBLE' }] }),
      'error.patient.attributeSearchDisabled',
    );
    expect((await storedDefinitions(ctx, type.id))[0].searchTypePatient).toBe('NOT_VISIBLE');
  });

  it('keeps patient settings stored while the portal was on: the type can still be edited', async () => {
    const stored = await makeProductType(ctx.db, unit.id, { keyCodeSearchTypePatient: 'SEARCHABLE_EXACT' }, [
      { searchTypePatient: 'SEARCHABLE_EXACT', isMandatoryPatientSearch: true },
    ]);
    const type = await current(stored.id);
    const res = await update({ ...type, name: `Edited ${unique()}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ keyCodeSearchTypePatient: 'SEARCHABLE_EXACT' });
  });
});

describe('PRODUCT_TYPE_SPECIAL for the lot-numbers switch and the status', () => {
  it('is needed to create a type with lot numbers on or a status other than ENABLED', async () => {
    const before = await typeCount(ctx, unit.id);
    expect((await create(typeBody(unit.id, { lotNumbers: true }))).statusCode).toBe(403);
    expect((await create(typeBody(unit.id, { status: 'WAITING' }))).statusCode).toBe(403);
    expect(await typeCount(ctx, unit.id)).toBe(before);
    const res = await create(typeBody(unit.id, { lotNumbers: true, status: 'DISABLED' }), special);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ lotNumbers: true, status: 'DISABLED', active: false });
    // the defaults need no special right
    expect((await create(typeBody(unit.id, { lotNumbers: false, status: 'ENABLED' }))).statusCode).toBe(201);
  });

  it('is needed to change them on update, not to edit anything else', async () => {
    const type = await created();
    expect((await update({ ...type, lotNumbers: true })).statusCode).toBe(403);
    expect((await update({ ...type, status: 'DISABLED' })).statusCode).toBe(403);
    expect(await storedType(ctx, type.id)).toMatchObject({ lotNumbers: false, status: 'ENABLED', version: 0 });
    const changed = await update({ ...type, status: 'DISABLED', lotNumbers: true }, special);
    expect(changed.statusCode).toBe(200);
    const renamed = await update({ ...changed.json(), name: `Renamed ${unique()}` });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ status: 'DISABLED', lotNumbers: true });
  });

  it('must be held in the unit of the type', async () => {
    // PRODUCT_TYPE_MANAGE in the unit, PRODUCT_TYPE_SPECIAL only in another one
    const user = await makeUser(ctx.db);
    const manage = await makeRole(ctx.db, ['PRODUCT_TYPE_MANAGE']);
    const specialRole = await makeRole(ctx.db, ['PRODUCT_TYPE_SPECIAL']);
    await makeUserGroup(ctx.db, { roleId: manage.id, businessUnitIds: [unit.id], userIds: [user.id] });
    await makeUserGroup(ctx.db, { roleId: specialRole.id, businessUnitIds: [other.id], userIds: [user.id] });
    const token = await tokenFor(ctx, user.id);
    expect((await create(typeBody(unit.id, { status: 'WAITING' }), token)).statusCode).toBe(403);
    expect((await create(typeBody(unit.id), token)).statusCode).toBe(201);
  });
});
