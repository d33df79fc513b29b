import { type BusinessUnit, businessUnitCreateBody, hexColor } from '@vellum/contract';
import { z } from 'zod';

// the form keeps empty strings where the API keeps null
const optionalColor = z.union([z.literal(''), hexColor]);
const optionalText = (max: number) => z.string().trim().max(max, 'Size');

// the languages have their own screens and calls (decision 0023): a new unit starts with the manufacturer's
export const createFormSchema = businessUnitCreateBody.omit({ interfaceLanguages: true, documentLanguages: true }).extend({
  mainColor: optionalColor,
  highlightColor: optionalColor,
  headerTextTitle: optionalText(255),
  headerTextBody: optionalText(2000),
});
// the slug cannot change after creation: it is shown, not validated
export const editFormSchema = createFormSchema.extend({ slug: z.string() });

export type BusinessUnitFormInput = z.input<typeof createFormSchema>;
export type BusinessUnitFormOutput = z.output<typeof createFormSchema>;

export function toForm(bu?: BusinessUnit): BusinessUnitFormInput {
  return {
    slug: bu?.slug ?? '',
    displayName: bu?.displayName ?? '',
    active: bu?.active ?? true,
    mainColor: bu?.mainColor ?? '',
    highlightColor: bu?.highlightColor ?? '',
    lightHeaderText: bu?.lightHeaderText ?? false,
    headerTextTitle: bu?.headerTextTitle ?? '',
    headerTextBody: bu?.headerTextBody ?? '',
    publicUserGroupActive: bu?.publicUserGroupActive ?? false,
    productChangelogActive: bu?.productChangelogActive ?? false,
    alwaysShowWorldwideFilesActive: bu?.alwaysShowWorldwideFilesActive ?? false,
    showSearchOnResultPage: bu?.showSearchOnResultPage ?? true,
    showSearchOnDetailPage: bu?.showSearchOnDetailPage ?? true,
    oneColumnLayout: bu?.oneColumnLayout ?? false,
    latestVersionVisualisationOption: bu?.latestVersionVisualisationOption ?? 'COUNTRY_LANGUAGE',
    bulkImportType: bu?.bulkImportType ?? 'ADD',
    fileHideVersionDate: bu?.fileHideVersionDate ?? false,
    documentSearch: bu?.documentSearch ?? false,
    documentSearchRestricted: bu?.documentSearchRestricted ?? false,
    documentAttribute: bu?.documentAttribute ?? false,
    documentSearchVisualisation: bu?.documentSearchVisualisation ?? 'ADVANCED',
    hideDocumentNumber: bu?.hideDocumentNumber ?? false,
  };
}

export function toBody(values: BusinessUnitFormOutput) {
  return {
    ...values,
    mainColor: values.mainColor || null,
    highlightColor: values.highlightColor || null,
    headerTextTitle: values.headerTextTitle || null,
    headerTextBody: values.headerTextBody || null,
  };
}

export const FORM_FIELDS = Object.keys(toForm()) as (keyof BusinessUnitFormInput)[];
