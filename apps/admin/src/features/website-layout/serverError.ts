import type { TFunction } from 'i18next';
import { ApiError } from '../../api/client';

/** The server's message for a failed save, in words (with its params: line, column, max, …). */
export function serverError(t: TFunction, err: unknown): string | null {
  if (!err) return null;
  if (err instanceof ApiError && err.problem?.message) {
    const field = err.problem.fieldErrors?.[0];
    const key = err.problem.message === 'error.validation' && field ? `websiteLayout.validation.${field.message}` : err.problem.message;
    return t(key, { ...err.appParams, defaultValue: t('websiteLayout.saveFailed') });
  }
  return t('websiteLayout.saveFailed');
}
