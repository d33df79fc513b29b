import { ErrorKeys, TranslationErrorKeys, textFault } from '@vellum/contract';
import { AppError } from '../../platform/errors.js';
import { pageOf } from '../../platform/paging.js';
import { sanitizeRichText } from '../../platform/rich-text.js';

/*
 * The rules both translation areas share (record translations and website texts): which language
 * may be written, what a value may hold, and how a list is searched, sorted and paged.
 */

/** An error about one item of a save, naming it by position and key (nothing is stored). */
export function itemError(
  key: string,
  listName: string,
  index: number,
  translationKey: string,
  message: string,
  params: Record<string, unknown> = {},
): AppError {
  return new AppError(key, 400, { index, translationKey, ...params }, [
    {
      objectName: 'internationalization',
      field: `${listName}[${index}].${message === 'Key' ? 'translationKey' : 'translatedValue'}`,
      message,
    },
  ]);
}

/** The language must be one the unit (or, manufacturer-wide, some unit) shows its website in. */
export function checkLanguage(allowed: readonly string[], language: string): void {
  if (!allowed.includes(language))
    throw new AppError(TranslationErrorKeys.languageNotAvailable, 400, { interfaceLanguageISO: language }, [
      { objectName: 'query', field: 'interfaceLanguageISO', message: 'NotAvailable' },
    ]);
}

export interface ValueRule {
  maxLength: number;
  richText?: boolean;
}

/**
 * The value to store for one item: trimmed (rich text sanitised first), or null when it is empty
 * and the translation is to be removed. Plain text is one line without bidi controls.
 */
export function storedValue(
  value: string | null,
  rule: ValueRule,
  at: { listName: string; index: number; translationKey: string },
): string | null {
  if (value === null) return null;
  const text = (rule.richText ? sanitizeRichText(value) : value).trim();
  if (text === '' || (rule.richText && isBlankHtml(text))) return null;
  if (!rule.richText && textFault(text, { name: true }) !== undefined)
    throw itemError(ErrorKeys.validation, at.listName, at.index, at.translationKey, 'Pattern');
  if (text.length > rule.maxLength)
    throw itemError(TranslationErrorKeys.translatedValueTooLong, at.listName, at.index, at.translationKey, 'Size', { max: rule.maxLength });
  return text;
}

/** Rich text with neither text nor an image is empty (spec 001 §5). */
const isBlankHtml = (html: string) => !/<img/i.test(html) && html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '') === '';

/** Refuses the same key twice in one save (which of the two would count is not clear). */
export function checkUnique(keys: readonly string[], listName: string): void {
  const seen = new Set<string>();
  keys.forEach((k, index) => {
    if (seen.has(k)) throw itemError(ErrorKeys.duplicate, listName, index, k, 'Key');
    seen.add(k);
  });
}

export interface ListQuery {
  page: number;
  size: number;
  sort: string;
  search?: string;
  missing: boolean;
}

interface Listable {
  translationKey: string;
  interfaceLanguageISO: string;
  sourceValue: string;
  translatedValue: string | null;
}

const SORT_FIELDS = { translationKey: 'translationKey', sourceValue: 'sourceValue', translatedValue: 'translatedValue' } as const;

/**
 * One page of rows: searched (key, English source or translation, case-insensitive), sorted by
 * the lowercase value of the sort field (the key by default), then by language, then paged.
 */
export function pageRows<T extends Listable>(rows: T[], q: ListQuery) {
  const needle = q.search?.toLowerCase();
  const found = needle
    ? rows.filter(
        (r) =>
          r.translationKey.toLowerCase().includes(needle) ||
          r.sourceValue.toLowerCase().includes(needle) ||
          (r.translatedValue ?? '').toLowerCase().includes(needle),
      )
    : rows;
  const [name, dir] = q.sort.split(',');
  const field = SORT_FIELDS[name as keyof typeof SORT_FIELDS] ?? 'translationKey';
  const sign = dir === 'desc' ? -1 : 1;
  const keyed = found.map((r) => ({ r, k: (r[field] ?? '').toLowerCase() }));
  keyed.sort((a, b) => {
    if (a.k !== b.k) return a.k < b.k ? -sign : sign;
    if (a.r.translationKey !== b.r.translationKey) return a.r.translationKey < b.r.translationKey ? -1 : 1;
    return a.r.interfaceLanguageISO < b.r.interfaceLanguageISO ? -1 : a.r.interfaceLanguageISO > b.r.interfaceLanguageISO ? 1 : 0;
  });
  const start = q.page * q.size;
  return pageOf(
    keyed.slice(start, start + q.size).map((x) => x.r),
    keyed.length,
    { page: q.page, size: q.size, sort: [] },
  );
}

/** What a save changes, key by key, for the audit log (unchanged values left out). */
export function changesOf(
  was: ReadonlyMap<string, string>,
  set: readonly { translationKey: string; value: string }[],
  removed: readonly string[],
) {
  const changes: Record<string, { from: string | null; to: string | null }> = {};
  for (const s of set)
    if (was.get(s.translationKey) !== s.value) changes[s.translationKey] = { from: was.get(s.translationKey) ?? null, to: s.value };
  for (const k of removed) changes[k] = { from: was.get(k) ?? null, to: null };
  return changes;
}
