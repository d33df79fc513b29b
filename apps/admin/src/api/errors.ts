import { ErrorKeys } from '@vellum/contract';
import type { TFunction } from 'i18next';
import { languageName } from '../i18n/format';
import { ApiError } from './client';

/** What the user is told about a failed call (already translated). */
export interface ErrorNotice {
  title?: string;
  messages: string[];
}

/** Field error codes that the catalogue shows as 'Size' (document 000 section 5). */
const SIZE_CODES = new Set(['Min', 'Max', 'DecimalMin', 'DecimalMax']);

/** Translates a server key with its params; text that is no known key is shown as it came. */
export function translateKey(t: TFunction, key: string, params?: Record<string, unknown>): string {
  // a language travels as its code; the admin names it (decision 0051)
  const language = typeof params?.language === 'string' ? { language: languageName(params.language) } : {};
  return t(key, { ...params, ...language, defaultValue: key }) as string;
}

function fieldMessage(t: TFunction, code: string): string {
  const normalised = SIZE_CODES.has(code) ? 'Size' : code;
  const fieldKey = `error.field.${normalised}`;
  if (/^[A-Za-z]+$/.test(normalised)) return t(fieldKey, { defaultValue: normalised }) as string;
  return translateKey(t, normalised);
}

/** Whether a call is one of the account calls, whose 401 answers stay silent (document 000 section 7). */
export function isAccountCall(err: ApiError): boolean {
  return /^\/api\/account(\/|$)/.test(err.path);
}

/** Sign-in calls report their own failures on the form. */
export function isSignInCall(err: ApiError): boolean {
  return /^\/api\/authenticate(\/|$)/.test(err.path);
}

/**
 * The message key to show when a 401 ends the session: token.inactive and token.expired have their
 * own messages; other 401s end the session silently, as do account calls.
 */
export function sessionEndKey(err: ApiError): string | undefined {
  if (err.status !== 401 || isAccountCall(err)) return undefined;
  const code = err.problem?.code;
  if (code === 'token.inactive') return ErrorKeys.tokenInactive;
  if (code === 'token.expired') return ErrorKeys.sessionExpired;
  return undefined;
}

/**
 * The error catalogue of document 000 section 8 as one function: what a failed call tells the user,
 * or null when it says nothing here (401: the session layer handles it).
 */
export function describeError(err: unknown, t: TFunction): ErrorNotice | null {
  if (!(err instanceof ApiError)) {
    const message = err instanceof Error && err.message ? err.message : t('error.unknown');
    return { messages: [message] };
  }
  const problem = err.problem;
  switch (err.status) {
    case 0:
      return { messages: [t('error.server.not.reachable')] };
    case 401:
      return null;
    case 404:
      return { messages: [t('error.url.not.found')] };
    case 400: {
      const header = err.appError;
      const fieldErrors = problem?.fieldErrors ?? [];
      if (fieldErrors.length > 0 && (!header || header === ErrorKeys.validation)) {
        return {
          title: translateKey(t, header ?? problem?.message ?? ErrorKeys.validation, err.appParams),
          messages: fieldErrors.map((f) => t('error.fieldError', { field: f.field, message: fieldMessage(t, f.message) }) as string),
        };
      }
      if (header) return { messages: [translateKey(t, header, err.appParams)] };
      const message = problem?.message ?? problem?.code;
      return { messages: [message ? translateKey(t, message, err.appParams) : t('error.http.400')] };
    }
    default: {
      const message = problem?.message ?? err.appError;
      return { messages: [message ? translateKey(t, message, err.appParams) : t('error.unknown')] };
    }
  }
}

/** The message key of an API error (the body's message, else the error header), for forms that react to specific keys. */
export function errorKey(err: unknown): string | undefined {
  if (!(err instanceof ApiError)) return undefined;
  return err.problem?.message ?? err.appError;
}
