import { ACCESS_RIGHTS, CONFIG_FORMAT_VERSION, type ConfigDocument, type ConfigPart, type configDocumentSchema } from '@vellum/contract';
import type { z } from 'zod';
import type { Deps } from '../../platform/deps.js';
import { pageRequest } from '../../platform/paging.js';
import { businessUnitSortable, listBusinessUnits } from '../business-units/business-units.repo.js';
import { toBusinessUnit } from '../business-units/business-units.service.js';
import { listRoles } from '../roles/roles.service.js';
import { listUserGroups } from '../user-groups/user-groups.service.js';
import {
  BinaryCollector,
  productTypeImageKey,
  readManufacturerImages,
  readProductTypeImages,
  readPublicResources,
  readUnitCss,
  readUnitLogos,
} from './config-binaries.js';
import { readDocumentAttributes, readDocumentTypes, readProductTypes, unitKey } from './config-catalogue.js';
import { contentBlockKey, readContentBlocks, readFooters } from './config-layout.js';
import {
  readGlobalLanguages,
  readLanguageGroups,
  readManufacturerSettings,
  readRegions,
  readWebsiteTranslations,
  regionKey,
  translationKey,
} from './config-settings.js';
import { readRecordTranslations, recordTranslationKey } from './config-translations.js';

type ConfigInput = z.output<typeof configDocumentSchema>;

/** Every unit, the global one (id 0, slug `global`) aside: its rows, for their slugs and settings. */
export async function allUnits(deps: Pick<Deps, 'db'>) {
  const page = pageRequest({ page: 0, size: 100_000, sort: ['slug,asc'] }, businessUnitSortable, businessUnitSortable.id);
  return (await listBusinessUnits(deps.db, { ids: 'all' }, page)).rows.map(toBusinessUnit);
}

/** The slug of every unit by id, the global unit's (0) included. */
export async function slugsById(deps: Pick<Deps, 'db'>): Promise<Map<number, string>> {
  const units = await allUnits(deps);
  return new Map([[0, 'global'], ...units.map((u) => [u.id, u.slug] as const)]);
}

const sortedRights = (rights: readonly string[]) => ACCESS_RIGHTS.filter((r) => rights.includes(r));
const sorted = (values: readonly string[]) => [...new Set(values)].sort();

/**
 * One document in the form an import compares: rights in the catalogue's order, unit slugs and
 * languages sorted, every list ordered by its key; so two equal configurations give equal JSON.
 */
export function canonical(doc: ConfigInput): ConfigDocument {
  const byKey = <T>(items: T[], key: (t: T) => string) => [...items].sort((a, b) => key(a).localeCompare(key(b)));
  const languages = doc.globalLanguages;
  return {
    ...doc,
    globalLanguages: languages && {
      interfaceLanguages: sorted(languages.interfaceLanguages),
      documentLanguages: sorted(languages.documentLanguages),
    },
    languageGroups: byKey(
      doc.languageGroups.map((g) => ({ ...g, documentLanguages: sorted(g.documentLanguages) })),
      keyOf.languageGroups,
    ),
    regions: byKey(
      doc.regions.map((r) => ({ ...r, countryIds: sorted(r.countryIds) })),
      regionKey,
    ),
    productTypes: byKey(
      doc.productTypes.map((t) => ({
        ...t,
        keyCodeLabelHCP: t.keyCodeLabelHCP || null,
        keyCodeLabelPatient: t.keyCodeLabelPatient || null,
        attributeDefinitions: byKey(t.attributeDefinitions, (d) => d.slug),
      })),
      keyOf.productTypes,
    ),
    documentTypes: byKey(doc.documentTypes, keyOf.documentTypes),
    documentAttributes: byKey(doc.documentAttributes, keyOf.documentAttributes),
    websiteTranslations: byKey(doc.websiteTranslations, translationKey),
    footers: byKey(
      doc.footers.map((f) => ({ ...f, items: [...f.items].sort((a, b) => a.visualizationOrder - b.visualizationOrder) })),
      (f) => f.businessUnit,
    ),
    contentBlocks: byKey(doc.contentBlocks, contentBlockKey),
    manufacturerImages: byKey(doc.manufacturerImages, keyOf.manufacturerImages),
    unitLogos: byKey(doc.unitLogos, keyOf.unitLogos),
    productTypeImages: byKey(doc.productTypeImages, keyOf.productTypeImages),
    publicResources: byKey(doc.publicResources, keyOf.publicResources),
    unitCss: byKey(doc.unitCss, keyOf.unitCss),
    recordTranslations: byKey(doc.recordTranslations, recordTranslationKey),
    businessUnits: byKey(
      doc.businessUnits.map((u) => ({
        ...u,
        interfaceLanguages: sorted(u.interfaceLanguages),
        documentLanguages: sorted(u.documentLanguages),
      })),
      (u) => u.slug,
    ),
    roles: byKey(
      doc.roles.map((r) => ({
        ...r,
        description: r.description || null,
        accessRights: sortedRights(r.accessRights) as typeof r.accessRights,
      })),
      (r) => r.name,
    ),
    userGroups: byKey(
      doc.userGroups.map((g) => ({ ...g, businessUnits: g.allBusinessUnits ? [] : sorted(g.businessUnits) })),
      (g) => g.name,
    ),
  };
}

/** An item of a part: an element of a list, or the one object of a part that is a single object. */
export type ConfigItem<P extends ConfigPart> = ConfigDocument[P] extends (infer I)[] ? I : NonNullable<ConfigDocument[P]>;

/** The items of a part (a single-object part absent from the document has none). */
export function itemsOf<P extends ConfigPart>(doc: ConfigDocument, part: P): ConfigItem<P>[] {
  const value = doc[part];
  if (value === null) return [];
  return (Array.isArray(value) ? value : [value]) as ConfigItem<P>[];
}

/** The natural key of an item of each part. */
export const keyOf: { [P in ConfigPart]: (item: ConfigItem<P>) => string } = {
  businessUnits: (u) => u.slug,
  roles: (r) => r.name,
  userGroups: (g) => g.name,
  manufacturerSettings: () => 'manufacturer',
  globalLanguages: () => 'global',
  languageGroups: (g) => unitKey(g.businessUnit, g.name),
  regions: regionKey,
  productTypes: (t) => unitKey(t.businessUnit, t.name),
  documentTypes: (t) => unitKey(t.businessUnit, t.name),
  documentAttributes: (d) => unitKey(d.businessUnit, d.slug),
  websiteTranslations: translationKey,
  footers: (f) => f.businessUnit,
  contentBlocks: contentBlockKey,
  manufacturerImages: (i) => i.kind,
  unitLogos: (l) => l.businessUnit,
  productTypeImages: productTypeImageKey,
  publicResources: (r) => unitKey(r.businessUnit, r.name),
  unitCss: (c) => c.businessUnit,
  recordTranslations: recordTranslationKey,
};

/**
 * The manufacturer's configuration as the export writes it, read through each area's own service
 * and repo: units by slug (without their id, logo or whether their website is online), the roles
 * the manufacturer made, the user groups but the fixed super-admin group, without their users, the
 * manufacturer's own settings, unit 0's languages, the language groups, regions, product types with
 * their attribute definitions, document types and attributes, the website texts, footers and content
 * blocks each level sets; the binaries (the manufacturer's images, the units' logos, the product
 * types' images, the websites' public resources and custom CSS) by reference, `binaries` collecting
 * their bytes; and the translations of those records by the records' natural keys.
 */
export async function readConfiguration(deps: Deps, binaries = new BinaryCollector(deps.files, false)): Promise<ConfigDocument> {
  const units = await allUnits(deps);
  const slugs = await slugsById(deps);
  const roles = await listRoles(deps, { sort: [], search: '' });
  const groups = await listUserGroups(deps, { sort: [], search: '' });
  return canonical({
    formatVersion: CONFIG_FORMAT_VERSION,
    exportedAt: new Date().toISOString(),
    softwareVersion: deps.config.version,
    businessUnits: units.map(({ id: _id, logoUrl: _logo, version: _version, active: _active, ...settings }) => settings),
    roles: roles
      .filter((r) => !r.predefined)
      .map((r) => ({
        name: r.name,
        description: r.description,
        accessRights: r.accessRights as ConfigDocument['roles'][number]['accessRights'],
      })),
    userGroups: groups
      .filter((g) => !g.superAdmin)
      .map((g) => ({
        name: g.name,
        role: g.role.name,
        allBusinessUnits: g.allBusinessUnits,
        businessUnits: g.businessUnits.map((u) => slugs.get(u.id) ?? String(u.id)),
      })),
    manufacturerSettings: await readManufacturerSettings(deps),
    globalLanguages: await readGlobalLanguages(deps),
    languageGroups: await readLanguageGroups(deps, slugs),
    regions: await readRegions(deps, slugs),
    productTypes: await readProductTypes(deps, slugs),
    documentTypes: await readDocumentTypes(deps, slugs),
    documentAttributes: await readDocumentAttributes(deps, slugs),
    websiteTranslations: await readWebsiteTranslations(deps, slugs),
    footers: await readFooters(deps, slugs),
    contentBlocks: await readContentBlocks(deps, slugs),
    manufacturerImages: await readManufacturerImages(deps, binaries),
    unitLogos: await readUnitLogos(deps, slugs, binaries),
    productTypeImages: await readProductTypeImages(deps, slugs, binaries),
    publicResources: await readPublicResources(deps, slugs, binaries),
    unitCss: await readUnitCss(deps, slugs, binaries),
    recordTranslations: await readRecordTranslations(deps, slugs, binaries),
  });
}
