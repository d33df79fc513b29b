import { type ConfigDocument, DICTIONARY_LANGUAGE, REGION_KINDS } from '@vellum/contract';
import type { AuthContext } from '../../platform/access.js';
import type { Deps } from '../../platform/deps.js';
import { allInterfaceLanguages, websiteOverrides } from '../internationalizations/translations.repo.js';
import { saveWebsiteTranslations } from '../internationalizations/website-translations.service.js';
import { createLanguageGroup, listLanguageGroups, updateLanguageGroup } from '../languages/language-groups.service.js';
import { getUnitLanguages, putUnitLanguages } from '../languages/languages.service.js';
import { getSettings, updateSettings } from '../manufacturer/manufacturer.service.js';
import { countriesOf, regionsOfUnit } from '../regions/regions.repo.js';
import { createRegion, updateRegion } from '../regions/regions.service.js';
import { unitKey } from './config-catalogue.js';
import { groupBy, type UnitIds, unitIdOf } from './config-units.js';

type ConfigSettings = NonNullable<ConfigDocument['manufacturerSettings']>;
type ConfigGlobalLanguages = NonNullable<ConfigDocument['globalLanguages']>;
type ConfigLanguageGroup = ConfigDocument['languageGroups'][number];
type ConfigRegion = ConfigDocument['regions'][number];
type ConfigTranslation = ConfigDocument['websiteTranslations'][number];

/** The manufacturer's own settings, without the software version (SSO configurations are elsewhere and never read). */
export async function readManufacturerSettings(deps: Deps): Promise<ConfigSettings> {
  const { softwareVersion: _s, version: _v, ...settings } = await getSettings(deps);
  return settings;
}

/** Through the manufacturer's own service (a single sign-on mechanism needs SSO configured here). */
export async function applyManufacturerSettings(deps: Deps, auth: AuthContext, settings: ConfigSettings): Promise<void> {
  const { version } = await getSettings(deps);
  await updateSettings(deps, auth, { ...settings, version });
}

/** The manufacturer-wide (unit 0) language lists. */
export async function readGlobalLanguages(deps: Pick<Deps, 'db'>): Promise<ConfigGlobalLanguages> {
  const codes = async (kind: 'interface' | 'document') => (await getUnitLanguages(deps, kind, 0)).map((l) => l.isoCode);
  return { interfaceLanguages: await codes('interface'), documentLanguages: await codes('document') };
}

/** Through the languages' own service, each list only when it differs. */
export async function applyGlobalLanguages(deps: Deps, auth: AuthContext, lists: ConfigGlobalLanguages): Promise<void> {
  const here = await readGlobalLanguages(deps);
  const differs = (a: string[], b: string[]) => JSON.stringify([...a].sort()) !== JSON.stringify([...b].sort());
  if (differs(here.interfaceLanguages, lists.interfaceLanguages))
    await putUnitLanguages(deps, auth, 'interface', 0, lists.interfaceLanguages);
  if (differs(here.documentLanguages, lists.documentLanguages)) await putUnitLanguages(deps, auth, 'document', 0, lists.documentLanguages);
}

/** A unit's language groups (a unit holds fewer than the 2,000 one page lists: each holds a document language of its own). */
const groupsOfUnit = async (deps: Pick<Deps, 'db'>, unitId: number) =>
  (await listLanguageGroups(deps, { 'business-unit': unitId, page: 0, size: 2000, sort: ['name,asc'], search: undefined })).items;

/** Every level's language groups (unit 0's included), each with its document languages. */
export async function readLanguageGroups(deps: Pick<Deps, 'db'>, slugs: Map<number, string>): Promise<ConfigLanguageGroup[]> {
  const result: ConfigLanguageGroup[] = [];
  for (const [unitId, unit] of slugs) {
    for (const g of await groupsOfUnit(deps, unitId))
      result.push({ businessUnit: unit, name: g.name, documentLanguages: g.documentLanguageIds });
  }
  return result;
}

/**
 * Through the language groups' own service, matched by unit and name (its rules: the languages are
 * document languages of the unit, in no other group, the name free); groups only here stay. The
 * changed groups go first: a language one of them lets go of may be the one a new group takes.
 */
export async function applyLanguageGroups(deps: Deps, auth: AuthContext, units: UnitIds, groups: ConfigLanguageGroup[]): Promise<void> {
  const added: { businessUnitId: number; name: string; documentLanguageIds: string[] }[] = [];
  for (const group of groups) {
    const businessUnitId = unitIdOf(units, 'languageGroups', unitKey(group.businessUnit, group.name), group.businessUnit);
    const body = { businessUnitId, name: group.name, documentLanguageIds: group.documentLanguages };
    const before = (await groupsOfUnit(deps, businessUnitId)).find((g) => g.name === group.name);
    if (before) await updateLanguageGroup(deps, auth, { ...body, id: before.id, version: before.version });
    else added.push(body);
  }
  for (const body of added) await createLanguageGroup(deps, auth, { ...body, id: undefined });
}

/** `unit/KIND/name`: the natural key of a region. */
export const regionKey = (r: Pick<ConfigRegion, 'businessUnit' | 'kind' | 'name'>) => unitKey(r.businessUnit, `${r.kind}/${r.name}`);

async function regionRows(deps: Pick<Deps, 'db'>, kind: ConfigRegion['kind'], unitId: number) {
  const rows = await regionsOfUnit(deps.db, kind, unitId);
  const countries = await countriesOf(
    deps.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ row: r, countryIds: countries.filter((c) => c.regionId === r.id).map((c) => c.code) }));
}

/** Every unit's interface and document regions (unit 0's included), with their countries. */
export async function readRegions(deps: Pick<Deps, 'db'>, slugs: Map<number, string>): Promise<ConfigRegion[]> {
  const result: ConfigRegion[] = [];
  for (const [unitId, unit] of slugs) {
    for (const kind of REGION_KINDS) {
      for (const { row, countryIds } of await regionRows(deps, kind, unitId))
        result.push({ businessUnit: unit, kind, name: row.name, countryIds });
    }
  }
  return result;
}

/** Through the regions' own service, matched by unit, kind and name. */
export async function applyRegions(deps: Deps, auth: AuthContext, units: UnitIds, regions: ConfigRegion[]): Promise<void> {
  for (const region of regions) {
    const businessUnitId = unitIdOf(units, 'regions', regionKey(region), region.businessUnit);
    const body = { businessUnitId, name: region.name, countryIds: region.countryIds };
    const before = (await regionRows(deps, region.kind, businessUnitId)).find((r) => r.row.name === region.name)?.row;
    if (!before) await createRegion(deps, auth, region.kind, { ...body, id: undefined });
    else await updateRegion(deps, auth, region.kind, { ...body, id: before.id, version: before.version });
  }
}

/** `unit/language/key`: the natural key of a website text. */
export const translationKey = (t: Pick<ConfigTranslation, 'businessUnit' | 'language' | 'key'>) =>
  unitKey(t.businessUnit, `${t.language}/${t.key}`);

/** The website texts each level (unit 0, the manufacturer's, and each unit) sets, in every language. */
export async function readWebsiteTranslations(deps: Pick<Deps, 'db'>, slugs: Map<number, string>): Promise<ConfigTranslation[]> {
  const languages = [...new Set([...(await allInterfaceLanguages(deps.db)), DICTIONARY_LANGUAGE])];
  const rows = await websiteOverrides(deps.db, [...slugs.keys()], languages);
  return rows.map((r) => ({
    businessUnit: slugs.get(r.businessUnitId) as string,
    language: r.interfaceLanguageIso,
    key: r.translationKey,
    value: r.translatedValue,
  }));
}

/** Through the website texts' own service, one save per level and language (texts only here are left as they are). */
export async function applyWebsiteTranslations(deps: Deps, auth: AuthContext, units: UnitIds, texts: ConfigTranslation[]): Promise<void> {
  for (const group of groupBy(texts, (t) => `${t.businessUnit}|${t.language}`).values()) {
    const { businessUnit, language } = group[0];
    const businessUnitId = unitIdOf(units, 'websiteTranslations', translationKey(group[0]), businessUnit);
    await saveWebsiteTranslations(
      deps,
      auth,
      { 'business-unit': businessUnitId, interfaceLanguageISO: language },
      { translations: group.map((t) => ({ translationKey: t.key, translatedValue: t.value })) },
    );
  }
}
