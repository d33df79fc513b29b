import type { Readable } from 'node:stream';
import {
  CONFIG_PARTS,
  type ConfigDocument,
  ConfigExportErrorKeys,
  type ConfigImportPreview,
  type ConfigPart,
  type ConfigPartDiff,
  configDocumentSchema,
} from '@vellum/contract';
import type { AuthContext } from '../../platform/access.js';
import { audit } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest } from '../../platform/errors.js';
import { deferringStore } from '../../platform/storage-deferred.js';
import { createBusinessUnit, updateBusinessUnitSettings } from '../business-units/business-units.service.js';
import { putUnitLanguages } from '../languages/languages.service.js';
import { createRole, listRoles, updateRole } from '../roles/roles.service.js';
import { createUserGroup, listUserGroups, updateUserGroup } from '../user-groups/user-groups.service.js';
import {
  applyManufacturerImages,
  applyProductTypeImages,
  applyPublicResources,
  applyUnitCss,
  applyUnitLogos,
  BinaryCollector,
  productTypeImageKey,
  readZipBinaries,
  type ZipBinaries,
} from './config-binaries.js';
import { applyDocumentAttributes, applyDocumentTypes, applyProductTypes, unitKey } from './config-catalogue.js';
import { allUnits, type ConfigItem, canonical, itemsOf, keyOf, readConfiguration, slugsById } from './config-document.js';
import { applyContentBlocks, applyFooters, contentBlockKey } from './config-layout.js';
import {
  applyGlobalLanguages,
  applyLanguageGroups,
  applyManufacturerSettings,
  applyRegions,
  applyWebsiteTranslations,
} from './config-settings.js';
import { applyRecordTranslations, documentRecords, recordTranslationKey, translatedRecord } from './config-translations.js';
import { type UnitIds, unknownReference } from './config-units.js';
import { configZip, invalidFile, withConfigZip } from './config-zip.js';

/** The export's zip with its binaries, named for the day. */
export async function exportConfiguration(deps: Deps): Promise<{ fileName: string; zip: Readable }> {
  const binaries = new BinaryCollector(deps.files, true);
  const document = await readConfiguration(deps, binaries);
  return { fileName: `vellum-configuration-${document.exportedAt.slice(0, 10)}.zip`, zip: configZip(document, binaries.entries) };
}

/**
 * The uploaded zip's document, checked against the contract's schema (400 invalidFile naming the
 * first faults), and the binaries it names, read and checked as their areas' uploads are.
 */
async function withUploadedDocument<T>(zip: string, use: (incoming: ConfigDocument, binaries: ZipBinaries) => Promise<T>): Promise<T> {
  return withConfigZip(zip, async (json, read) => {
    const parsed = configDocumentSchema.safeParse(json);
    if (!parsed.success) {
      const faults = parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(document)'}: ${i.message}`);
      throw invalidFile(`config.json is not a configuration export of format 1 (${faults.join('; ')}).`);
    }
    const incoming = canonical(parsed.data);
    return use(incoming, await readZipBinaries(incoming, read));
  });
}

/** JSON with every object's keys sorted: equal items compare equal whichever order their fields were read in. */
const stableJson = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
const same = (a: unknown, b: unknown) => stableJson(a) === stableJson(b);

function diffPart<P extends ConfigPart>(part: P, incoming: ConfigDocument, here: ConfigDocument): ConfigPartDiff {
  const key = keyOf[part] as (item: ConfigItem<P>) => string;
  const current = new Map(itemsOf(here, part).map((item) => [key(item), item]));
  const seen = new Set<string>();
  const result: ConfigPartDiff = { part, added: [], changed: [], unchanged: [], onlyHere: [] };
  for (const item of itemsOf(incoming, part)) {
    const k = key(item);
    if (seen.has(k)) throw invalidFile(`${part} names "${k}" twice.`);
    seen.add(k);
    const before = current.get(k);
    if (!before) result.added.push(k);
    else if (same(before, item)) result.unchanged.push(k);
    else result.changed.push(k);
  }
  result.onlyHere = [...current.keys()].filter((k) => !seen.has(k));
  return result;
}

/** The parts whose items name a unit by its slug (`businessUnit`), and whether that may be the global unit 0. */
const UNIT_PARTS = {
  languageGroups: true,
  regions: true,
  productTypes: true,
  documentTypes: false,
  documentAttributes: false,
  websiteTranslations: true,
  footers: true,
  contentBlocks: true,
  unitLogos: true,
  productTypeImages: true,
  publicResources: true,
  unitCss: true,
  recordTranslations: true,
} as const;

/**
 * The references of the document that neither it nor this instance holds: a group's role or unit,
 * the unit of a language group, region, type, attribute, website text, footer, content block or
 * translation, a content block's product type, a translation's record. Refused before anything is
 * written (400 unknownReference naming the first).
 */
async function checkReferences(deps: Pick<Deps, 'db'>, incoming: ConfigDocument, here: ConfigDocument, parts: readonly ConfigPart[]) {
  const units = new Set([...here.businessUnits.map((u) => u.slug), ...incoming.businessUnits.map((u) => u.slug)]);
  for (const [part, globalToo] of Object.entries(UNIT_PARTS) as [keyof typeof UNIT_PARTS, boolean][]) {
    if (!parts.includes(part)) continue;
    for (const item of itemsOf(incoming, part)) {
      if (!units.has(item.businessUnit) && !(globalToo && item.businessUnit === 'global'))
        throw unknownReference(part, (keyOf[part] as (i: typeof item) => string)(item), { businessUnit: item.businessUnit });
    }
  }
  if (parts.includes('contentBlocks')) {
    const types = new Set([...here.productTypes, ...incoming.productTypes].map((t) => unitKey(t.businessUnit, t.name)));
    const unknown = incoming.contentBlocks.find((b) => b.productType !== null && !types.has(unitKey(b.businessUnit, b.productType)));
    if (unknown)
      throw unknownReference('contentBlocks', contentBlockKey(unknown), {
        businessUnit: unknown.businessUnit,
        productType: unknown.productType as string,
      });
  }
  if (parts.includes('productTypeImages')) {
    const types = new Set([...here.productTypes, ...incoming.productTypes].map((t) => unitKey(t.businessUnit, t.name)));
    const unknown = incoming.productTypeImages.find((i) => !types.has(unitKey(i.businessUnit, i.productType)));
    if (unknown)
      throw unknownReference('productTypeImages', productTypeImageKey(unknown), {
        businessUnit: unknown.businessUnit,
        productType: unknown.productType,
      });
  }
  if (parts.includes('recordTranslations')) {
    const records = new Set([...documentRecords(here), ...documentRecords(incoming)]);
    const unknown = incoming.recordTranslations.find((t) => !records.has(translatedRecord(t)));
    if (unknown)
      throw unknownReference('recordTranslations', recordTranslationKey(unknown), {
        businessUnit: unknown.businessUnit,
        entityName: unknown.entityName,
        record: unknown.record,
      });
  }
  if (!parts.includes('userGroups')) return;
  units.add('global');
  const hereRoles = await listRoles(deps, { sort: [], search: '' });
  const roles = new Set([...hereRoles.map((r) => r.name.toLowerCase()), ...incoming.roles.map((r) => r.name.toLowerCase())]);
  for (const g of incoming.userGroups) {
    if (!roles.has(g.role.toLowerCase()))
      throw badRequest(ConfigExportErrorKeys.unknownReference, { part: 'userGroups', name: g.name, role: g.role });
    const missing = g.businessUnits.find((s) => !units.has(s));
    if (missing) throw badRequest(ConfigExportErrorKeys.unknownReference, { part: 'userGroups', name: g.name, businessUnit: missing });
  }
}

function previewOf(incoming: ConfigDocument, here: ConfigDocument, parts: readonly ConfigPart[]): ConfigImportPreview {
  return {
    formatVersion: incoming.formatVersion,
    exportedAt: incoming.exportedAt,
    softwareVersion: incoming.softwareVersion,
    parts: parts.map((p) => diffPart(p, incoming, here)),
  };
}

/** What importing the zip (the path of the uploaded file) would change, per part; writes nothing. */
export async function previewImport(deps: Deps, zip: string): Promise<ConfigImportPreview> {
  return withUploadedDocument(zip, async (incoming) => {
    const here = await readConfiguration(deps);
    await checkReferences(deps, incoming, here, CONFIG_PARTS);
    return previewOf(incoming, here, CONFIG_PARTS);
  });
}

/**
 * Applies the chosen parts of the zip in one transaction, in the parts' order, through each area's
 * own service (its rules and its audit row, each a savepoint of this transaction), with one
 * `IMPORT` audit row of what was applied; any refusal rolls all of it back. Storage follows the
 * transaction: the services' deletes wait for the commit, and what a rolled-back import stored goes.
 */
export async function applyImport(deps: Deps, auth: AuthContext, zip: string, chosen: readonly ConfigPart[]): Promise<ConfigImportPreview> {
  return withUploadedDocument(zip, (incoming, binaries) => applyDocument(deps, auth, incoming, binaries, chosen));
}

async function applyDocument(
  deps: Deps,
  auth: AuthContext,
  incoming: ConfigDocument,
  binaries: ZipBinaries,
  chosen: readonly ConfigPart[],
): Promise<ConfigImportPreview> {
  const parts = CONFIG_PARTS.filter((p) => chosen.includes(p));
  const storage = deferringStore(deps.files);
  let committed = false;
  try {
    const preview = await deps.db.transaction(async (tx) => {
      const txDeps: Deps = { ...deps, db: tx as unknown as Deps['db'], files: storage.files };
      const here = await readConfiguration(txDeps);
      await checkReferences(txDeps, incoming, here, parts);
      const preview = previewOf(incoming, here, parts);
      for (const diff of preview.parts) {
        const wanted = new Set([...diff.added, ...diff.changed]);
        const key = keyOf[diff.part] as (item: unknown) => string;
        const items = itemsOf(incoming, diff.part).filter((item) => wanted.has(key(item)));
        if (items.length > 0) await applyPart[diff.part](txDeps, auth, await unitIds(txDeps), items as never, binaries);
      }
      await audit(tx, auth, {
        entityName: 'configuration',
        action: 'IMPORT',
        changes: {
          exportedAt: incoming.exportedAt,
          softwareVersion: incoming.softwareVersion,
          parts: preview.parts.map((p) => ({ part: p.part, added: p.added, changed: p.changed })),
        },
      });
      return preview;
    });
    committed = true;
    return preview;
  } finally {
    await storage.settle(committed);
  }
}

/** The id of every unit by slug, the global unit's included, as the parts before have left them. */
async function unitIds(deps: Pick<Deps, 'db'>): Promise<UnitIds> {
  return new Map([...(await slugsById(deps))].map(([id, slug]) => [slug, id]));
}

/** How each part's added and changed items are written: through its area's own service. */
const applyPart: {
  [P in ConfigPart]: (deps: Deps, auth: AuthContext, units: UnitIds, items: ConfigItem<P>[], binaries: ZipBinaries) => Promise<void>;
} = {
  businessUnits: (deps, auth, _units, items) => applyUnits(deps, auth, items),
  roles: (deps, auth, _units, items) => applyRoles(deps, auth, items),
  userGroups: (deps, auth, _units, items) => applyGroups(deps, auth, items),
  manufacturerSettings: (deps, auth, _units, [settings]) => applyManufacturerSettings(deps, auth, settings),
  globalLanguages: (deps, auth, _units, [lists]) => applyGlobalLanguages(deps, auth, lists),
  languageGroups: applyLanguageGroups,
  regions: applyRegions,
  productTypes: applyProductTypes,
  documentTypes: applyDocumentTypes,
  documentAttributes: applyDocumentAttributes,
  websiteTranslations: applyWebsiteTranslations,
  footers: applyFooters,
  contentBlocks: applyContentBlocks,
  manufacturerImages: (deps, auth, _units, items, binaries) => applyManufacturerImages(deps, auth, binaries, items),
  unitLogos: (deps, auth, units, items, binaries) => applyUnitLogos(deps, auth, units, binaries, items),
  productTypeImages: (deps, auth, units, items, binaries) => applyProductTypeImages(deps, auth, units, binaries, items),
  publicResources: (deps, auth, units, items, binaries) => applyPublicResources(deps, auth, units, binaries, items),
  unitCss: (deps, auth, units, items, binaries) => applyUnitCss(deps, auth, units, binaries, items),
  recordTranslations: (deps, auth, units, items, binaries) => applyRecordTranslations(deps, auth, units, binaries, items),
};

async function applyUnits(deps: Deps, auth: AuthContext, units: ConfigDocument['businessUnits']) {
  const existing = new Map((await allUnits(deps)).map((u) => [u.slug, u]));
  for (const unit of units) {
    const before = existing.get(unit.slug);
    const { interfaceLanguages, documentLanguages, ...settings } = unit;
    if (!before) {
      // a unit new here starts offline: its website goes online when it is published and switched on here
      await createBusinessUnit(deps, auth, { ...settings, active: false, interfaceLanguages, documentLanguages });
      continue;
    }
    const { slug: _slug, interfaceLanguages: _i, documentLanguages: _d, ...fields } = unit;
    await updateBusinessUnitSettings(deps, auth, {
      ...fields,
      id: before.id,
      slug: before.slug,
      version: before.version,
      active: before.active,
    });
    if (JSON.stringify([...before.interfaceLanguages].sort()) !== JSON.stringify(interfaceLanguages))
      await putUnitLanguages(deps, auth, 'interface', before.id, interfaceLanguages);
    if (JSON.stringify([...before.documentLanguages].sort()) !== JSON.stringify(documentLanguages))
      await putUnitLanguages(deps, auth, 'document', before.id, documentLanguages);
  }
}

async function applyRoles(deps: Deps, auth: AuthContext, roles: ConfigDocument['roles']) {
  const existing = new Map((await listRoles(deps, { sort: [], search: '' })).map((r) => [r.name, r]));
  for (const role of roles) {
    const before = existing.get(role.name);
    if (!before) await createRole(deps, auth, { ...role, id: undefined });
    else if (before.predefined)
      throw badRequest(ConfigExportErrorKeys.unknownReference, { part: 'roles', name: role.name, predefined: true });
    else await updateRole(deps, auth, { ...role, id: before.id, version: before.version });
  }
}

async function applyGroups(deps: Deps, auth: AuthContext, groups: ConfigDocument['userGroups']) {
  const roles = new Map((await listRoles(deps, { sort: [], search: '' })).map((r) => [r.name.toLowerCase(), r.id]));
  const slugs = await slugsById(deps);
  const units = new Map([...slugs].map(([id, slug]) => [slug, id]));
  const existing = new Map((await listUserGroups(deps, { sort: [], search: '' })).map((g) => [g.name, g]));
  for (const group of groups) {
    const roleId = roles.get(group.role.toLowerCase());
    const businessUnitIds = group.businessUnits.map((s) => units.get(s));
    if (roleId === undefined || businessUnitIds.some((id) => id === undefined))
      throw badRequest(ConfigExportErrorKeys.unknownReference, { part: 'userGroups', name: group.name });
    const body = { name: group.name, roleId, allBusinessUnits: group.allBusinessUnits, businessUnitIds: businessUnitIds as number[] };
    const before = existing.get(group.name);
    if (!before) await createUserGroup(deps, auth, { ...body, id: undefined, userIds: [] });
    else if (before.superAdmin)
      throw badRequest(ConfigExportErrorKeys.unknownReference, { part: 'userGroups', name: group.name, superAdmin: true });
    // its members stay as they are here: users never travel
    else await updateUserGroup(deps, auth, { ...body, id: before.id, version: before.version, userIds: before.users.map((u) => u.id) });
  }
}
