import { z } from 'zod';

export const idSchema = z.coerce.number().int().nonnegative();
export const idParams = z.object({ id: idSchema });

/** page (from 0), size (default 10, at most 2000) and sort=field,asc|desc. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(2000).default(10),
  sort: z
    .union([z.string(), z.array(z.string())])
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
export const strongPassword = z.string().max(100, 'Size').regex(PASSWORD_PATTERN, 'customInput.password.errors.tooWeak');

/** Names of 1 to 50 characters, not blank. */
export const nameSchema = z.string().trim().min(1, 'NotBlank').max(50, 'Size');
export const emailSchema = z.string().trim().toLowerCase().max(254, 'Size').email('Pattern');
/** Slugs: at least 3 characters, lowercase letters, digits and hyphens. */
export const slugSchema = z
  .string()
  .trim()
  .min(3, 'Size')
  .max(50, 'Size')
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Pattern');
export const hexColor = z.string().regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'Pattern');

export const versionField = z.number().int().nonnegative();
export const isoDate = z.string();
