import {
  activeAudiences,
  audiencesWithoutSearch,
  PublishErrorKeys,
  type PublishProblem,
  type PublishProblemItem,
  type PublishReadiness,
  PublishWarningKeys,
  type RuleProductType,
  type SearchType,
} from '@vellum/contract';
import type { DbOrTx } from '../../db/client.js';
import { notFound } from '../../platform/errors.js';
import { patientPortalOn } from '../product-types/product-type-rules.js';
import { unitLanguageLists } from '../reference-data/reference-data.repo.js';
import { countRegions, countriesOf, regionsOfUnit } from '../regions/regions.repo.js';
import * as repo from './readiness.repo.js';
import { readinessLinks as links } from './readiness-links.js';

/** The manufacturer-wide unit whose interface regions a unit without its own inherits (decision 0021). */
const MANUFACTURER_UNIT = 0;
/** At most this many files (or documents) are named by a problem (the publish page links each; more would not be read). */
export const MAX_FILE_ITEMS = 100;

type Definition = Awaited<ReturnType<typeof repo.definitionsOf>>[number];
type TypeRow = Awaited<ReturnType<typeof repo.productTypesOf>>[number];

/** A product type as the contract's audience rules see it. */
const ruleTypeOf = (
  t: TypeRow,
  definitions: Definition[],
): RuleProductType<Parameters<typeof activeAudiences>[0]['attributeDefinitions'][number]> => ({
  lotNumbers: t.lotNumbers,
  keyCodeSearchTypeHCP: t.keyCodeSearchTypeHcp as SearchType,
  keyCodeSearchTypePatient: t.keyCodeSearchTypePatient as SearchType,
  attributeDefinitions: definitions.map((d) => ({
    type: d.type as 'STRING' | 'MULTI_ARRAY',
    isActive: d.isActive,
    searchTypeHCP: d.searchTypeHcp as SearchType,
    searchTypePatient: d.searchTypePatient as SearchType,
  })),
});

/**
 * Every problem that blocks a publish of the unit (errors) or that its user should know of
 * (warnings), each naming the offending items and where each is fixed (decision 0037, spec 001
 * §8). Read in `db` as given: the publish checks again inside its own transaction.
 */
export async function checkReadiness(db: DbOrTx, businessUnitId: number): Promise<PublishReadiness> {
  const unit = businessUnitId === MANUFACTURER_UNIT ? undefined : await repo.unitOf(db, businessUnitId);
  if (!unit) throw notFound('business-unit');
  const problems: PublishProblem[] = [];
  const error = (key: string, items: PublishProblemItem[]) => problems.push({ key, severity: 'ERROR', items });
  const warning = (key: string, items: PublishProblemItem[]) => problems.push({ key, severity: 'WARNING', items });
  const unitItem = (type: string, link: string): PublishProblemItem => ({ type, id: unit.id, name: unit.displayName, link });

  if (!unit.active) error(PublishErrorKeys.businessUnitInactive, [unitItem('businessUnit', links.businessUnit(unit.id))]);

  // interface regions: the unit's own, else those of unit 0 (as the regions screens decide)
  const regionUnit = (await countRegions(db, 'INTERFACE', unit.id)) > 0 ? unit.id : MANUFACTURER_UNIT;
  const regions = await regionsOfUnit(db, 'INTERFACE', regionUnit);
  const languages = await unitLanguageLists(db, unit.id);
  const missing: PublishProblemItem[] = [];
  if (regions.length === 0) missing.push(unitItem('interfaceRegions', links.interfaceRegions(unit.id)));
  if (!languages?.interfaceLanguages.length) missing.push(unitItem('interfaceLanguages', links.interfaceLanguages(unit.id)));
  if (!languages?.documentLanguages.length) missing.push(unitItem('documentLanguages', links.documentLanguages(unit.id)));
  if (missing.length) error(PublishErrorKeys.noRegionsOrLanguages, missing);

  const withCountries = new Set(
    (
      await countriesOf(
        db,
        regions.map((r) => r.id),
      )
    ).map((c) => c.regionId),
  );
  const empty = regions.filter((r) => !withCountries.has(r.id));
  if (empty.length) {
    error(
      PublishErrorKeys.regionWithoutCountries,
      empty.map((r) => ({ type: 'interfaceRegion', id: r.id, name: r.name, link: links.interfaceRegion(r.businessUnitId, r.id) })),
    );
  }

  // product types: every active audience of an enabled type needs something to search by
  const types = await repo.productTypesOf(db, unit.id);
  const enabled = types.filter((t) => t.status === 'ENABLED');
  const definitions = await repo.definitionsOf(
    db,
    enabled.map((t) => t.id),
  );
  const portalOn = await patientPortalOn(db);
  const searchless = {
    [PublishErrorKeys.minimumSearchableAttributes]: [] as PublishProblemItem[],
    [PublishErrorKeys.minimumSearchableAttributesHcp]: [] as PublishProblemItem[],
    [PublishErrorKeys.minimumSearchableAttributesPatient]: [] as PublishProblemItem[],
  };
  for (const t of enabled) {
    const rule = ruleTypeOf(
      t,
      definitions.filter((d) => d.productTypeId === t.id),
    );
    const without = audiencesWithoutSearch(rule, portalOn);
    if (without.length === 0) continue;
    const item = { type: 'productType', id: t.id, name: t.name, link: links.productType(unit.id, t.id) };
    if (without.length === activeAudiences(rule, portalOn).length) searchless[PublishErrorKeys.minimumSearchableAttributes].push(item);
    else
      for (const audience of without)
        searchless[
          audience === 'HCP' ? PublishErrorKeys.minimumSearchableAttributesHcp : PublishErrorKeys.minimumSearchableAttributesPatient
        ].push(item);
  }
  for (const [key, items] of Object.entries(searchless)) if (items.length) error(key, items);

  // once published, a publish always has something to do: it replaces the live publication, be it
  // with a new colour, a translation or the removal of everything (decision 0051)
  if (!enabled.some((t) => t.products > 0) && !(await repo.hasPublishableFile(db, unit.id)) && !(await repo.wasPublished(db, unit.id))) {
    error(PublishErrorKeys.nothingToPublish, [unitItem('businessUnit', links.productTypes(unit.id))]);
  }

  const noBinary = await repo.filesWithoutBinary(db, unit.id, MAX_FILE_ITEMS);
  if (noBinary.length) {
    warning(
      PublishWarningKeys.filesWithoutBinary,
      noBinary.map((f) => ({ type: 'file', id: f.id, name: f.name, link: links.file(unit.id, f.documentId, f.id) })),
    );
  }
  const fileless = await repo.documentsWithoutFiles(db, unit.id, MAX_FILE_ITEMS);
  if (fileless.length) {
    warning(
      PublishWarningKeys.documentsWithoutFiles,
      fileless.map((d) => ({ type: 'document', id: d.id, name: `${d.number} ${d.name}`, link: links.documentFiles(unit.id, d.id) })),
    );
  }
  const idle = types.filter((t) => t.status !== 'ENABLED' && t.products > 0);
  if (idle.length) {
    warning(
      PublishWarningKeys.productTypesNotEnabled,
      idle.map((t) => ({ type: 'productType', id: t.id, name: t.name, link: links.productType(unit.id, t.id) })),
    );
  }

  return { businessUnitId: unit.id, ready: !problems.some((p) => p.severity === 'ERROR'), problems };
}
