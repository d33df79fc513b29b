import {
  type DocumentFile,
  FILE_NAME_MAX,
  FILE_REMARKS_MAX,
  FILE_VERSION_LABEL_MAX,
  type FileCreateBody,
  FileErrorKeys,
} from '@vellum/contract';
import { z } from 'zod';

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** The file form: the server's rules that need no lookup, shown on their fields before a save. */
export const fileFormSchema = z
  .object({
    name: z.string().trim().min(1, 'NotBlank').max(FILE_NAME_MAX, 'Size'),
    versionLabel: z.string().trim().min(1, 'NotBlank').max(FILE_VERSION_LABEL_MAX, 'Size'),
    date: z.string().regex(isoDate, 'NotNull'),
    validTo: z.string().regex(isoDate, 'Pattern').or(z.literal('')),
    remarks: z.string().max(FILE_REMARKS_MAX, 'Size'),
    remarksActive: z.boolean(),
    restOfTheWorld: z.boolean(),
    allLotNumbers: z.boolean(),
    lotRangeIds: z.array(z.string()),
    historical: z.boolean(),
    countryIds: z.array(z.string()),
    documentLanguageIds: z.array(z.string()),
  })
  .refine((v) => v.restOfTheWorld || v.countryIds.length > 0, { path: ['countryIds'], error: FileErrorKeys.countryRequired })
  .refine((v) => !v.restOfTheWorld || v.countryIds.length === 0, { path: ['countryIds'], error: FileErrorKeys.restOfTheWorldCountries })
  .refine((v) => v.documentLanguageIds.length > 0, { path: ['documentLanguageIds'], error: FileErrorKeys.languageRequired })
  .refine((v) => v.allLotNumbers || v.lotRangeIds.length > 0, { path: ['lotRangeIds'], error: FileErrorKeys.lotRangeRequired })
  .refine((v) => !v.validTo || v.validTo >= v.date, { path: ['validTo'], error: FileErrorKeys.validToBeforeDate });
export type FileFormValues = z.input<typeof fileFormSchema>;

const today = () => new Date().toISOString().slice(0, 10);

/** A new file: version 1.0 of today, for all lots, the worldwide switch as the manufacturer requires. */
export const toFileForm = (f?: DocumentFile, worldwide = false): FileFormValues => ({
  name: f?.name ?? '',
  versionLabel: f?.versionLabel ?? '1.0',
  date: f?.date ?? today(),
  validTo: f?.validTo ?? '',
  remarks: f?.remarks ?? '',
  remarksActive: f?.remarksActive ?? false,
  restOfTheWorld: f?.restOfTheWorld ?? worldwide,
  allLotNumbers: f?.allLotNumbers ?? true,
  lotRangeIds: (f?.lotRangeIds ?? []).map(String),
  historical: f?.historical ?? false,
  countryIds: f?.countryIds ?? [],
  documentLanguageIds: f?.documentLanguageIds ?? [],
});

export const toFileBody = (documentId: number, v: FileFormValues): FileCreateBody => ({
  documentId,
  name: v.name.trim(),
  versionLabel: v.versionLabel.trim(),
  date: v.date,
  validTo: v.validTo || null,
  remarks: v.remarks.trim() ? v.remarks : null,
  remarksActive: v.remarksActive,
  restOfTheWorld: v.restOfTheWorld,
  allLotNumbers: v.allLotNumbers,
  lotRangeIds: v.allLotNumbers ? [] : v.lotRangeIds.map(Number),
  historical: v.historical,
  countryIds: v.restOfTheWorld ? [] : v.countryIds,
  documentLanguageIds: v.documentLanguageIds,
});

/** Bytes as people read them. */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} kB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}
