import type { TFunction } from 'i18next';
import type { FieldError, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { translateKey } from '../api/errors';

// document 000 section 5: the bound codes are all shown as 'Size'
const SIZE_CODES = new Set(['Min', 'Max', 'DecimalMin', 'DecimalMax']);

export function normaliseFieldCode(code: string): string {
  return SIZE_CODES.has(code) ? 'Size' : code;
}

export interface ServerErrorMapping<T extends FieldValues> {
  /** The form's field names; a server field `a.b.0` lands on `a.b` or `a` when only those exist. */
  fields: readonly Path<T>[];
  /** Application error keys that belong to one field, e.g. `error.userexists` → `login`. */
  keys?: Partial<Record<string, Path<T>>>;
}

/**
 * Puts the field errors of a failed save on the form's fields (the global handler still announces the
 * error). Returns whether anything was placed.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  mapping: ServerErrorMapping<T>,
): boolean {
  if (!(error instanceof ApiError) || error.status !== 400) return false;
  const known = new Set<string>(mapping.fields);
  let placed = false;
  for (const fe of error.problem?.fieldErrors ?? []) {
    const parts = fe.field.split('.');
    let target: string | undefined;
    for (let n = parts.length; n > 0 && !target; n--) {
      const candidate = parts.slice(0, n).join('.');
      if (known.has(candidate)) target = candidate;
    }
    if (!target) continue;
    setError(target as Path<T>, { type: 'server', message: normaliseFieldCode(fe.message) });
    placed = true;
  }
  const key = error.problem?.message ?? error.appError;
  const keyField = key ? mapping.keys?.[key] : undefined;
  if (keyField) {
    setError(keyField, { type: 'server', message: key });
    placed = true;
  }
  return placed;
}

/**
 * Turns a form error into text: validation codes (NotBlank, Size, Pattern...) through
 * `components.validation.*`, message keys (error.*) through their own translation; `overrides`
 * gives a field its own text for a code (e.g. Pattern → 'Invalid HEX color').
 */
export function useErrorText() {
  const { t, i18n } = useTranslation();
  return (error: FieldError | undefined, overrides?: Record<string, string>): string | undefined => {
    const message = error?.message;
    if (!error) return undefined;
    if (!message) return t('components.validation.invalid');
    // a server message already translated with its params (serverErrorWithParams)
    if (error.type === SERVER_TEXT) return message;
    const code = normaliseFieldCode(message);
    if (overrides?.[code]) return t(overrides[code]);
    if (i18n.exists(`components.validation.${code}`)) return t(`components.validation.${code}`);
    if (/^[a-zA-Z]+(\.[a-zA-Z0-9]+)+$/.test(message) && i18n.exists(message)) return t(message);
    return t('components.validation.invalid');
  };
}

const SERVER_TEXT = 'server-text';

/**
 * Puts a failed save's message key, translated with its params ('Germany already belongs to the
 * region DACH'), on the field the key belongs to; returns whether it did.
 */
export function applyServerMessage<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  t: TFunction,
  keys: Partial<Record<string, Path<T>>>,
): boolean {
  if (!(error instanceof ApiError) || error.status !== 400) return false;
  const key = error.problem?.message ?? error.appError;
  const field = key ? keys[key] : undefined;
  if (!key || !field) return false;
  setError(field, { type: SERVER_TEXT, message: translateKey(t, key, error.problem?.params) });
  return true;
}
