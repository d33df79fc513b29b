/** What a scan or a GS1 link names: the GTIN (as GTIN-14) and, when given, the lot, expiry and serial. */
export interface Gs1Scan {
  gtin14: string;
  /** AI 10, batch or lot number. */
  lot?: string;
  /** AI 17, expiry date as printed: YYMMDD (DD 00 means the end of the month). */
  expiry?: string;
  /** AI 21, serial number. */
  serial?: string;
}

/** Why a scan or a link is not one the site can follow. */
export type Gs1Error =
  | 'empty'
  /** No AI 01: a GS1 code without a GTIN names no product. */
  | 'noGtin'
  | 'gtinNotDigits'
  | 'gtinBadLength'
  | 'gtinBadCheckDigit'
  | 'badLot'
  | 'badSerial'
  | 'badExpiry'
  /** The same AI twice (GS1 forbids repeating an AI in one element string or link). */
  | 'duplicateAi'
  /** An AI this site does not follow where only a few are allowed (a Digital Link path). */
  | 'unknownAi'
  /** Bad percent-encoding, a bracket not closed, an AI value missing. */
  | 'malformed';

export type Gs1Result = { ok: true; value: Gs1Scan } | { ok: false; reason: Gs1Error };

export const fail = (reason: Gs1Error): Gs1Result => ({ ok: false, reason });

/**
 * GS1 AI encodable character set 82 (General Specifications §7.11, figure 7.11-1): the characters
 * AI 10 and AI 21 may hold.
 */
const CSET82 = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]+$/;
const MAX_VARIABLE = 20;

/** A lot or serial (AI 10, AI 21): 1 to 20 characters of set 82. */
export const isValidLotOrSerial = (value: string): boolean => value.length <= MAX_VARIABLE && CSET82.test(value);

/** An expiry date (AI 17): YYMMDD with a real month and a day 00 (end of month) to 31. */
export function isValidExpiry(value: string): boolean {
  const m = /^(\d{2})(\d{2})(\d{2})$/.exec(value);
  if (!m) return false;
  const month = Number(m[2]);
  const day = Number(m[3]);
  return month >= 1 && month <= 12 && day <= 31;
}
