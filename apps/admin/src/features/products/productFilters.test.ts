import { describe, expect, it } from 'vitest';
import { definition, productType } from '../../test/catalogueFixtures';
import { filterFieldsOf, hasFilters, listAttributes, matchOfSearchType, searchBodyOf } from './productFilters';

const type = productType({
  attributeDefinitions: [
    definition({ id: 1, name: 'Size', searchTypeHCP: 'SEARCHABLE_EXACT' }),
    definition({ id: 2, name: 'Brand', searchTypeHCP: 'VISIBLE', searchTypePatient: 'SEARCHABLE_PARTIAL' }),
    definition({ id: 3, name: 'Colour', searchTypeHCP: 'SEARCHABLE_DROPDOWN' }),
    definition({ id: 4, name: 'Internal', searchTypeHCP: 'NOT_VISIBLE' }),
    definition({ id: 5, name: 'Old', searchTypeHCP: 'SEARCHABLE_PARTIAL', isActive: false }),
    definition({ id: 6, name: 'Lots', type: 'MULTI_ARRAY', searchTypeHCP: 'SEARCHABLE_EXACT' }),
  ],
});

describe('product filters', () => {
  it('maps search types to match modes', () => {
    expect(matchOfSearchType('SEARCHABLE_EXACT')).toBe('EXACT');
    expect(matchOfSearchType('SEARCHABLE_DROPDOWN')).toBe('EXACT');
    expect(matchOfSearchType('SEARCHABLE_PARTIAL')).toBe('PARTIAL');
    expect(matchOfSearchType('VISIBLE')).toBeNull();
    expect(matchOfSearchType('NOT_VISIBLE')).toBeNull();
  });

  it('builds the filter bar from the key code and the active searchable string attributes', () => {
    const fields = filterFieldsOf(type, 'Key code');
    expect(fields.map((f) => [f.label, f.definitionId, f.match])).toEqual([
      ['Key code', undefined, 'PARTIAL'],
      ['Size', 1, 'EXACT'],
      ['Brand', 2, 'PARTIAL'],
      ['Colour', 3, 'EXACT'],
    ]);
  });

  it('turns the URL filters into the search body', () => {
    const fields = filterFieldsOf(type, 'Key code');
    const params = new URLSearchParams({ keyCode: ' AB-1 ', attr1: 'XL', attr3: '', attr2: 'acme', state: 'SCHEDULED', orphans: 'true' });
    expect(searchBodyOf(fields, params, '  text ')).toEqual({
      text: 'text',
      keyCode: { value: 'AB-1', match: 'PARTIAL' },
      attributes: [
        { attributeDefinitionId: 1, value: 'XL', match: 'EXACT' },
        { attributeDefinitionId: 2, value: 'acme', match: 'PARTIAL' },
      ],
      publishState: 'SCHEDULED',
      orphans: true,
    });
    expect(hasFilters(fields, params)).toBe(true);
  });

  it('ignores unknown states and attributes that are not filters', () => {
    const fields = filterFieldsOf(type, 'Key code');
    const params = new URLSearchParams({ attr4: 'x', state: 'DELETED' });
    expect(searchBodyOf(fields, params, '')).toEqual({ attributes: [], orphans: false });
    expect(hasFilters(fields, params)).toBe(false);
  });

  it('lists the attributes shown to HCPs or patients, or every active one when none is', () => {
    expect(listAttributes(type).map((d) => d.name)).toEqual(['Size', 'Brand', 'Colour']);
    const hidden = productType({
      attributeDefinitions: [definition({ id: 1, name: 'A' }), definition({ id: 2, name: 'B', isActive: false })],
    });
    expect(listAttributes(hidden).map((d) => d.name)).toEqual(['A']);
  });
});
