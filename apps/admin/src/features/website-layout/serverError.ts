import type { TFunction } from 'i18next';
import { ApiError } from '../../api/client';

/** The server's message for a failed save, in words (with its params: line, column, max, …). */
export function serverError(t: TFunction, err: unknown): string | null {
  if (!err) return null;
  if (err instanceof ApiError && err.problem?.message) {
    const field = err.problem.fieldErrors?.[0];
    const key = err.problem.message === 'error.validation' && field ? fieldMessageKey(field) : err.problem.message;
    return t(key, { ...err.appParams, defaultValue: t('websiteLayout.saveFailed') });
  }
  return t('websiteLayout.saveFailed');
}

/** A field error's text: a colour's Pattern is the spec's 'Invalid HEX color' (001 §5), others by their code. */
function fieldMessageKey(field: { field: string; message: string }): string {
  if (field.message === 'Pattern' && /(^|\.)(mainColor|highlightColor)$/.test(field.field)) return 'websiteLayout.invalidHex';
  return `websiteLayout.validation.${field.message}`;
}
