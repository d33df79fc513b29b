import { CatalogueErrorKeys, catalogueNameSchema, INT4_MAX, LOT_NUMBER_MAX, textFault } from '@vellum/contract';
import { z } from 'zod';
import { AppError, invalidField } from '../../platform/errors.js';

/** A lot-range entry of a product create/update, checked. id null: a new range. */
export interface LotRangeEntry {
  index: number;
  id: number | null;
  name: string;
  numbers: string[];
  archiveDate: Date | null;
  appliesToAll: boolean;
  version?: number;
}

/** At most this many numbers in one range. */
export const LOT_NUMBERS_PER_RANGE_MAX = 10_000;

const OBJECT = 'product';
const isoDate = z.iso.datetime({ offset: true });

/** A 400 with the key, its params and a field error on the entry (or one of its fields). */
export const lotRangeError = (key: string, index: number, field?: string, params?: Record<string, unknown>) =>
  new AppError(key, 400, params, [
    { objectName: OBJECT, field: field ? `lotRanges.${index}.${field}` : `lotRanges.${index}`, message: key },
  ]);

/**
 * Checks each entry by hand (the body carries them as unknown) so that every lot-range error of
 * spec 001 §8 answers its own key: not an object, missing name, missing numbers, numbers that are
 * not strings, numbers of 250 characters or more. An id that is not a positive integer (other
 * than -1 or null for "new") names no range: missingId. Numbers are trimmed, duplicates dropped.
 */
export function parseLotRangeEntries(raw: readonly unknown[]): LotRangeEntry[] {
  return raw.map((entry, index) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      throw lotRangeError(CatalogueErrorKeys.lotRangeNotAnObject, index);
    }
    const e = entry as Record<string, unknown>;

    let id: number | null = null;
    if (e.id !== undefined && e.id !== null && e.id !== -1) {
      if (typeof e.id !== 'number' || !Number.isInteger(e.id) || e.id <= 0 || e.id > INT4_MAX) {
        throw lotRangeError(CatalogueErrorKeys.lotRangeMissingId, index, 'id', { id: e.id });
      }
      id = e.id;
    }

    if (typeof e.name !== 'string' || e.name.trim() === '') throw lotRangeError(CatalogueErrorKeys.lotRangeMissingName, index, 'name');
    const name = catalogueNameSchema.safeParse(e.name);
    if (!name.success) throw invalidField(OBJECT, `lotRanges.${index}.name`, name.error.issues[0]?.message ?? 'Pattern');

    if (!Array.isArray(e.numbers) || e.numbers.length === 0)
      throw lotRangeError(CatalogueErrorKeys.lotRangeMissingNumbers, index, 'numbers');
    if (e.numbers.length > LOT_NUMBERS_PER_RANGE_MAX) throw invalidField(OBJECT, `lotRanges.${index}.numbers`, 'Size');
    const numbers: string[] = [];
    const seen = new Set<string>();
    for (const n of e.numbers) {
      if (typeof n !== 'string' || n.trim() === '') throw lotRangeError(CatalogueErrorKeys.lotRangeNumberInvalid, index, 'numbers');
      const value = n.trim();
      // plain text like the key code: no control, bidi or lone surrogate characters
      if (textFault(value, { name: true })) throw invalidField(OBJECT, `lotRanges.${index}.numbers`, 'Pattern');
      if (value.length > LOT_NUMBER_MAX) {
        throw lotRangeError(CatalogueErrorKeys.lotRangeNumberTooLong, index, 'numbers', { max: LOT_NUMBER_MAX });
      }
      if (!seen.has(value)) {
        seen.add(value);
        numbers.push(value);
      }
    }

    let archiveDate: Date | null = null;
    if (e.archiveDate !== undefined && e.archiveDate !== null) {
      const d = isoDate.safeParse(e.archiveDate);
      if (!d.success) throw invalidField(OBJECT, `lotRanges.${index}.archiveDate`, 'Pattern');
      archiveDate = new Date(d.data);
    }

    if (e.appliesToAll !== undefined && e.appliesToAll !== null && typeof e.appliesToAll !== 'boolean') {
      throw invalidField(OBJECT, `lotRanges.${index}.appliesToAll`, 'Invalid');
    }
    let version: number | undefined;
    if (e.version !== undefined && e.version !== null) {
      if (typeof e.version !== 'number' || !Number.isInteger(e.version) || e.version < 0 || e.version > INT4_MAX)
        throw invalidField(OBJECT, `lotRanges.${index}.version`, 'Invalid');
      version = e.version;
    }
    return { index, id, name: name.data, numbers, archiveDate, appliesToAll: e.appliesToAll === true, version };
  });
}
