import {
  DICTIONARY_LANGUAGE,
  type InternationalizationPage,
  type InternationalizationRow,
  type internationalizationListQuery,
  type internationalizationRtfQuery,
  type internationalizationSaveBody,
  type internationalizationSaveQuery,
  type TranslatableEntityName,
  type TranslationCount,
  TranslationErrorKeys,
} from '@vellum/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { type Actor, audit } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, invalidField, notFound } from '../../platform/errors.js';
import { pageOf } from '../../platform/paging.js';
import type { RichTextUpload } from '../../platform/rich-text.js';
import { type TranslatableEntity, translatableEntities, translatableEntity } from './translatable-entities.js';
import { type KeySource, listPage, translationCounts } from './translation-list.repo.js';
import { changesOf, checkLanguage, checkUnique, itemError, storedValue } from './translation-rules.js';
import * as repo from './translations.repo.js';

type ListQuery = z.output<typeof internationalizationListQuery>;
type SaveQuery = z.output<typeof internationalizationSaveQuery>;
type SaveBody = z.output<typeof internationalizationSaveBody>;
type RtfQuery = z.output<typeof internationalizationRtfQuery>;

const LIST = 'internationalizations';
const KEY = /^([a-z_]{1,60})\.(0|[1-9][0-9]{0,9})\.([A-Za-z][A-Za-z0-9]{0,59})$/;

async function languagesOf(db: DbOrTx, businessUnitId: number): Promise<string[]> {
  const languages = await repo.interfaceLanguagesOf(db, businessUnitId);
  if (!languages) throw notFound('business-unit');
  return languages;
}

/** How the list reads a record type: its fields and its area's statement of the unit's records. */
const keySource = (entity: TranslatableEntity, unitId: number): KeySource => ({
  entityName: entity.entityName,
  fields: Object.keys(entity.fields),
  query: entity.sourcesQuery(unitId),
});

/**
 * The number of keys (record fields with an English value) and, per non-English language of the
 * unit, how many of them are translated: the kept counts per field (decision 0089) less the
 * translations of fields whose English value is now empty (the translation stays; it no longer counts).
 */
async function countsOf(deps: Pick<Deps, 'db'>, unitId: number, entities: TranslatableEntity[], languages: string[]) {
  const sources = entities.map((e) => keySource(e, unitId));
  const { keys, translated, emptied } = await translationCounts(deps.db, unitId, sources, languages);
  const counts = languages.map((language): TranslationCount => {
    const n = (translated.get(language) ?? 0) - (emptied.get(language) ?? 0);
    return { interfaceLanguageISO: language, total: keys, translated: n, missing: keys - n };
  });
  return { keys, counts };
}

/** The rows of an unsearched list, from the counts: every key in each language, or the missing ones. */
function totalOf({ keys, counts }: { keys: number; counts: TranslationCount[] }, languages: string[], missing: boolean): number {
  if (!missing) return keys * languages.length;
  return languages.reduce((sum, l) => sum + (counts.find((c) => c.interfaceLanguageISO === l)?.missing ?? 0), 0);
}

const SORT_FIELDS = ['translationKey', 'sourceValue', 'translatedValue'] as const;

/**
 * The translator's list: per record field and language, the English source beside its
 * translation, with the number of missing translations per language (docs/decisions/0024).
 * English lists the dictionary itself (read-only). Searched, sorted and paged in SQL (decision
 * 0089) as `pageRows` does in memory for the website texts.
 */
export async function listInternationalizations(deps: Pick<Deps, 'db'>, q: ListQuery): Promise<InternationalizationPage> {
  const unitId = q['business-unit'];
  const unitLanguages = await languagesOf(deps.db, unitId);
  const translated = unitLanguages.filter((l) => l !== DICTIONARY_LANGUAGE);
  if (q.interfaceLanguageISO) checkLanguage(unitLanguages, q.interfaceLanguageISO);
  const languages = q.interfaceLanguageISO ? [q.interfaceLanguageISO] : translated;
  const entity = q.entityName && translatableEntity(q.entityName);
  const entities = q.entityName ? (entity ? [entity] : []) : translatableEntities();
  const dictionary = languages.length === 1 && languages[0] === DICTIONARY_LANGUAGE;
  const [name, dir] = q.sort.split(',');
  const [page, counted] = await Promise.all([
    dictionary && q.missing
      ? { rows: [], total: 0 }
      : listPage(
          deps.db,
          unitId,
          entities.map((e) => keySource(e, unitId)),
          {
            languages,
            dictionary,
            missing: q.missing,
            search: q.search,
            sortField: SORT_FIELDS.find((f) => f === name) ?? 'translationKey',
            descending: dir === 'desc',
            page: q.page,
            size: q.size,
          },
        ),
    countsOf(deps, unitId, entities, translated),
  ]);
  const items = page.rows.map((r): InternationalizationRow => {
    const rule = translatableEntity(r.entityName as TranslatableEntityName).fields[r.field];
    return {
      translationKey: r.translationKey,
      entityName: r.entityName,
      entityId: r.entityId,
      field: r.field,
      label: r.label,
      richText: rule.richText ?? false,
      maxLength: rule.maxLength,
      sourceValue: r.sourceValue,
      interfaceLanguageISO: r.language,
      translatedValue: r.translatedValue,
      cloudStorageObjectKey: r.cloudStorageObjectKey,
      dictionary,
    };
  });
  return {
    ...pageOf(items, page.total ?? totalOf(counted, languages, q.missing), { page: q.page, size: q.size, sort: [] }),
    counts: counted.counts,
  };
}

interface ParsedKey {
  translationKey: string;
  entityId: number;
  field: string;
}

/** The record and field a key names, when it is a key of the record type (else 'invalid key'). */
function parseKey(entity: TranslatableEntity | undefined, entityName: string, translationKey: string, index: number): ParsedKey {
  const m = KEY.exec(translationKey);
  if (!entity || !m || m[1] !== entityName || !Object.hasOwn(entity.fields, m[3]))
    throw itemError(TranslationErrorKeys.invalidKey, LIST, index, translationKey, 'Key');
  return { translationKey, entityId: Number(m[2]), field: m[3] };
}

/** English is the records' own text, edited on the records: never written here. */
function checkNotDictionary(language: string): void {
  if (language === DICTIONARY_LANGUAGE)
    throw new AppError(TranslationErrorKeys.dictionaryNotUpdatable, 400, { interfaceLanguageISO: language }, [
      { objectName: 'query', field: 'interfaceLanguageISO', message: 'NotUpdatable' },
    ]);
}

/** Refuses keys of records that are not the unit's (or no longer exist). */
async function checkRecords(tx: DbOrTx, entity: TranslatableEntity, unitId: number, parsed: ParsedKey[]): Promise<void> {
  const ids = [...new Set(parsed.map((p) => p.entityId))];
  const existing = new Set((await entity.sources(tx, unitId, ids)).map((s) => s.id));
  parsed.forEach((p, index) => {
    if (!existing.has(p.entityId)) throw itemError(TranslationErrorKeys.invalidKey, LIST, index, p.translationKey, 'Key');
  });
}

/**
 * Saves translations of one record type into one language, all or nothing: an empty value
 * removes the translation; the first bad item answers 400 naming it, and nothing is stored.
 */
export async function saveInternationalizations(deps: Pick<Deps, 'db'>, actor: Actor, q: SaveQuery, body: SaveBody) {
  const unitId = q['business-unit'];
  const language = q.interfaceLanguageISO;
  const entity = translatableEntity(q.entityName);
  checkNotDictionary(language);
  const items = body.internationalizations;
  items.forEach((item, index) => {
    if (item.dictionary) throw itemError(TranslationErrorKeys.dictionaryNotUpdatable, LIST, index, item.translationKey, 'Key');
  });
  const parsed = items.map((item, index) => parseKey(entity, q.entityName, item.translationKey, index));
  checkUnique(
    parsed.map((p) => p.translationKey),
    LIST,
  );
  const values = items.map((item, index) =>
    storedValue(item.translatedValue, (entity as TranslatableEntity).fields[parsed[index].field], {
      listName: LIST,
      index,
      translationKey: item.translationKey,
    }),
  );
  return deps.db.transaction(async (tx) => {
    checkLanguage(await languagesOf(tx, unitId), language);
    if (!entity) return { internationalizations: [], removed: 0 };
    await checkRecords(tx, entity, unitId, parsed);
    const before = await repo.translationsForUpdate(
      tx,
      unitId,
      language,
      parsed.map((p) => p.translationKey),
    );
    const was = new Map(before.map((b) => [b.translationKey, b.translatedValue]));
    const set = parsed.flatMap((p, i) => {
      const value = values[i];
      return value === null ? [] : [{ ...p, value }];
    });
    const removed = parsed.filter((p, i) => values[i] === null && was.has(p.translationKey)).map((p) => p.translationKey);
    await repo.upsertTranslations(
      tx,
      set.map((s) => ({
        businessUnitId: unitId,
        entityName: q.entityName,
        entityId: s.entityId,
        field: s.field,
        translationKey: s.translationKey,
        interfaceLanguageIso: language,
        translatedValue: s.value,
        cloudStorageObjectKey: null,
      })),
    );
    await repo.deleteTranslations(tx, unitId, language, removed);
    const changes = changesOf(was, set, removed);
    if (Object.keys(changes).length > 0)
      await audit(tx, actor, {
        entityName: 'internationalization',
        entityId: `${q.entityName}:${language}`,
        entityLabel: `${q.entityName} (${language})`,
        action: 'UPDATE',
        businessUnitId: unitId,
        changes: { entityName: q.entityName, interfaceLanguageISO: language, translations: changes },
      });
    return {
      internationalizations: set.map((s) => ({
        translationKey: s.translationKey,
        interfaceLanguageISO: language,
        translatedValue: s.value,
      })),
      removed: removed.length,
    };
  });
}

/**
 * Keeps an uploaded document as the translation of one rich-text field: the original in the file
 * store, its sanitised HTML as the translated value (the replaced original is deleted once the
 * change is committed; when the change fails, the new one is).
 */
export async function uploadTranslationDocument(deps: Pick<Deps, 'db' | 'files'>, actor: Actor, q: RtfQuery, upload: RichTextUpload) {
  const unitId = q['business-unit'];
  const language = q.interfaceLanguageISO;
  const entity = translatableEntity(q.entityName);
  const target = { listName: 'query', index: 0, translationKey: q.translationKey };
  const parsed = parseKey(entity, q.entityName, q.translationKey, 0);
  const rule = (entity as TranslatableEntity).fields[parsed.field];
  if (!rule.richText) throw itemError(TranslationErrorKeys.invalidKey, 'query', 0, q.translationKey, 'Key', { richText: false });
  const value = storedValue(upload.html, rule, target);
  if (value === null) throw invalidField('multipart', 'file', 'NotBlank');
  checkNotDictionary(language);
  checkLanguage(await languagesOf(deps.db, unitId), language);
  await checkRecords(deps.db, entity as TranslatableEntity, unitId, [parsed]);
  const objectKey = await deps.files.put(`internationalizations/${unitId}/${q.translationKey}/${language}`, upload.original, upload.format);
  let previous: string | null | undefined;
  try {
    previous = await deps.db.transaction(async (tx) => {
      await checkRecords(tx, entity as TranslatableEntity, unitId, [parsed]);
      const [before] = await repo.translationsForUpdate(tx, unitId, language, [q.translationKey]);
      await repo.upsertTranslations(tx, [
        {
          businessUnitId: unitId,
          entityName: q.entityName,
          entityId: parsed.entityId,
          field: parsed.field,
          translationKey: q.translationKey,
          interfaceLanguageIso: language,
          translatedValue: value,
          cloudStorageObjectKey: objectKey,
        },
      ]);
      await audit(tx, actor, {
        entityName: 'internationalization',
        entityId: `${q.entityName}:${language}`,
        entityLabel: `${q.entityName} (${language})`,
        action: 'UPLOAD',
        businessUnitId: unitId,
        changes: {
          entityName: q.entityName,
          interfaceLanguageISO: language,
          translations: { [q.translationKey]: { from: before?.translatedValue ?? null, to: value } },
          format: upload.format,
          bytes: upload.original.length,
        },
      });
      return before?.cloudStorageObjectKey;
    });
  } catch (err) {
    await deps.files.delete(objectKey).catch(() => {});
    throw err;
  }
  if (previous && previous !== objectKey) await deps.files.delete(previous).catch(() => {});
  return { translationKey: q.translationKey, interfaceLanguageISO: language, cloudStorageObjectKey: objectKey, translatedValue: value };
}
