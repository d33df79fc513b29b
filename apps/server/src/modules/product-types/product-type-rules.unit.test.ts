import {
  activeAudiences,
  attributeLimitProblems,
  attributeLimits,
  audienceProblems,
  audiencesWithoutSearch,
  CatalogueErrorKeys,
  duplicateDefinitionProblems,
  lotNumberProblems,
  patientHeroImageProblems,
  patientPortalProblems,
  type RuleDefinition,
  type RuleProductType,
  showsPatients,
  storedDefinitionProblems,
} from '@vellum/contract';
import { describe, expect, it } from 'vitest';

/** The product-type rules of the contract (shared by the server and the admin form), without a database. */

let n = 0;
/** A new, active STRING definition in the body at `index`, shown to nobody. */
const def = (over: Partial<RuleDefinition> = {}): RuleDefinition => {
  n += 1;
  return {
    id: null,
    name: `Attr ${n}`,
    slug: `attr-${n}`,
    type: 'STRING',
    isUnique: false,
    isActive: true,
    searchTypeHCP: 'NOT_VISIBLE',
    searchTypePatient: 'NOT_VISIBLE',
    isMandatoryPatientSearch: false,
    ...over,
  };
};
/** The body's definitions get their index. */
const listed = (defs: RuleDefinition[]) => defs.map((d, index) => ({ ...d, index }));
const typeWith = (attributeDefinitions: RuleDefinition[], over: Partial<RuleProductType> = {}): RuleProductType => ({
  lotNumbers: false,
  keyCodeSearchTypeHCP: 'SEARCHABLE_EXACT',
  keyCodeSearchTypePatient: 'NOT_VISIBLE',
  attributeDefinitions,
  ...over,
});
const fields = (problems: { key: string; field?: string }[]) => problems.map((p) => [p.key, p.field]);

describe('attribute limits', () => {
  it('counts text and lot-number attributes, active or not, against 6 and 1', () => {
    const defs = [def(), def({ isActive: false }), def({ type: 'MULTI_ARRAY' })];
    expect(attributeLimits(typeWith(defs, { lotNumbers: true }))).toEqual({
      strings: 2,
      lotNumbers: 1,
      maxStrings: 6,
      maxLotNumbers: 1,
      lotNumbersAllowed: true,
      canAddString: true,
      canAddLotNumber: false,
    });
    expect(attributeLimits(typeWith([])).canAddLotNumber).toBe(false);
    expect(attributeLimits(typeWith([], { lotNumbers: true })).canAddLotNumber).toBe(true);
    expect(attributeLimits(typeWith(Array.from({ length: 6 }, () => def()))).canAddString).toBe(false);
  });

  it('refuses a 7th text attribute and a 2nd lot-number attribute (the lot-number one first)', () => {
    expect(attributeLimitProblems(typeWith(Array.from({ length: 6 }, () => def())))).toEqual([]);
    expect(attributeLimitProblems(typeWith(Array.from({ length: 7 }, () => def({ isActive: false }))))).toEqual([
      { key: CatalogueErrorKeys.tooManyStringAttributes, field: 'attributeDefinitions', params: { max: 6 } },
    ]);
    const both = [...Array.from({ length: 7 }, () => def()), def({ type: 'MULTI_ARRAY' }), def({ type: 'MULTI_ARRAY', id: 4 })];
    expect(attributeLimitProblems(typeWith(both, { lotNumbers: true })).map((p) => p.key)).toEqual([
      CatalogueErrorKeys.tooManyLotNumberAttributes,
      CatalogueErrorKeys.tooManyStringAttributes,
    ]);
  });
});

describe('names and slugs of the definitions', () => {
  it('are unique within the type: names regardless of case, slugs as they are', () => {
    expect(duplicateDefinitionProblems(typeWith(listed([def({ name: 'Size' }), def({ name: 'Length' })])))).toEqual([]);
    const problems = duplicateDefinitionProblems(typeWith(listed([def({ name: 'Size' }), def({ name: 'SIZE' })])));
    // the first problem is the one the server answers; the other row of the clash follows
    expect(problems).toEqual([
      { key: CatalogueErrorKeys.attributeNameExists, field: 'attributeDefinitions.0.name', params: { name: 'Size' } },
      { key: CatalogueErrorKeys.attributeNameExists, field: 'attributeDefinitions.1.name', params: { name: 'SIZE' } },
    ]);
    expect(fields(duplicateDefinitionProblems(typeWith(listed([def({ slug: 'size' }), def(), def({ slug: 'size' })]))))).toEqual([
      [CatalogueErrorKeys.attributeSlugExists, 'attributeDefinitions.0.slug'],
      [CatalogueErrorKeys.attributeSlugExists, 'attributeDefinitions.2.slug'],
    ]);
  });

  it('count the stored definitions the body leaves out, and point at the field of the body', () => {
    const kept = def({ id: 3, name: 'Length', slug: 'length' });
    expect(fields(duplicateDefinitionProblems(typeWith([...listed([def({ name: 'length' })]), kept])))).toEqual([
      [CatalogueErrorKeys.attributeNameExists, 'attributeDefinitions.0.name'],
    ]);
    expect(fields(duplicateDefinitionProblems(typeWith([...listed([def({ slug: 'length' })]), kept])))).toEqual([
      [CatalogueErrorKeys.attributeSlugExists, 'attributeDefinitions.0.slug'],
    ]);
  });

  it('leave empty names and slugs to the field validation', () => {
    expect(duplicateDefinitionProblems(typeWith(listed([def({ name: '', slug: '' }), def({ name: '', slug: '' })])))).toEqual([]);
  });
});

describe('stored definitions named by the body', () => {
  const stored = [
    { id: 1, type: 'STRING', isUnique: true },
    { id: 2, type: 'MULTI_ARRAY', isUnique: false },
  ];

  it('must be of the type and named once', () => {
    expect(storedDefinitionProblems([def({ id: 1, isUnique: true }), def({ id: 2, type: 'MULTI_ARRAY' }), def()], stored)).toEqual([]);
    expect(storedDefinitionProblems([def(), def({ id: 9 })], stored)).toEqual([
      { key: CatalogueErrorKeys.attributeDefinitionInvalid, field: 'attributeDefinitions.1.id', params: { attributeDefinitionId: 9 } },
    ]);
    expect(fields(storedDefinitionProblems([def({ id: 1, isUnique: true }), def({ id: 1, isUnique: true })], stored))).toEqual([
      [CatalogueErrorKeys.attributeDefinitionInvalid, 'attributeDefinitions.1.id'],
    ]);
    // on create nothing is stored: any id is unknown
    expect(storedDefinitionProblems([def({ id: 1 })], []).map((p) => p.key)).toEqual([CatalogueErrorKeys.attributeDefinitionInvalid]);
  });

  it('keep their type and isUnique', () => {
    expect(fields(storedDefinitionProblems([def({ id: 1, isUnique: true, type: 'MULTI_ARRAY' })], stored))).toEqual([
      [CatalogueErrorKeys.attributeTypeCannotChange, 'attributeDefinitions.0.type'],
    ]);
    expect(fields(storedDefinitionProblems([def({ id: 1, isUnique: false })], stored))).toEqual([
      [CatalogueErrorKeys.attributeUniqueCannotChange, 'attributeDefinitions.0.isUnique'],
    ]);
  });
});

describe('lot numbers', () => {
  it('a new lot-number attribute needs the lot-numbers switch', () => {
    expect(lotNumberProblems(typeWith(listed([def(), def({ type: 'MULTI_ARRAY' })])))).toEqual([
      { key: CatalogueErrorKeys.lotNumbersDisabled, field: 'attributeDefinitions.1.type' },
    ]);
    expect(lotNumberProblems(typeWith(listed([def({ type: 'MULTI_ARRAY' })]), { lotNumbers: true }))).toEqual([]);
    // a row of a form without id yet is new too
    const { id: _id, ...withoutId } = def({ type: 'MULTI_ARRAY' });
    expect(lotNumberProblems(typeWith([withoutId as RuleDefinition])).map((p) => p.key)).toEqual([CatalogueErrorKeys.lotNumbersDisabled]);
  });

  it('a stored one is kept while the switch is off', () => {
    expect(lotNumberProblems(typeWith(listed([def({ id: 7, type: 'MULTI_ARRAY' })])))).toEqual([]);
    expect(lotNumberProblems(typeWith([def({ id: 7, type: 'MULTI_ARRAY' })]))).toEqual([]);
  });
});

describe('patient portal off', () => {
  const created = (over: Partial<RuleProductType>, defs: RuleDefinition[] = []) => typeWith(listed(defs), over);

  it('nothing starts showing to patients: key code, attribute patient search, mandatory patient search', () => {
    expect(patientPortalProblems(created({ keyCodeSearchTypePatient: 'VISIBLE' }), false)).toEqual([
      { key: CatalogueErrorKeys.patientKeyCodeSearchDisabled, field: 'keyCodeSearchTypePatient' },
    ]);
    expect(fields(patientPortalProblems(created({}, [def(), def({ searchTypePatient: 'SEARCHABLE_PARTIAL' })]), false))).toEqual([
      [CatalogueErrorKeys.patientAttributeSearchDisabled, 'attributeDefinitions.1.searchTypePatient'],
    ]);
    expect(fields(patientPortalProblems(created({}, [def({ isMandatoryPatientSearch: true })]), false))).toEqual([
      [CatalogueErrorKeys.patientAttributeSearchDisabled, 'attributeDefinitions.0.isMandatoryPatientSearch'],
    ]);
    expect(patientPortalProblems(created({}, [def()]), false)).toEqual([]);
  });

  it('with the portal on, anything goes', () => {
    const all = created({ keyCodeSearchTypePatient: 'SEARCHABLE_EXACT' }, [
      def({ searchTypePatient: 'VISIBLE', isMandatoryPatientSearch: true }),
    ]);
    expect(patientPortalProblems(all, true)).toEqual([]);
  });

  it('what was stored stays; changing it to something else visible is refused', () => {
    const stored = {
      keyCodeSearchTypePatient: 'SEARCHABLE_EXACT' as const,
      attributeDefinitions: [{ id: 5, searchTypePatient: 'SEARCHABLE_EXACT' as const, isMandatoryPatientSearch: true }],
    };
    const kept = def({ id: 5, searchTypePatient: 'SEARCHABLE_EXACT', isMandatoryPatientSearch: true });
    expect(patientPortalProblems(created({ keyCodeSearchTypePatient: 'SEARCHABLE_EXACT' }, [kept]), false, stored)).toEqual([]);
    expect(
      fields(
        patientPortalProblems(created({ keyCodeSearchTypePatient: 'VISIBLE' }, [{ ...kept, searchTypePatient: 'VISIBLE' }]), false, stored),
      ),
    ).toEqual([
      [CatalogueErrorKeys.patientKeyCodeSearchDisabled, 'keyCodeSearchTypePatient'],
      [CatalogueErrorKeys.patientAttributeSearchDisabled, 'attributeDefinitions.0.searchTypePatient'],
    ]);
    // turning it off is always allowed; a new definition is compared with nothing
    expect(
      patientPortalProblems(created({}, [{ ...kept, searchTypePatient: 'NOT_VISIBLE', isMandatoryPatientSearch: false }]), false, stored),
    ).toEqual([]);
    expect(patientPortalProblems(created({}, [def({ searchTypePatient: 'SEARCHABLE_EXACT' })]), false, stored).map((p) => p.key)).toEqual([
      CatalogueErrorKeys.patientAttributeSearchDisabled,
    ]);
  });

  it('stored definitions the body leaves out are not looked at', () => {
    const leftOut = def({ id: 5, searchTypePatient: 'SEARCHABLE_EXACT' });
    expect(patientPortalProblems(typeWith([leftOut]), false)).toEqual([]);
  });

  it('a patient hero image needs the portal', () => {
    expect(patientHeroImageProblems(false)).toEqual([{ key: CatalogueErrorKeys.patientToggleDisabled, field: 'heroImagePatient' }]);
    expect(patientHeroImageProblems(true)).toEqual([]);
  });
});

describe('every active audience needs a searchable key code or attribute', () => {
  const noHcpKeyCode = { keyCodeSearchTypeHCP: 'VISIBLE' } as const;

  it('HCP is always active: the key code or an active attribute must be searchable', () => {
    expect(audiencesWithoutSearch(typeWith([]), false)).toEqual([]);
    expect(audiencesWithoutSearch(typeWith([], noHcpKeyCode), false)).toEqual(['HCP']);
    expect(audiencesWithoutSearch(typeWith([def({ searchTypeHCP: 'SEARCHABLE_DROPDOWN', isActive: false })], noHcpKeyCode), true)).toEqual([
      'HCP',
    ]);
    expect(audiencesWithoutSearch(typeWith([def({ searchTypeHCP: 'SEARCHABLE_DROPDOWN' })], noHcpKeyCode), false)).toEqual([]);
    expect(audiencesWithoutSearch(typeWith([def({ searchTypeHCP: 'VISIBLE' })], noHcpKeyCode), false)).toEqual(['HCP']);
  });

  it('the lot-number attribute counts only while the lot-numbers switch is on', () => {
    const lot = [def({ id: 7, type: 'MULTI_ARRAY', searchTypeHCP: 'SEARCHABLE_EXACT' })];
    expect(audiencesWithoutSearch(typeWith(lot, noHcpKeyCode), false)).toEqual(['HCP']);
    expect(audiencesWithoutSearch(typeWith(lot, { ...noHcpKeyCode, lotNumbers: true }), false)).toEqual([]);
  });

  it('PATIENT is active while the portal is on and the type shows anything to patients', () => {
    const keyCodeShown = typeWith([], { keyCodeSearchTypePatient: 'VISIBLE' });
    expect(showsPatients(keyCodeShown)).toBe(true);
    expect(activeAudiences(keyCodeShown, true)).toEqual(['HCP', 'PATIENT']);
    expect(activeAudiences(keyCodeShown, false)).toEqual(['HCP']);
    expect(audiencesWithoutSearch(keyCodeShown, true)).toEqual(['PATIENT']);
    expect(audiencesWithoutSearch(keyCodeShown, false)).toEqual([]);
    // showing nothing to patients: no patient audience
    expect(showsPatients(typeWith([def()]))).toBe(false);
    expect(audiencesWithoutSearch(typeWith([def()]), true)).toEqual([]);
    // an attribute shown to patients makes it active; a searchable one satisfies it
    expect(audiencesWithoutSearch(typeWith([def({ searchTypePatient: 'VISIBLE' })]), true)).toEqual(['PATIENT']);
    expect(audiencesWithoutSearch(typeWith([def({ searchTypePatient: 'SEARCHABLE_PARTIAL' })]), true)).toEqual([]);
    expect(audiencesWithoutSearch(typeWith([], { keyCodeSearchTypePatient: 'SEARCHABLE_EXACT' }), true)).toEqual([]);
  });

  it('inactive attributes, a mandatory patient search alone and a lot-number attribute with the switch off do not show anything', () => {
    expect(showsPatients(typeWith([def({ searchTypePatient: 'VISIBLE', isActive: false })]))).toBe(false);
    expect(showsPatients(typeWith([def({ isMandatoryPatientSearch: true })]))).toBe(false);
    const lot = [def({ id: 7, type: 'MULTI_ARRAY', searchTypePatient: 'VISIBLE' })];
    expect(showsPatients(typeWith(lot))).toBe(false);
    expect(showsPatients(typeWith(lot, { lotNumbers: true }))).toBe(true);
  });

  it('answers one problem per audience, without field', () => {
    expect(audienceProblems(typeWith([], { keyCodeSearchTypeHCP: 'NOT_VISIBLE', keyCodeSearchTypePatient: 'VISIBLE' }), true)).toEqual([
      { key: CatalogueErrorKeys.noSearchableAttributes, params: { audience: 'HCP' } },
      { key: CatalogueErrorKeys.noSearchableAttributes, params: { audience: 'PATIENT' } },
    ]);
  });
});
