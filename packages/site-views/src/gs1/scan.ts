/**
 * What a scan or a GS1 link names: the GTIN (as GTIN-14) and, when given, its key qualifiers (the
 * consumer product variant, lot, serial, or the third-party serialised extension) and the expiry.
 */
export interface Gs1Scan {
  gtin14: string;
  /** AI 22, consumer product variant. */
  cpv?: string;
  /** AI 10, batch or lot number. */
  lot?: string;
  /** AI 17, expiry date as printed: YYMMDD (DD 00 means the end of the month). */
  expiry?: string;
  /** AI 21, serial number. */
  serial?: string;
  /** AI 235, third-party controlled serialised extension of the GTIN (TPX): never with 22, 10 or 21. */
  tpx?: string;
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
  | 'badCpv'
  | 'badTpx'
  /** The same AI twice (GS1 forbids repeating an AI in one element string or link). */
  | 'duplicateAi'
  /** A GS1 AI this site does not know, or a path segment that is no AI. */
  | 'unknownAi'
  /** An AI in a Digital Link path that is not a key qualifier of the GTIN (a data attribute belongs in the query). */
  | 'notQualifier'
  /** Key qualifiers out of the order GS1 gives them (22, 10, 21), or 235 with another one. */
  | 'badOrder'
  /** A data attribute (query string) whose value does not fit its AI's format. */
  | 'badAttribute'
  /** A compressed link whose bits are not a valid compression. */
  | 'badCompression'
  /** A valid GS1 key other than the GTIN (an SSCC, a GLN…): nothing this site identifies. */
  | 'unsupportedKey'
  /** Bad percent-encoding, a bracket not closed, an AI value missing. */
  | 'malformed';

export type Gs1Result = { ok: true; value: Gs1Scan } | { ok: false; reason: Gs1Error };

export const fail = (reason: Gs1Error): { ok: false; reason: Gs1Error } => ({ ok: false, reason });

/**
 * GS1 AI encodable character set 82 (General Specifications §7.11, figure 7.11-1): the characters
 * AI 10 and AI 21 may hold.
 */
const CSET82 = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]+$/;
const MAX_VARIABLE = 20;

/** A lot or serial (AI 10, AI 21): 1 to 20 characters of set 82. */
export const isValidLotOrSerial = (value: string): boolean => value.length <= MAX_VARIABLE && CSET82.test(value);
/** A consumer product variant (AI 22): as a lot. A TPX (AI 235): 1 to 28 characters of set 82. */
export const isValidTpx = (value: string): boolean => value.length <= 28 && CSET82.test(value);

/** An expiry date (AI 17): YYMMDD with a real month and a day 00 (end of month) to 31. */
export function isValidExpiry(value: string): boolean {
  const m = /^(\d{2})(\d{2})(\d{2})$/.exec(value);
  if (!m) return false;
  const month = Number(m[2]);
  const day = Number(m[3]);
  return month >= 1 && month <= 12 && day <= 31;
}
