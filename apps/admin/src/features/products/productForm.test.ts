import type { Product } from '@vellum/contract';
import { describe, expect, it } from 'vitest';
import { definition, productType } from '../../test/catalogueFixtures';
import { duplicateFromState, duplicateValues, productFormSchema, toBody, toForm } from './productForm';

const type = productType({
  attributeDefinitions: [
    definition({ id: 1, name: 'Size', isMandatory: true }),
    definition({ id: 2, name: 'Brand' }),
    definition({ id: 3, name: 'Retired', isActive: false }),
  ],
  lotNumbers: true,
});

const product: Product = {
  id: 40,
  businessUnitId: 1,
  productTypeId: 7,
  keyCode: 'KC-1',
  publishDate: '2030-01-01T10:00:00.000Z',
  publishState: 'SCHEDULED',
  endOfLifeDate: '2031-12-31',
  attributeValues: [
    { id: 1, attributeDefinitionId: 1, value: 'XL' },
    { id: 2, attributeDefinitionId: 3, value: 'gone' },
  ],
  productGroups: [{ id: 5, name: 'Knees' }],
  lotRanges: [
    {
      id: 9,
      businessUnitId: 1,
      productTypeId: 7,
      name: 'Batch A',
      numbers: ['L1', 'L2'],
      archiveDate: null,
      archived: false,
      appliesToAll: false,
      version: 2,
    },
  ],
  createdDate: '2026-01-01T00:00:00Z',
  lastModifiedDate: '2026-01-02T00:00:00Z',
  version: 3,
};

const issues = (values: unknown) => {
  const res = productFormSchema(type).safeParse(values);
  return res.success ? [] : res.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
};

describe('product form', () => {
  it('has one field per active string attribute, filled from the product', () => {
    expect(toForm(type, product).attributes).toEqual([
      { attributeDefinitionId: 1, value: 'XL' },
      { attributeDefinitionId: 2, value: '' },
    ]);
  });

  it('requires the key code and mandatory attributes', () => {
    expect(issues(toForm(type))).toEqual(['keyCode:NotBlank', 'attributes.0.value:NotBlank']);
    expect(issues({ ...toForm(type, product), keyCode: '   ' })).toEqual(['keyCode:NotBlank']);
    expect(issues(toForm(type, product))).toEqual([]);
  });

  it('limits key codes and values to 255 characters', () => {
    const values = toForm(type, product);
    values.keyCode = 'k'.repeat(256);
    values.attributes[1].value = 'v'.repeat(256);
    expect(issues(values)).toEqual(['keyCode:Size', 'attributes.1.value:Size']);
  });

  it('checks lot ranges: a name, at least one number, no name twice', () => {
    const values = toForm(type, product);
    values.lotRanges.push({ id: null, name: 'batch a', numbers: [], archiveDate: null, appliesToAll: false });
    values.lotRanges.push({ id: null, name: '', numbers: ['x'], archiveDate: null, appliesToAll: false });
    expect(issues(values)).toEqual([
      'lotRanges.1.numbers:NotEmpty',
      'lotRanges.2.name:NotBlank',
      'lotRanges.2.name:Pattern',
      'lotRanges.1.name:products.lotRanges.duplicateName',
    ]);
  });

  it('sends trimmed values and leaves empty ones out', () => {
    const values = toForm(type, product);
    values.keyCode = ' KC-2 ';
    values.attributes[1].value = '  ';
    values.lotRanges.push({ id: null, name: ' New ', numbers: [' N1 '], archiveDate: null, appliesToAll: true });
    expect(toBody(type, values)).toEqual({
      productTypeId: 7,
      keyCode: 'KC-2',
      publishDate: '2030-01-01T10:00:00.000Z',
      endOfLifeDate: '2031-12-31',
      attributeValues: [{ attributeDefinitionId: 1, value: 'XL' }],
      productGroupIds: [5],
      lotRanges: [
        { id: 9, version: 2, name: 'Batch A', numbers: ['L1', 'L2'], archiveDate: null, appliesToAll: false },
        { name: 'New', numbers: ['N1'], archiveDate: null, appliesToAll: true },
      ],
    });
  });

  it('sends the end-of-life date, none when empty, and refuses one that is no date', () => {
    const values = toForm(type, product);
    expect(values.endOfLifeDate).toBe('2031-12-31');
    values.endOfLifeDate = '';
    expect(toBody(type, values).endOfLifeDate).toBeNull();
    expect(productFormSchema(type).safeParse({ ...values, endOfLifeDate: '31/12/2031' }).success).toBe(false);
    expect(toForm(type).endOfLifeDate).toBe('');
  });

  it('duplicates everything but the key code and the lot ranges', () => {
    const dup = duplicateValues(toForm(type, product));
    expect(dup).toEqual({
      keyCode: '',
      publishDate: '2030-01-01T10:00:00.000Z',
      endOfLifeDate: '2031-12-31',
      attributes: [
        { attributeDefinitionId: 1, value: 'XL' },
        { attributeDefinitionId: 2, value: '' },
      ],
      productGroupIds: [5],
      lotRanges: [],
    });
    expect(duplicateFromState(type, { duplicate: dup })).toEqual(dup);
    expect(duplicateFromState(type, null)).toBeUndefined();
    expect(duplicateFromState(type, { duplicate: 'junk' })).toBeUndefined();
  });
});
