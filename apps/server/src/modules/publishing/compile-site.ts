import { GLOBAL_BUSINESS_UNIT_ID, REQUIRED_INTERFACE_LANGUAGE, TRANSLATABLE_ENTITIES } from '@vellum/contract';
import type { DbOrTx } from '../../db/client.js';
import { findAccess } from '../document-search-access/document-search-access.repo.js';
import { definitionsOfUnit } from '../document-types/document-attributes.repo.js';
import { typesOfUnit } from '../document-types/document-types.repo.js';
import { translationsOf } from '../internationalizations/translations.repo.js';
import { websiteTexts } from '../internationalizations/website-translations.service.js';
import { findManufacturer } from '../manufacturer/manufacturer.repo.js';
import { definitionsOf, listProductTypes } from '../product-types/product-types.repo.js';
import { listGroups } from '../public-user-groups/public-user-groups.repo.js';
import { listCountries, listLanguages } from '../reference-data/reference-data.repo.js';
import { countriesOf, regionsOfUnit } from '../regions/regions.repo.js';
import { getLayout } from '../website-layout/unit-layout.js';
import { findUnitLayout, listPublicResources } from '../website-layout/website-layout.repo.js';
import { unitToPublish } from './publish.repo.js';
import type { PublishedSite } from './published-site.js';

type Settings = PublishedSite['unit']['settings'];

/**
 * The small half of a publication (decision 0037): everything the public site needs about the
 * unit, read through the owning areas' own read functions as `tx` sees them (after the publish's
 * stamping) and frozen into `publication.site`.
 */
export async function compileSite(tx: DbOrTx, businessUnitId: number): Promise<PublishedSite> {
  const unit = await unitToPublish(tx, businessUnitId);
  if (!unit) throw new Error(`compileSite: no business unit ${businessUnitId}`);
  const global = await findUnitLayout(tx, GLOBAL_BUSINESS_UNIT_ID);
  const maker = await findManufacturer(tx);
  const patientPortal = maker?.patientBusinessUnitSearch ?? false;

  // effective layout: the unit's own values, else the manufacturer-wide ones of unit 0 (decision 0028)
  const layout = await getLayout({ db: tx }, businessUnitId);
  const resources = await listPublicResources(tx, businessUnitId);

  // interface regions in use: the unit's own, else unit 0's
  let regions = await regionsOfUnit(tx, 'INTERFACE', businessUnitId);
  if (regions.length === 0) regions = await regionsOfUnit(tx, 'INTERFACE', GLOBAL_BUSINESS_UNIT_ID);
  const regionCountries = await countriesOf(
    tx,
    regions.map((r) => r.id),
  );
  const countryNames = new Map((await listCountries(tx)).map((c) => [c.isoCode, c.name]));

  // interface languages, English first, then by code
  const interfaceCodes = [...unit.interfaceLanguages].sort((a, b) =>
    a === REQUIRED_INTERFACE_LANGUAGE ? -1 : b === REQUIRED_INTERFACE_LANGUAGE ? 1 : a.localeCompare(b),
  );
  const languageRows = new Map((await listLanguages(tx, interfaceCodes)).map((l) => [l.isoCode, l]));

  // translations: the effective website texts per language, then the unit's record translations
  const translations: Record<string, Record<string, string>> = {};
  for (const code of interfaceCodes) {
    translations[code] = await websiteTexts({ db: tx }, { 'business-unit': businessUnitId, interfaceLanguageISO: code });
  }
  for (const t of await translationsOf(tx, businessUnitId, TRANSLATABLE_ENTITIES, interfaceCodes)) {
    (translations[t.interfaceLanguageIso] ??= {})[t.translationKey] = t.translatedValue;
  }

  // enabled product types with their active attribute definitions
  const types = (await listProductTypes(tx, businessUnitId)).filter((t) => t.status === 'ENABLED');
  const definitions = (
    await definitionsOf(
      tx,
      types.map((t) => t.id),
    )
  ).filter((d) => d.isActive);

  const documentTypes = (await typesOfUnit(tx, businessUnitId)).filter((t) => t.active);
  const documentDefinitions = (await definitionsOfUnit(tx, businessUnitId)).filter((d) => d.isActive);
  const groups = unit.publicUserGroupActive
    ? await listGroups(tx, { businessUnitId }, { sort: 'name', descending: false, limit: 1_000_000, offset: 0 })
    : [];
  const searchAccess = await findAccess(tx, businessUnitId);

  const settings: Settings = {
    publicUserGroupActive: unit.publicUserGroupActive,
    productChangelogActive: unit.productChangelogActive,
    alwaysShowWorldwideFilesActive: unit.alwaysShowWorldwideFilesActive,
    showSearchOnResultPage: unit.showSearchOnResultPage,
    showSearchOnDetailPage: unit.showSearchOnDetailPage,
    oneColumnLayout: unit.oneColumnLayout,
    latestVersionVisualisationOption: unit.latestVersionVisualisationOption as Settings['latestVersionVisualisationOption'],
    fileHideVersionDate: unit.fileHideVersionDate,
    documentSearch: unit.documentSearch,
    documentSearchRestricted: unit.documentSearchRestricted,
    documentAttribute: unit.documentAttribute,
    documentSearchVisualisation: unit.documentSearchVisualisation as Settings['documentSearchVisualisation'],
    hideDocumentNumber: unit.hideDocumentNumber,
  };

  return {
    format: 1,
    unit: { id: unit.id, slug: unit.slug, displayName: unit.displayName, active: unit.active, settings },
    manufacturer: { name: maker?.name ?? '', patientPortal, worldWidePublicWebsite: maker?.worldWidePublicWebsite ?? false },
    audiences: patientPortal ? ['HCP', 'PATIENT'] : ['HCP'],
    regions: regions.map((r) => ({
      id: r.id,
      name: r.name,
      countries: regionCountries
        .filter((c) => c.regionId === r.id)
        .map((c) => ({ isoCode: c.code.toUpperCase(), name: countryNames.get(c.code) ?? c.code })),
    })),
    languages: interfaceCodes.map((code) => {
      const l = languageRows.get(code);
      return { isoCode: code, name: l?.name ?? code, nativeName: l?.nativeName ?? code, rtl: l?.rtl ?? false };
    }),
    documentLanguages: [...unit.documentLanguages].sort(),
    layout: {
      logoKey: unit.logoKey ?? global?.logoKey ?? null,
      mainColor: layout.effective.mainColor,
      highlightColor: layout.effective.highlightColor,
      lightHeaderText: layout.effective.lightHeaderText,
      headerTextTitle: unit.headerTextTitle,
      headerTextBody: unit.headerTextBody,
      cssContent: unit.cssContent,
      footerItems: layout.effective.footerItems.map((f) => ({
        text: f.text,
        publicUrl: f.publicUrl,
        visualizationOrder: f.visualizationOrder,
      })),
      contentBlocks: layout.effective.contentBlocks.map((b) => ({
        type: b.type,
        productTypeId: b.productTypeId,
        hcp: b.hcp,
        patient: b.patient,
        content: b.content,
      })),
      publicResources: resources.map((r) => ({
        name: r.name,
        storageKey: r.storageKey,
        mediaType: r.mediaType,
        size: r.size,
        sha256: r.sha256,
      })),
    },
    translations,
    productTypes: types.map((t) => ({
      id: t.id,
      name: t.name,
      slug: t.slug,
      keyCodeSearchTypeHcp: t.keyCodeSearchTypeHcp,
      keyCodeSearchTypePatient: t.keyCodeSearchTypePatient,
      keyCodeLabelHcp: t.keyCodeLabelHcp,
      keyCodeLabelPatient: t.keyCodeLabelPatient,
      imageKey: t.imageKey,
      heroImageHcpKey: t.heroImageHcpKey,
      heroImagePatientKey: t.heroImagePatientKey,
      searchVisualisationHcp: t.searchVisualisationHcp,
      searchVisualisationPatient: t.searchVisualisationPatient,
      crossFieldByAttributeSetting: t.crossFieldByAttributeSetting,
      lotNumbers: t.lotNumbers,
      attributeDefinitions: definitions
        .filter((d) => d.productTypeId === t.id)
        .map((d) => ({
          id: d.id,
          name: d.name,
          slug: d.slug,
          type: d.type as 'STRING' | 'MULTI_ARRAY',
          isMandatoryHcpSearch: d.isMandatoryHcpSearch,
          isMandatoryPatientSearch: d.isMandatoryPatientSearch,
          pinned: d.pinned,
          searchTypeHcp: d.searchTypeHcp,
          searchTypePatient: d.searchTypePatient,
          meta: d.meta,
          visualizationOrder: d.visualizationOrder,
        })),
    })),
    documentTypes: documentTypes.map((t) => ({
      id: t.id,
      name: t.name,
      hcp: t.hcp,
      patient: t.patient,
      sortNumber: t.sortNumber,
      linkType: t.linkType,
    })),
    documentAttributeDefinitions: documentDefinitions.map((d) => ({
      id: d.id,
      name: d.name,
      slug: d.slug,
      searchType: d.searchType,
      visualizationOrder: d.visualizationOrder,
    })),
    restrictedGroups: groups.map((g) => ({ id: g.id, name: g.name, enabled: g.enabled, emails: g.emails })),
    documentSearchEmails: searchAccess?.emails ?? [],
  };
}
