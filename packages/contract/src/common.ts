import { z } from 'zod';

/*
 * Text and numbers as the database can hold them (decision 0012). Every string a client sends is
 * built from one of the text schemas below, every integer from one of the bounded ones, so no
 * input reaches PostgreSQL as a character or a number it refuses (a 500).
 */

/** The largest value of a PostgreSQL `integer` column (ids, versions, counts). */
export const INT4_MAX = 2_147_483_647;

/**
 * Why a string is refused, or undefined when it is acceptable text: C0 and C1 control characters
 * and DEL (a multi-line text keeps tab, line feed and carriage return), lone UTF-16 surrogates
 * (no UTF-8 form: PostgreSQL's text and jsonb refuse them) and, in names, the bidirectional
 * override and isolate characters U+202A–U+202E and U+2066–U+2069 (they make a name display
 * as another).
 */
export function textFault(s: string, opts: { multiLine?: boolean; name?: boolean } = {}): 'control' | 'surrogate' | 'bidi' | undefined {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20) {
      if (opts.multiLine && (c === 0x09 || c === 0x0a || c === 0x0d)) continue;
      return 'control';
    }
    if (c >= 0x7f && c <= 0x9f) return 'control';
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      return 'surrogate';
    }
    if (c >= 0xdc00 && c <= 0xdfff) return 'surrogate';
    if (opts.name && ((c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069))) return 'bidi';
  }
  return undefined;
}

/** Plain text on one line: stored as given, always rendered escaped (never as HTML). */
export const plainText = () => z.string().refine((s) => textFault(s) === undefined, 'Pattern');
/** Plain text of several lines (tab, line feed and carriage return allowed). */
export const multiLineText = () => z.string().refine((s) => textFault(s, { multiLine: true }) === undefined, 'Pattern');
/** A name, key code or other identifier shown to people: plain text on one line without bidi controls. */
export const nameText = () => z.string().refine((s) => textFault(s, { name: true }) === undefined, 'Pattern');
/**
 * Rich text (HTML): multi-line text that the server passes through its one sanitiser
 * (apps/server/src/platform/rich-text.ts) before storing; only sanitised HTML is ever rendered.
 */
export const richText = () => multiLineText();
/** A secret (password, key): never stored as given, but still text without NUL or lone surrogates. */
export const secretText = () =>
  z.string().refine((s) => !s.includes('\u0000') && textFault(s, { multiLine: true }) !== 'surrogate', 'Pattern');
/** A case-insensitive, partial text filter (search=). */
export const searchText = () => plainText().trim().max(100, 'Size');

/** An absolute http(s) URL of at most `max` characters (no javascript:, data:, relative or spaced URLs). */
export const httpUrl = (max = 500) =>
  z
    .string()
    .max(max, 'Size')
    // before the URL check, which would quietly drop line breaks and tabs
    .refine((s) => textFault(s) === undefined && !/\s/.test(s), 'Pattern')
    .pipe(z.url({ protocol: /^https?$/, error: 'Pattern' }));

/**
 * An integer of a PostgreSQL `integer` column from a path, a query or a body: a JSON number or a
 * string of digits (no sign, fraction, exponent, leading zero or array), from `min` to INT4_MAX.
 */
export const intInput = (min = 0, max = INT4_MAX) =>
  z
    .union([z.number(), z.string().regex(/^(0|[1-9][0-9]{0,9})$/, 'Pattern')], { error: 'Pattern' })
    .transform(Number)
    .pipe(z.number().int('Pattern').min(min, 'Min').max(max, 'Max'));

/** An id from the path, the query or a body (a number or its digits). */
export const idSchema = intInput(0);
export const idParams = z.object({ id: idSchema });
/** An id in a JSON body: a whole number of the integer column's range. */
export const bodyId = (min = 1) => z.number().int('Pattern').min(min, 'Min').max(INT4_MAX, 'Max');

/** page (from 0), size (default 10, at most 2000) and sort=field,asc|desc. */
export const pageQuery = z.object({
  page: intInput(0).default(0),
  size: intInput(1, 2000).default(10),
  sort: z
    .union([plainText(), z.array(plainText())])
    .optional()
    .transform((s) => (s === undefined ? [] : Array.isArray(s) ? s : [s]))
    .pipe(z.array(z.string().regex(/^[A-Za-z][A-Za-z0-9.]*(,(asc|desc))?$/i, 'Pattern'))),
});
export type PageQuery = z.infer<typeof pageQuery>;

export const pageableSchema = z.object({
  pageNumber: z.number(),
  pageSize: z.number(),
  totalPages: z.number(),
  totalElements: z.number(),
});

export const PASSWORD_MIN_LENGTH = 8;
/** At least 8 characters with a lowercase letter, an uppercase letter, a digit and one of # ? ! @ $ % ^ & * - */
export const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[#?!@$%^&*-]).{8,}$/;
export const passwordChecks = [
  { key: 'length', test: (p: string) => p.length >= PASSWORD_MIN_LENGTH },
  { key: 'lowercase', test: (p: string) => /[a-z]/.test(p) },
  { key: 'uppercase', test: (p: string) => /[A-Z]/.test(p) },
  { key: 'number', test: (p: string) => /\d/.test(p) },
  { key: 'symbol', test: (p: string) => /[#?!@$%^&*-]/.test(p) },
] as const;
export const strongPassword = secretText().max(100, 'Size').regex(PASSWORD_PATTERN, 'customInput.password.errors.tooWeak');

/** Names of 1 to 50 characters, not blank. */
export const nameSchema = nameText().trim().min(1, 'NotBlank').max(50, 'Size');
/** Trimmed first: a text/plain body (the reset-password request) ends with a line break. */
export const emailSchema = z
  .string()
  .trim()
  .refine((s) => textFault(s) === undefined, 'Pattern')
  .toLowerCase()
  .max(254, 'Size')
  .email('Pattern');
/** Slugs: at least 3 characters, lowercase letters, digits and hyphens. */
export const slugSchema = plainText()
  .trim()
  .min(3, 'Size')
  .max(50, 'Size')
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Pattern');
export const hexColor = z.string().regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'Pattern');

export const versionField = z.number().int('Pattern').min(0, 'Min').max(INT4_MAX, 'Max');
