import { type AccessRight, type fileCreateBody, type fileUpdateBody, FileErrorKeys as K } from '@vellum/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import { fieldError, forbidden, uniqueViolationOf } from '../../platform/errors.js';
import * as repo from './files.repo.js';

/**
 * The rules of a file as it will be stored (spec 001 §8, decisions 0032 and 0034): who may set its
 * switches, its countries, languages and lot ranges, its dates and its version label.
 */

type CreateBody = z.output<typeof fileCreateBody>;
type UpdateBody = z.output<typeof fileUpdateBody>;

/** The object the file forms' field errors name. */
export const OBJECT = 'file';

/** A version label the file has already. */
export const versionLabelExists = (versionLabel: string) => fieldError(OBJECT, 'versionLabel', K.versionLabelExists, { versionLabel });
/** A racing write that lost on the label index answers the rule's own key. */
export const mapLabelViolation = (label: string) => (err: unknown) => {
  if (uniqueViolationOf(err) === 'file_version_file_label_uq') throw versionLabelExists(label);
  throw err;
};

export interface Wanted {
  name: string;
  remarks: string | null;
  remarksActive: boolean;
  restOfTheWorld: boolean;
  allLotNumbers: boolean;
  historical: boolean;
  countryIds: string[];
  languageIds: string[];
  lotRangeIds: number[];
  versionLabel: string;
  date: string;
  validTo: string | null;
}

const unique = <T>(values: readonly T[]) => [...new Set(values)];

export function wantedOf(body: CreateBody | UpdateBody): Wanted {
  return {
    name: body.name,
    remarks: body.remarks,
    remarksActive: body.remarksActive,
    restOfTheWorld: body.restOfTheWorld,
    allLotNumbers: body.allLotNumbers,
    historical: body.historical,
    countryIds: unique(body.countryIds),
    languageIds: unique(body.documentLanguageIds),
    lotRangeIds: unique(body.lotRangeIds),
    versionLabel: body.versionLabel,
    date: body.date,
    validTo: body.validTo,
  };
}

/** The switches only special rights may set or change (decision 0032): 403 otherwise. */
const SWITCH_RIGHTS: [keyof Pick<Wanted, 'restOfTheWorld' | 'remarksActive' | 'historical'>, AccessRight][] = [
  ['restOfTheWorld', 'FILE_ROTW'],
  ['remarksActive', 'FILE_REMARK_ACTIVATE'],
  ['historical', 'FILE_HISTORICAL'],
];
export function checkSwitchRights(auth: AuthContext, businessUnitId: number, wanted: Wanted, before?: repo.FileRow): void {
  for (const [field, right] of SWITCH_RIGHTS) {
    const changes = before ? before[field] !== wanted[field] : wanted[field];
    if (changes && !auth.rights.has(right, businessUnitId)) throw forbidden();
  }
}

export function checkDates(date: string, validTo: string | null): void {
  if (validTo !== null && validTo < date) throw fieldError(OBJECT, 'validTo', K.validToBeforeDate);
}

/** Spec 001 §8 and decision 0032: countries, languages and lot ranges of a file as it will be stored. */
export async function checkRules(tx: DbOrTx, doc: repo.DocumentInfo, wanted: Wanted, linkedBefore: readonly number[] = []): Promise<void> {
  if (wanted.restOfTheWorld && wanted.countryIds.length > 0) throw fieldError(OBJECT, 'countryIds', K.restOfTheWorldCountries);
  if (!wanted.restOfTheWorld && (await repo.worldWidePublicWebsite(tx))) throw fieldError(OBJECT, 'restOfTheWorld', K.onlyRestOfTheWorld);
  if (!wanted.restOfTheWorld && wanted.countryIds.length === 0) throw fieldError(OBJECT, 'countryIds', K.countryRequired);
  const known = await repo.knownCountries(tx, wanted.countryIds);
  const unknown = wanted.countryIds.find((c) => !known.has(c));
  if (unknown) throw fieldError(OBJECT, 'countryIds', K.countryInvalid, { country: unknown });

  if (wanted.languageIds.length === 0) throw fieldError(OBJECT, 'documentLanguageIds', K.languageRequired);
  const unitLanguages = new Set(await repo.unitDocumentLanguages(tx, doc.businessUnitId));
  const foreign = wanted.languageIds.find((l) => !unitLanguages.has(l));
  if (foreign) throw fieldError(OBJECT, 'documentLanguageIds', K.languageNotInUnit, { language: foreign });

  if (wanted.allLotNumbers && wanted.lotRangeIds.length > 0) throw fieldError(OBJECT, 'lotRangeIds', K.lotRangesWithAllLots);
  if (!wanted.allLotNumbers) {
    if (wanted.lotRangeIds.length === 0) throw fieldError(OBJECT, 'lotRangeIds', K.lotRangeRequired);
    const now = Date.now();
    const allowed = new Set(
      (await repo.lotRangesOfDocument(tx, doc.id, doc.businessUnitId))
        .filter((r) => r.archiveDate === null || r.archiveDate.getTime() > now || linkedBefore.includes(r.id))
        .map((r) => r.id),
    );
    const invalid = wanted.lotRangeIds.find((id) => !allowed.has(id));
    if (invalid !== undefined) throw fieldError(OBJECT, 'lotRangeIds', K.lotRangeInvalid, { id: invalid });
  }
  checkDates(wanted.date, wanted.validTo);
}

export const fileValues = (w: Wanted): repo.FileValues => ({
  name: w.name,
  remarks: w.remarks,
  remarksActive: w.remarksActive,
  restOfTheWorld: w.restOfTheWorld,
  allLotNumbers: w.allLotNumbers,
  historical: w.historical,
});
export const linkValues = (w: Wanted) => ({ countryIds: w.countryIds, languageIds: w.languageIds, lotRangeIds: w.lotRangeIds });
