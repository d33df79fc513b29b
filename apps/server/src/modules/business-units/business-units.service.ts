import {
  type BusinessUnit,
  type businessUnitCreateBody,
  type businessUnitListQuery,
  type businessUnitStatisticsSchema,
  type businessUnitUpdateBody,
  OrganisationErrorKeys,
  REQUIRED_INTERFACE_LANGUAGE,
  RestrictedAccessErrorKeys,
} from '@vellum/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import { type Actor, audit, diff } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, conflict, fieldError, notFound } from '../../platform/errors.js';
import { pageRequest } from '../../platform/paging.js';
import { knownLanguages } from '../languages/languages.service.js';
import { countUnitGroups } from '../public-user-groups/public-user-groups.repo.js';
import { publishUnitStatus } from '../publishing/publications.service.js';
import { unitLanguageLists } from '../reference-data/reference-data.repo.js';
import { unitLogoUrl } from '../website-layout/unit-layout.js';
import { countUnitContent } from './business-unit-statistics.js';
import {
  type BusinessUnitRow,
  type BusinessUnitValues,
  businessUnitSortable,
  deleteBusinessUnit,
  findBusinessUnit,
  insertBusinessUnit,
  listBusinessUnits,
  slugTaken,
  updateBusinessUnit,
} from './business-units.repo.js';
import { requireAnyRightIn, visibleUnitIds } from './unit-access.js';
import { removeUnitRows, unitFiles } from './unit-content.js';
import type { UnitContentCounts } from './unit-counts.js';

type CreateBody = z.output<typeof businessUnitCreateBody>;
type UpdateBody = z.output<typeof businessUnitUpdateBody>;
type Statistics = z.output<typeof businessUnitStatisticsSchema>;
type ListQuery = z.output<typeof businessUnitListQuery>;

const ENTITY = 'business-unit';
const OBJECT = 'businessUnit';

export function toBusinessUnit(row: BusinessUnitRow): BusinessUnit {
  return {
    id: row.id,
    slug: row.slug,
    logoUrl: unitLogoUrl(row.id, row.logoKey),
    version: row.version,
    displayName: row.displayName,
    active: row.active,
    mainColor: row.mainColor,
    highlightColor: row.highlightColor,
    lightHeaderText: row.lightHeaderText,
    headerTextTitle: row.headerTextTitle,
    headerTextBody: row.headerTextBody,
    publicUserGroupActive: row.publicUserGroupActive,
    productChangelogActive: row.productChangelogActive,
    alwaysShowWorldwideFilesActive: row.alwaysShowWorldwideFilesActive,
    showSearchOnResultPage: row.showSearchOnResultPage,
    showSearchOnDetailPage: row.showSearchOnDetailPage,
    oneColumnLayout: row.oneColumnLayout,
    latestVersionVisualisationOption: row.latestVersionVisualisationOption as BusinessUnit['latestVersionVisualisationOption'],
    bulkImportType: row.bulkImportType as BusinessUnit['bulkImportType'],
    fileHideVersionDate: row.fileHideVersionDate,
    documentSearch: row.documentSearch,
    documentSearchRestricted: row.documentSearchRestricted,
    documentAttribute: row.documentAttribute,
    documentSearchVisualisation: row.documentSearchVisualisation as BusinessUnit['documentSearchVisualisation'],
    hideDocumentNumber: row.hideDocumentNumber,
    interfaceLanguages: row.interfaceLanguages,
    documentLanguages: row.documentLanguages,
  };
}

/** What the audit log records of a unit: its editable fields, without derived URLs. */
const auditView = (row: BusinessUnitRow) => {
  const { logoUrl: _url, id: _id, ...fields } = toBusinessUnit(row);
  return fields;
};

/** A cleared header text is stored as none. */
export const headerTexts = (v: { headerTextTitle?: string | null; headerTextBody?: string | null }) => ({
  headerTextTitle: v.headerTextTitle === undefined ? undefined : v.headerTextTitle || null,
  headerTextBody: v.headerTextBody === undefined ? undefined : v.headerTextBody || null,
});

/** The body's settings as column values (the languages have their own calls, decision 0023). */
function toValues(body: Omit<UpdateBody, 'slug' | 'id' | 'version'>): Omit<BusinessUnitValues, 'slug'> {
  return { ...body, ...headerTexts(body) };
}

/**
 * A new unit's first languages: as given (known codes, English among the interface languages), or
 * else the manufacturer-wide lists of unit 0.
 */
async function firstLanguages(deps: Deps, body: Pick<CreateBody, 'interfaceLanguages' | 'documentLanguages'>) {
  const manufacturer = await unitLanguageLists(deps.db, 0);
  const interfaceLanguages = await knownLanguages(
    deps.db,
    OBJECT,
    'interfaceLanguages',
    body.interfaceLanguages ?? manufacturer?.interfaceLanguages ?? [REQUIRED_INTERFACE_LANGUAGE],
  );
  if (!interfaceLanguages.includes(REQUIRED_INTERFACE_LANGUAGE))
    throw fieldError(OBJECT, 'interfaceLanguages', OrganisationErrorKeys.englishRequired);
  const documentLanguages = await knownLanguages(
    deps.db,
    OBJECT,
    'documentLanguages',
    body.documentLanguages ?? manufacturer?.documentLanguages ?? [],
  );
  return { interfaceLanguages, documentLanguages };
}

async function load(deps: Deps, id: number): Promise<BusinessUnitRow> {
  const row = await findBusinessUnit(deps.db, id);
  if (!row) throw notFound(ENTITY);
  return row;
}

export async function listVisibleBusinessUnits(deps: Deps, auth: AuthContext, q: ListQuery) {
  const page = pageRequest(q.sort.length ? q : { ...q, sort: ['displayName,asc'] }, businessUnitSortable, businessUnitSortable.id);
  const { rows, total } = await listBusinessUnits(deps.db, { ids: visibleUnitIds(auth.rights), search: q.search || undefined }, page);
  return { items: rows.map(toBusinessUnit), total };
}

export async function getBusinessUnit(deps: Deps, auth: AuthContext, id: number): Promise<BusinessUnit> {
  requireAnyRightIn(auth, id);
  return toBusinessUnit(await load(deps, id));
}

export async function getDisplayName(deps: Deps, auth: AuthContext, id: number): Promise<{ displayName: string }> {
  requireAnyRightIn(auth, id);
  return { displayName: (await load(deps, id)).displayName };
}

export async function createBusinessUnit(deps: Deps, actor: Actor, body: CreateBody): Promise<BusinessUnit> {
  const { id: _id, slug, interfaceLanguages, documentLanguages, ...fields } = body;
  const values = { slug, ...toValues(fields), ...(await firstLanguages(deps, { interfaceLanguages, documentLanguages })) };
  const row = await deps.db.transaction(async (tx) => {
    if (await slugTaken(tx, slug)) throw fieldError(OBJECT, 'slug', OrganisationErrorKeys.slugExists, { slug });
    const created = await insertBusinessUnit(tx, values);
    await audit(tx, actor, {
      entityName: ENTITY,
      entityId: created.id,
      entityLabel: created.displayName,
      businessUnitId: created.id,
      action: 'CREATE',
      changes: diff({}, auditView(created)),
    });
    return created;
  });
  return toBusinessUnit(row);
}

/**
 * The versioned update both the settings and the layout forms make: 404 when the unit is gone,
 * `check` before writing, 409 when the version is stale, one audit row with what changed.
 */
export async function updateAudited<V extends Record<string, unknown>>(
  deps: Deps,
  auth: AuthContext,
  change: {
    id: number;
    version: number;
    values: Partial<BusinessUnitValues>;
    action: string;
    view: (row: BusinessUnitRow) => V;
    /** 'any' for the layout, which unit 0 (manufacturer-wide) has too. */
    scope?: 'real' | 'any';
  },
  check: (before: BusinessUnitRow, tx: DbOrTx) => void | Promise<void> = () => {},
): Promise<BusinessUnitRow> {
  const { id, version, values, action, view, scope = 'real' } = change;
  return deps.db.transaction(async (tx) => {
    // locked first: rules that read other rows (restricted groups) see them settled
    const before = await findBusinessUnit(tx, id, true, scope);
    if (!before) throw notFound(ENTITY);
    await check(before, tx);
    const after = await updateBusinessUnit(tx, id, version, values, scope);
    if (!after) throw conflict();
    await audit(tx, auth, {
      entityName: ENTITY,
      entityId: id,
      entityLabel: after.displayName,
      businessUnitId: id,
      action,
      changes: diff(view(before), view(after)),
    });
    return after;
  });
}

export async function updateBusinessUnitSettings(deps: Deps, auth: AuthContext, body: UpdateBody, pathId?: number): Promise<BusinessUnit> {
  if (pathId !== undefined && pathId !== body.id) throw fieldError(OBJECT, 'id', OrganisationErrorKeys.idMismatch);
  const { id, slug, version, ...fields } = body;
  let wasActive: boolean | undefined;
  const row = await updateAudited(
    deps,
    auth,
    { id, version, values: toValues(fields), action: 'UPDATE', view: auditView },
    async (before, tx) => {
      if (slug !== before.slug) throw fieldError(OBJECT, 'slug', OrganisationErrorKeys.slugCannotChange);
      // restricted groups exist only while the setting is on (decision 0032); a group being written holds the unit row shared
      if (before.publicUserGroupActive && !fields.publicUserGroupActive) {
        const groups = await countUnitGroups(tx, id);
        if (groups > 0) throw fieldError(OBJECT, 'publicUserGroupActive', RestrictedAccessErrorKeys.publicUserGroupsExist, { groups });
      }
      wasActive = before.active;
    },
  );
  // made inactive or active again: its website follows at once (a publication of its status)
  if (wasActive !== undefined && wasActive !== row.active) {
    // a publish running in the unit holds its lease: its own publication then carries the unit as it reads it
    await publishUnitStatus(deps, auth, id, row.active).catch((err) => {
      if (!(err instanceof AppError && err.status === 409)) throw err;
    });
  }
  return toBusinessUnit(row);
}

/**
 * Deletes a unit as its lifecycle list says (unit-content.ts): refused while an area whose rows
 * keep the unit counts any; rows no cascade takes go first, the unit's row and its configuration
 * (ON DELETE CASCADE, decision 0021) in one transaction, the binaries of every area once it commits.
 * Answers the name it had (the success message names it: decision 0051).
 */
export async function removeBusinessUnit(deps: Deps, actor: Actor, id: number): Promise<string> {
  const { keys, name } = await deps.db.transaction(async (tx) => {
    const before = await findBusinessUnit(tx, id, true);
    if (!before) throw notFound(ENTITY);
    const content = await countUnitContent(tx, id);
    if (content.keepsTheUnit) throw new AppError(OrganisationErrorKeys.businessUnitNotEmpty, 400, { id });
    const files = await unitFiles(tx, id);
    await removeUnitRows(tx, id);
    await deleteBusinessUnit(tx, id);
    await audit(tx, actor, {
      entityName: ENTITY,
      entityId: id,
      entityLabel: before.displayName,
      businessUnitId: id,
      action: 'DELETE',
      changes: {
        ...diff({ slug: before.slug, displayName: before.displayName }, { slug: null, displayName: null }),
        deletedWithUnit: configurationOf(content),
      },
    });
    return { keys: before.logoKey ? [before.logoKey, ...files] : files, name: before.displayName };
  });
  for (const key of keys) await deps.files.delete(key).catch(() => {});
  return name;
}

/**
 * How a person names the unit in a success message (decision 0051: names, not ids): its display
 * name; unit 0 is the manufacturer-wide layout and settings.
 */
export async function businessUnitName(deps: Pick<Deps, 'db'>, id: number): Promise<string> {
  return (await findBusinessUnit(deps.db, id, false, 'any'))?.displayName ?? String(id);
}

/** The unit's own website and document configuration, as counted. */
const configurationOf = (c: UnitContentCounts) => ({
  interfaceRegions: c.interfaceRegions,
  documentRegions: c.documentRegions,
  interfaceLanguages: c.interfaceLanguages,
  documentLanguages: c.documentLanguages,
  languageGroups: c.languageGroups,
  footerItems: c.footerItems,
  contentBlocks: c.contentBlocks,
  publicResources: c.publicResources,
  publicUserGroups: c.publicUserGroups,
});

export async function getStatistics(deps: Deps, auth: AuthContext, id: number): Promise<Statistics> {
  requireAnyRightIn(auth, id);
  const row = await load(deps, id);
  return statisticsOf(row, await countUnitContent(deps.db, id));
}

/** The statistics call's answer: the unit and what the areas count of it. */
export function statisticsOf(row: BusinessUnitRow, c: UnitContentCounts): Statistics {
  return {
    id: row.id,
    slug: row.slug,
    displayName: row.displayName,
    active: row.active,
    languageFilesHcp: c.languageFilesHcp,
    languageFilesPatient: c.languageFilesPatient,
    products: c.products,
    documents: c.documents,
    orphans: { products: c.orphanProducts, documents: c.orphanDocuments, productGroups: c.orphanProductGroups },
    publishStatus: {
      productsNoDate: c.productsNoDate,
      productsFutureDate: c.productsFutureDate,
      filesNoDate: c.filesNoDate,
      filesFutureDate: c.filesFutureDate,
    },
    downloads: { totalDownloads: c.totalDownloads, totalDownloadsForPeriod: c.downloadsThisMonth },
    configuration: configurationOf(c),
  };
}
