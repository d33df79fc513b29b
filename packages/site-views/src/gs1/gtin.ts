/**
 * GTINs (GS1 General Specifications §3.3.2 and §7.9.1): GTIN-8, GTIN-12 (UPC-A), GTIN-13 (EAN) and
 * GTIN-14 are all compared as GTIN-14, the shorter ones right-aligned with leading zeros, so one
 * product answers whichever form is printed on its box or typed as its key code.
 */

/** The lengths a GTIN is written in. */
export const GTIN_LENGTHS = [8, 12, 13, 14] as const;

export type GtinError = 'notDigits' | 'badLength' | 'badCheckDigit';

export type Gtin14Result = { ok: true; gtin14: string } | { ok: false; reason: GtinError };

/**
 * The GS1 mod-10 check digit of the data digits (every digit but the check digit): from the right,
 * the digits are weighted 3, 1, 3, 1…; the check digit brings the sum up to a multiple of ten.
 * The same for every GS1 key with a check digit (GTIN, GLN, SSCC), whatever its length.
 */
export function gs1CheckDigit(dataDigits: string): number {
  if (!/^\d+$/.test(dataDigits)) throw new Error('gs1CheckDigit takes digits only');
  let sum = 0;
  for (let i = dataDigits.length - 1, weight = 3; i >= 0; i--, weight = 4 - weight) {
    sum += (dataDigits.charCodeAt(i) - 48) * weight;
  }
  return (10 - (sum % 10)) % 10;
}

/** Whether a string of digits ends with its right GS1 mod-10 check digit. */
export function hasValidCheckDigit(digits: string): boolean {
  return /^\d{2,}$/.test(digits) && gs1CheckDigit(digits.slice(0, -1)) === Number(digits.at(-1));
}

/**
 * A GTIN of 8, 12, 13 or 14 digits as GTIN-14 (left-padded with zeros), after checking its check
 * digit; the reason otherwise. Spaces around it are ignored, nothing else is.
 */
export function toGtin14(code: string): Gtin14Result {
  const digits = code.trim();
  if (!/^\d+$/.test(digits)) return { ok: false, reason: 'notDigits' };
  if (!(GTIN_LENGTHS as readonly number[]).includes(digits.length)) return { ok: false, reason: 'badLength' };
  if (!hasValidCheckDigit(digits)) return { ok: false, reason: 'badCheckDigit' };
  return { ok: true, gtin14: digits.padStart(14, '0') };
}

/** Whether a product's key code is a GTIN (8, 12, 13 or 14 digits with a valid check digit). */
export function isGtinKeyCode(keyCode: string): boolean {
  return toGtin14(keyCode).ok;
}

/** The key code as GTIN-14 when it is a GTIN, else undefined: the form to store or compare. */
export function gtin14OfKeyCode(keyCode: string): string | undefined {
  const r = toGtin14(keyCode);
  return r.ok ? r.gtin14 : undefined;
}

/**
 * Whether a product's key code names this GTIN (any GTIN form, compared as GTIN-14). A key code
 * that is not a valid GTIN never matches, so a look-up by GTIN cannot land on a product whose key
 * code only happens to share digits.
 */
export function keyCodeMatchesGtin(keyCode: string, gtin: string): boolean {
  const a = gtin14OfKeyCode(keyCode);
  return a !== undefined && a === gtin14OfKeyCode(gtin);
}
