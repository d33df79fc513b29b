import {
  DICTIONARY_LANGUAGE,
  GLOBAL_BUSINESS_UNIT_ID,
  isWebsiteTextKey,
  type TranslationCount,
  TranslationErrorKeys,
  WEBSITE_TEXT_KEYS,
  WEBSITE_TEXTS,
  type WebsiteTranslationPage,
  type WebsiteTranslationRow,
  type websiteTextsQuery,
  type websiteTranslationListQuery,
  type websiteTranslationSaveBody,
  type websiteTranslationSaveQuery,
} from '@vellum/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { type Actor, audit } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import { changesOf, checkLanguage, checkUnique, itemError, pageRows, storedValue } from './translation-rules.js';
import * as repo from './translations.repo.js';

type ListQuery = z.output<typeof websiteTranslationListQuery>;
type SaveQuery = z.output<typeof websiteTranslationSaveQuery>;
type SaveBody = z.output<typeof websiteTranslationSaveBody>;
type TextsQuery = z.output<typeof websiteTextsQuery>;

const LIST = 'translations';
const MANUFACTURER = GLOBAL_BUSINESS_UNIT_ID;

/**
 * The languages a level may set: a unit's interface languages; manufacturer-wide (unit 0), any
 * language some unit shows its website in. undefined: no such unit.
 */
async function languagesOf(db: DbOrTx, unitId: number): Promise<string[] | undefined> {
  const own = await repo.interfaceLanguagesOf(db, unitId);
  if (!own) return undefined;
  return unitId === MANUFACTURER ? repo.allInterfaceLanguages(db) : own;
}

async function allowedLanguages(db: DbOrTx, unitId: number, language: string): Promise<string[]> {
  const languages = await languagesOf(db, unitId);
  if (!languages) throw notFound('business-unit');
  checkLanguage(languages, language);
  return languages;
}

type Overrides = Map<string, string>;
const at = (unitId: number, language: string, key: string) => `${unitId}|${language}|${key}`;

async function overridesOf(db: DbOrTx, unitId: number, languages: string[]): Promise<Overrides> {
  const units = unitId === MANUFACTURER ? [MANUFACTURER] : [unitId, MANUFACTURER];
  const rows = await repo.websiteOverrides(db, units, [...new Set([...languages, DICTIONARY_LANGUAGE])]);
  return new Map(rows.map((r) => [at(r.businessUnitId, r.interfaceLanguageIso, r.translationKey), r.translatedValue]));
}

type Origin = WebsiteTranslationRow['inheritedFrom'] | 'UNIT';

/**
 * The chain a text is looked up in (docs/decisions/0025): the unit's own value, the
 * manufacturer's, then, for another language, the English text as the unit shows it (the unit's
 * English, the manufacturer's English), and last the built-in English default.
 */
function chain(unitId: number, language: string): { unit: number; language: string; origin: Origin }[] {
  const levels: { unit: number; language: string; origin: Origin }[] = [];
  const own = unitId === MANUFACTURER ? [MANUFACTURER] : [unitId, MANUFACTURER];
  const originOf = (u: number): Origin => (u === MANUFACTURER ? 'MANUFACTURER' : 'UNIT');
  for (const u of own) levels.push({ unit: u, language, origin: originOf(u) });
  if (language !== DICTIONARY_LANGUAGE) for (const u of own) levels.push({ unit: u, language: DICTIONARY_LANGUAGE, origin: 'ENGLISH' });
  return levels;
}

function resolve(overrides: Overrides, levels: ReturnType<typeof chain>, key: string): { value: string; origin: Origin } {
  for (const l of levels) {
    const v = overrides.get(at(l.unit, l.language, key));
    if (v !== undefined) return { value: v, origin: l.origin };
  }
  return { value: WEBSITE_TEXTS[key as keyof typeof WEBSITE_TEXTS].en, origin: 'DEFAULT' };
}

/** Whether a text has a value in the language itself (unit or manufacturer), not an English fallback. */
const translatedIn = (overrides: Overrides, unitId: number, language: string, key: string) =>
  language === DICTIONARY_LANGUAGE || overrides.has(at(unitId, language, key)) || overrides.has(at(MANUFACTURER, language, key));

/** The website texts of one level in one language: own value, what it inherits, and counts per language. */
export async function listWebsiteTranslations(deps: Pick<Deps, 'db'>, q: ListQuery): Promise<WebsiteTranslationPage> {
  const unitId = q['business-unit'];
  const language = q.interfaceLanguageISO;
  const languages = await allowedLanguages(deps.db, unitId, language);
  const overrides = await overridesOf(deps.db, unitId, languages);
  const inherited = chain(unitId, language).slice(1);
  const rows: WebsiteTranslationRow[] = [];
  for (const key of WEBSITE_TEXT_KEYS) {
    if (q.missing && translatedIn(overrides, unitId, language, key)) continue;
    const own = overrides.get(at(unitId, language, key)) ?? null;
    const from = resolve(overrides, inherited, key);
    rows.push({
      translationKey: key,
      maxLength: WEBSITE_TEXTS[key].maxLength,
      interfaceLanguageISO: language,
      sourceValue: WEBSITE_TEXTS[key].en,
      translatedValue: own,
      inheritedValue: from.value,
      inheritedFrom: from.origin === 'UNIT' ? 'ENGLISH' : from.origin,
      dictionary: false,
    });
  }
  const counts: TranslationCount[] = languages
    .filter((l) => l !== DICTIONARY_LANGUAGE)
    .sort()
    .map((l) => {
      const n = WEBSITE_TEXT_KEYS.filter((key) => translatedIn(overrides, unitId, l, key)).length;
      return { interfaceLanguageISO: l, total: WEBSITE_TEXT_KEYS.length, translated: n, missing: WEBSITE_TEXT_KEYS.length - n };
    });
  return { ...pageRows(rows, q), counts };
}

/** The interface languages the manufacturer-wide website texts may be set in (any unit's), sorted. */
export async function manufacturerLanguages(deps: Pick<Deps, 'db'>): Promise<string[]> {
  return (await repo.allInterfaceLanguages(deps.db)).sort();
}

/** Every website text's effective value for a unit in one language (what the public site shows). */
export async function websiteTexts(deps: Pick<Deps, 'db'>, q: TextsQuery): Promise<Record<string, string>> {
  const unitId = q['business-unit'];
  const languages = await allowedLanguages(deps.db, unitId, q.interfaceLanguageISO);
  const overrides = await overridesOf(deps.db, unitId, languages);
  const levels = chain(unitId, q.interfaceLanguageISO);
  return Object.fromEntries(WEBSITE_TEXT_KEYS.map((key) => [key, resolve(overrides, levels, key).value]));
}

/**
 * Saves one level's website texts in one language, all or nothing; an empty value removes the
 * override (the text is inherited again). The built-in defaults themselves are not updatable:
 * English values are overrides like any other language.
 */
export async function saveWebsiteTranslations(deps: Pick<Deps, 'db'>, actor: Actor, q: SaveQuery, body: SaveBody) {
  const unitId = q['business-unit'];
  const language = q.interfaceLanguageISO;
  const items = body.translations;
  const values = items.map((item, index) => {
    if (item.dictionary) throw itemError(TranslationErrorKeys.dictionaryNotUpdatable, LIST, index, item.translationKey, 'Key');
    if (!isWebsiteTextKey(item.translationKey)) throw itemError(TranslationErrorKeys.invalidKey, LIST, index, item.translationKey, 'Key');
    return storedValue(item.translatedValue, WEBSITE_TEXTS[item.translationKey], {
      listName: LIST,
      index,
      translationKey: item.translationKey,
    });
  });
  const keys = items.map((i) => i.translationKey);
  checkUnique(keys, LIST);
  return deps.db.transaction(async (tx) => {
    await allowedLanguages(tx, unitId, language);
    const before = await repo.websiteOverridesForUpdate(tx, unitId, language, keys);
    const was = new Map(before.map((b) => [b.translationKey, b.translatedValue]));
    const set = keys.flatMap((k, i) => (values[i] === null ? [] : [{ translationKey: k, value: values[i] as string }]));
    const removed = keys.filter((k, i) => values[i] === null && was.has(k));
    await repo.upsertWebsiteOverrides(
      tx,
      set.map((s) => ({
        businessUnitId: unitId,
        translationKey: s.translationKey,
        interfaceLanguageIso: language,
        translatedValue: s.value,
      })),
    );
    await repo.deleteWebsiteOverrides(tx, unitId, language, removed);
    const changes = changesOf(was, set, removed);
    if (Object.keys(changes).length > 0)
      await audit(tx, actor, {
        entityName: 'website-translation',
        entityId: language,
        entityLabel: unitId === MANUFACTURER ? `manufacturer (${language})` : language,
        action: 'UPDATE',
        businessUnitId: unitId,
        changes: { interfaceLanguageISO: language, translations: changes },
      });
    return {
      translations: set.map((s) => ({ translationKey: s.translationKey, interfaceLanguageISO: language, translatedValue: s.value })),
      removed: removed.length,
    };
  });
}
