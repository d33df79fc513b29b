import { CatalogueErrorKeys, type ProductType, productTypeCreateBody, productTypeUpdateBody } from '@vellum/contract';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { definition, productType } from '../../test/catalogueFixtures';
import {
  attributeLimits,
  audiencesWithoutSearch,
  followSlug,
  newAttributeRow,
  patientAudienceActive,
  productTypeFormSchema,
  ruleProblems,
  slugify,
  toBody,
  toForm,
} from './productTypeForm';

/** Product type 11 'Infusion pumps' of business unit 3, the type these tests open. */
const pumps = (over: Partial<ProductType> = {}) =>
  productType({ id: 11, businessUnitId: 3, slug: 'infusion-pumps', name: 'Infusion pumps', version: 1, ...over });

const base = { lotNumbers: false, keyCodeSearchTypeHCP: 'SEARCHABLE_EXACT', keyCodeSearchTypePatient: 'NOT_VISIBLE' } as const;
const row = (over: Partial<ReturnType<typeof newAttributeRow>> = {}) => ({ ...newAttributeRow(), name: 'A', slug: 'aaa', ...over });

describe('slugs', () => {
  it('slugify turns a name into lowercase ASCII words joined by hyphens', () => {
    expect(slugify('Blood Glucose Meters')).toBe('blood-glucose-meters');
    expect(slugify('  Réf. (No) / Lot ')).toBe('ref-no-lot');
    expect(slugify('---')).toBe('');
    expect(slugify('x'.repeat(60))).toHaveLength(50);
  });

  it('the slug follows the name until the user types their own', () => {
    expect(followSlug('', 'Pumps', '')).toBe('pumps');
    expect(followSlug('Pumps', 'Pumps X', 'pumps')).toBe('pumps-x');
    expect(followSlug('Pumps', 'Pumps X', 'my-own')).toBe('my-own');
  });
});

describe('attribute limits', () => {
  it('counts text and lot-number attributes against 6 and 1', () => {
    const limits = attributeLimits({ lotNumbers: true, attributeDefinitions: [row(), row(), row({ type: 'MULTI_ARRAY' })] });
    expect(limits).toMatchObject({
      strings: 2,
      lotNumbers: 1,
      maxStrings: 6,
      maxLotNumbers: 1,
      canAddString: true,
      canAddLotNumber: false,
    });
    expect(attributeLimits({ lotNumbers: false, attributeDefinitions: [] }).canAddLotNumber).toBe(false);
    expect(attributeLimits({ lotNumbers: false, attributeDefinitions: Array.from({ length: 6 }, () => row()) }).canAddString).toBe(false);
  });

  it('too many, or a lot-number attribute without lot numbers, are problems with the server keys', () => {
    expect(ruleProblems({ ...base, attributeDefinitions: Array.from({ length: 7 }, () => row()) }, true)).toEqual([
      { key: CatalogueErrorKeys.tooManyStringAttributes, field: 'attributeDefinitions', params: { max: 6 } },
    ]);
    expect(ruleProblems({ ...base, attributeDefinitions: [row({ type: 'MULTI_ARRAY' })] }, true)).toEqual([
      { key: CatalogueErrorKeys.lotNumbersDisabled, field: 'attributeDefinitions.0.type' },
    ]);
    // a saved lot-number attribute stays while the switch is off
    expect(ruleProblems({ ...base, attributeDefinitions: [row({ id: 7, type: 'MULTI_ARRAY' })] }, true)).toEqual([]);
    expect(
      ruleProblems({ ...base, lotNumbers: true, attributeDefinitions: [row({ type: 'MULTI_ARRAY' }), row({ type: 'MULTI_ARRAY' })] }, true),
    ).toEqual([{ key: CatalogueErrorKeys.tooManyLotNumberAttributes, field: 'attributeDefinitions', params: { max: 1 } }]);
  });
});

describe('every active audience needs something searchable', () => {
  it('HCP is always active: the key code or an active attribute must be searchable', () => {
    expect(audiencesWithoutSearch({ ...base, attributeDefinitions: [] }, false)).toEqual([]);
    const hidden = { ...base, keyCodeSearchTypeHCP: 'VISIBLE' as const };
    expect(audiencesWithoutSearch({ ...hidden, attributeDefinitions: [] }, false)).toEqual(['HCP']);
    expect(
      audiencesWithoutSearch({ ...hidden, attributeDefinitions: [row({ searchTypeHCP: 'SEARCHABLE_DROPDOWN', isActive: false })] }, false),
    ).toEqual(['HCP']);
    expect(audiencesWithoutSearch({ ...hidden, attributeDefinitions: [row({ searchTypeHCP: 'SEARCHABLE_DROPDOWN' })] }, false)).toEqual([]);
    // the lot-number attribute counts only with the lot-numbers switch on
    const lot = [row({ id: 7, type: 'MULTI_ARRAY', searchTypeHCP: 'SEARCHABLE_EXACT' })];
    expect(audiencesWithoutSearch({ ...hidden, attributeDefinitions: lot }, false)).toEqual(['HCP']);
    expect(audiencesWithoutSearch({ ...hidden, lotNumbers: true, attributeDefinitions: lot }, false)).toEqual([]);
  });

  it('patients count once the portal is not off and the type shows them anything', () => {
    const showsPatients = { ...base, keyCodeSearchTypePatient: 'VISIBLE' as const, attributeDefinitions: [] };
    expect(audiencesWithoutSearch(showsPatients, true)).toEqual(['PATIENT']);
    expect(audiencesWithoutSearch(showsPatients, undefined)).toEqual(['PATIENT']);
    expect(audiencesWithoutSearch(showsPatients, false)).toEqual([]);
    expect(audiencesWithoutSearch({ ...base, attributeDefinitions: [] }, true)).toEqual([]);
    expect(
      audiencesWithoutSearch({ ...showsPatients, attributeDefinitions: [row({ searchTypePatient: 'SEARCHABLE_PARTIAL' })] }, true),
    ).toEqual([]);
    expect(ruleProblems(showsPatients, true)).toEqual([
      { key: CatalogueErrorKeys.noSearchableAttributes, params: { audience: 'PATIENT' } },
    ]);
  });
});

describe('the form follows the server (the rules of the contract)', () => {
  it('a lot-number attribute with the switch off or a mandatory patient search alone shows nothing to patients', () => {
    const lotShown = [row({ id: 7, type: 'MULTI_ARRAY', searchTypePatient: 'VISIBLE' })];
    expect(patientAudienceActive({ ...base, attributeDefinitions: lotShown }, true)).toBe(false);
    expect(patientAudienceActive({ ...base, lotNumbers: true, attributeDefinitions: lotShown }, true)).toBe(true);
    expect(patientAudienceActive({ ...base, attributeDefinitions: [row({ isMandatoryPatientSearch: true })] }, true)).toBe(false);
    expect(patientAudienceActive({ ...base, keyCodeSearchTypePatient: 'VISIBLE', attributeDefinitions: [] }, false)).toBe(false);
  });

  it('names the problems in the order the server checks them', () => {
    const rows = [...Array.from({ length: 7 }, () => row()), row({ type: 'MULTI_ARRAY' })];
    expect(ruleProblems({ ...base, keyCodeSearchTypeHCP: 'VISIBLE', attributeDefinitions: rows }, true).map((p) => p.key)).toEqual([
      CatalogueErrorKeys.tooManyStringAttributes,
      CatalogueErrorKeys.lotNumbersDisabled,
      CatalogueErrorKeys.noSearchableAttributes,
    ]);
  });
});

describe('form and body', () => {
  it('round-trips a product type; rows in visualisation order, order renumbered from 0', () => {
    const type = pumps({
      keyCodeLabelHCP: 'REF',
      attributeDefinitions: [
        definition({ id: 2, name: 'Second', visualizationOrder: 5, meta: 'm' }),
        definition({ id: 1, name: 'First', visualizationOrder: 2 }),
      ],
    });
    const values = productTypeFormSchema.parse(toForm(type));
    expect(values.attributeDefinitions.map((r) => r.name)).toEqual(['First', 'Second']);
    const body = toBody(values, 3);
    expect(body).toMatchObject({ businessUnitId: 3, name: type.name, slug: type.slug, keyCodeLabelHCP: 'REF', keyCodeLabelPatient: null });
    expect(body.attributeDefinitions?.map((d) => [d.id, d.visualizationOrder, d.meta])).toEqual([
      [1, 0, null],
      [2, 1, 'm'],
    ]);
  });

  it('the bodies are what the contract accepts', () => {
    const values = productTypeFormSchema.parse({
      ...toForm(pumps({ attributeDefinitions: [definition({ id: 1, name: 'Size' })] })),
      attributeDefinitions: [
        ...toForm(pumps({ attributeDefinitions: [definition({ id: 1, name: 'Size' })] })).attributeDefinitions,
        row({ name: 'New', slug: 'new' }),
      ],
    });
    const body = toBody(values, 3);
    expect(productTypeCreateBody.safeParse(body).success).toBe(true);
    const update = productTypeUpdateBody.parse({ ...body, id: 11, version: 4 });
    expect(update.attributeDefinitions.map((d) => d.id)).toEqual([1, null]);
  });

  it('rejects two attributes with the same name or slug (both rows marked), and names with special characters', () => {
    const values = { ...toForm(), name: 'Pumps', slug: 'pumps', attributeDefinitions: [row({ name: 'Size' }), row({ name: 'size' })] };
    const result = productTypeFormSchema.safeParse(values);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['attributeDefinitions.0.name', CatalogueErrorKeys.attributeNameExists],
      ['attributeDefinitions.0.slug', CatalogueErrorKeys.attributeSlugExists],
      ['attributeDefinitions.1.name', CatalogueErrorKeys.attributeNameExists],
      ['attributeDefinitions.1.slug', CatalogueErrorKeys.attributeSlugExists],
    ]);
    expect(productTypeFormSchema.safeParse({ ...toForm(), name: 'Pumps <b>', slug: 'pumps' }).error?.issues[0]?.message).toBe('Pattern');
  });
});

describe('translations', () => {
  it('every catalogue error key has an English text', () => {
    const missing = Object.values(CatalogueErrorKeys).filter((key) => !i18n.exists(key));
    expect(missing).toEqual([]);
  });
});

describe('retention', () => {
  const form = (over: Record<string, unknown>) => ({ ...toForm(pumps()), ...over });
  it('defaults to 2 years, not implantable, and sends both', () => {
    const values = toForm(pumps());
    expect([values.retentionYears, values.implantable]).toEqual([2, false]);
    const out = productTypeFormSchema.parse(form({ retentionYears: 15, implantable: true }));
    expect(toBody(out, 3)).toMatchObject({ retentionYears: 15, implantable: true });
  });

  it('refuses fewer than 15 years when implantable, fewer than 2 always, and a fraction', () => {
    const short = productTypeFormSchema.safeParse(form({ retentionYears: 10, implantable: true }));
    expect(short.success).toBe(false);
    expect(short.error?.issues).toEqual([
      expect.objectContaining({ path: ['retentionYears'], message: CatalogueErrorKeys.retentionTooShort }),
    ]);
    expect(i18n.exists(CatalogueErrorKeys.retentionTooShort)).toBe(true);
    expect(productTypeFormSchema.safeParse(form({ retentionYears: 1 })).success).toBe(false);
    expect(productTypeFormSchema.safeParse(form({ retentionYears: 2.5 })).success).toBe(false);
    expect(productTypeFormSchema.safeParse(form({ retentionYears: 10 })).success).toBe(true);
  });
});
