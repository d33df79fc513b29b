import { type Language, OrganisationErrorKeys, REQUIRED_INTERFACE_LANGUAGE, RegionLanguageErrorKeys } from '@vellum/contract';
import type { DbOrTx } from '../../db/client.js';
import { type Actor, audit } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { fieldError, notFound } from '../../platform/errors.js';
import { type LanguageRow, listLanguages, unitLanguageLists, unknownLanguageCodes } from '../reference-data/reference-data.repo.js';
import * as repo from './languages.repo.js';

export type { UnitLanguageKind } from './languages.repo.js';

const OBJECT = { interface: 'interfaceLanguages', document: 'documentLanguages' } as const;
const toLanguage = (l: LanguageRow): Language => ({ isoCode: l.isoCode, name: l.name, nativeName: l.nativeName, rtl: l.rtl });

/** Codes without duplicates, in the order given, each a known language (error.language.unknown otherwise). */
export async function knownLanguages(db: DbOrTx, object: string, field: string, codes: readonly string[]): Promise<string[]> {
  const unique = [...new Set(codes)];
  const unknown = await unknownLanguageCodes(db, unique);
  if (unknown.length) throw fieldError(object, field, RegionLanguageErrorKeys.unknownLanguage, { codes: unknown.join(', ') });
  return unique;
}

/** A unit's interface or document languages (unit 0: the manufacturer-wide lists), by English name. */
export async function getUnitLanguages(deps: Pick<Deps, 'db'>, kind: repo.UnitLanguageKind, businessUnitId: number): Promise<Language[]> {
  const lists = await unitLanguageLists(deps.db, businessUnitId);
  if (!lists) throw notFound('business-unit');
  return (await listLanguages(deps.db, kind === 'interface' ? lists.interfaceLanguages : lists.documentLanguages)).map(toLanguage);
}

/**
 * Replaces a unit's list. English stays among the interface languages; a document language still
 * in a language group cannot be removed (decision 0023). The unit row is locked, so a concurrent
 * language-group change waits for this one.
 */
export async function putUnitLanguages(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  kind: repo.UnitLanguageKind,
  businessUnitId: number,
  codes: readonly string[],
): Promise<Language[]> {
  const object = OBJECT[kind];
  const next = (await knownLanguages(deps.db, object, 'isoCodes', codes)).sort();
  if (kind === 'interface' && !next.includes(REQUIRED_INTERFACE_LANGUAGE))
    throw fieldError(object, 'isoCodes', OrganisationErrorKeys.englishRequired);
  await deps.db.transaction(async (tx) => {
    const before = await unitLanguageLists(tx, businessUnitId, true);
    if (!before) throw notFound('business-unit');
    const previous = kind === 'interface' ? before.interfaceLanguages : before.documentLanguages;
    if (kind === 'document') {
      const removed = previous.filter((c) => !next.includes(c));
      const grouped = await repo.languageGrouped(tx, businessUnitId, removed);
      if (grouped) throw fieldError(object, 'isoCodes', RegionLanguageErrorKeys.documentLanguageInGroup, grouped);
    }
    await repo.setUnitLanguages(tx, businessUnitId, kind, next);
    await audit(tx, actor, {
      entityName: 'business-unit',
      entityId: businessUnitId,
      entityLabel: before.displayName,
      businessUnitId,
      action: kind === 'interface' ? 'INTERFACE_LANGUAGES' : 'DOCUMENT_LANGUAGES',
      changes: {
        [object]: { from: previous, to: next },
        added: next.filter((c) => !previous.includes(c)),
        removed: previous.filter((c) => !next.includes(c)),
      },
    });
  });
  return getUnitLanguages(deps, kind, businessUnitId);
}
