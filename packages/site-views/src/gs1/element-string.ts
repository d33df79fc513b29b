import { toGtin14 } from './gtin.js';
import { fail, type Gs1Result, type Gs1Scan, isValidExpiry, isValidLotOrSerial, isValidTpx } from './scan.js';

/**
 * GS1 element strings as a scanner types them into the search box (General Specifications §7.8):
 *
 * - the human-readable form with parentheses, `(01)09506000134352(17)261231(10)ABC123`;
 * - the raw form of a GS1 DataMatrix, GS1-128 or GS1 QR, AIs run together, each variable-length
 *   field ended by FNC1, which a scanner transmits as the GS character (ASCII 29, \u001d), possibly
 *   after a symbology identifier (`]d2`, `]C1`, `]Q3`, `]e0`, `]J1`).
 *
 * Only AIs 01, 10, 17, 21, 22 and 235 are kept; any other AI is skipped (by its predefined length,
 * else up to the next separator), so a box that also carries a quantity or a price still opens its
 * product.
 */

const GS = '\u001d';

/**
 * The element lengths (AI digits included) that need no separator, by the AI's first two digits:
 * the GS1 "predefined length" table (General Specifications §7.8.5, figure 7.8.5-2). Every other
 * AI is variable-length and ends at a separator or the end of the data.
 */
const PREDEFINED_LENGTH: Record<string, number> = {
  '00': 20,
  '01': 16,
  '02': 16,
  '03': 16,
  '04': 18,
  '11': 8,
  '12': 8,
  '13': 8,
  '14': 8,
  '15': 8,
  '16': 8,
  '17': 8,
  '18': 8,
  '19': 8,
  '20': 4,
  '31': 10,
  '32': 10,
  '33': 10,
  '34': 10,
  '35': 10,
  '36': 10,
  '41': 16,
};

const SYMBOLOGY_IDENTIFIER = /^\][A-Za-z][0-9A-Za-z]/;

type Fields = Map<string, string>;

/** Adds one AI's value; a repeated AI is an error. */
function put(fields: Fields, ai: string, value: string): boolean {
  if (fields.has(ai)) return false;
  fields.set(ai, value);
  return true;
}

/** The kept AIs checked and shaped as a scan. */
export function scanOfFields(fields: Fields): Gs1Result {
  const gtin = fields.get('01');
  if (gtin === undefined) return fail('noGtin');
  const g = toGtin14(gtin);
  if (!g.ok) return fail(g.reason === 'notDigits' ? 'gtinNotDigits' : g.reason === 'badLength' ? 'gtinBadLength' : 'gtinBadCheckDigit');
  const value: Gs1Scan = { gtin14: g.gtin14 };
  const lot = fields.get('10');
  if (lot !== undefined) {
    if (!isValidLotOrSerial(lot)) return fail('badLot');
    value.lot = lot;
  }
  const expiry = fields.get('17');
  if (expiry !== undefined) {
    if (!isValidExpiry(expiry)) return fail('badExpiry');
    value.expiry = expiry;
  }
  const serial = fields.get('21');
  if (serial !== undefined) {
    if (!isValidLotOrSerial(serial)) return fail('badSerial');
    value.serial = serial;
  }
  const cpv = fields.get('22');
  if (cpv !== undefined) {
    if (!isValidLotOrSerial(cpv)) return fail('badCpv');
    value.cpv = cpv;
  }
  const tpx = fields.get('235');
  if (tpx !== undefined) {
    if (!isValidTpx(tpx)) return fail('badTpx');
    value.tpx = tpx;
  }
  return { ok: true, value };
}

/** `(01)…(17)…(10)…`; a parenthesis inside a value is written `\(` or `\)` (the GS1 syntax's escape). */
function parseBracketed(text: string): Gs1Result {
  const fields: Fields = new Map();
  let i = 0;
  while (i < text.length) {
    if (text[i] === GS) {
      i++;
      continue;
    }
    const head = /^\((\d{2,4})\)/.exec(text.slice(i));
    if (!head) return fail('malformed');
    const ai = head[1];
    i += head[0].length;
    let value = '';
    while (i < text.length && text[i] !== '(' && text[i] !== GS) {
      if (text[i] === '\\' && (text[i + 1] === '(' || text[i + 1] === ')')) i++;
      value += text[i++];
    }
    if (!value) return fail('malformed');
    if (!put(fields, ai, value)) return fail('duplicateAi');
  }
  return scanOfFields(fields);
}

/** AIs run together; fixed-length ones by the predefined table, the others up to the separator. */
function parseRaw(text: string): Gs1Result {
  const fields: Fields = new Map();
  let i = 0;
  while (i < text.length) {
    if (text[i] === GS) {
      i++;
      continue;
    }
    const prefix = text.slice(i, i + 2);
    if (!/^\d\d$/.test(prefix)) return fail('malformed');
    const fixed = PREDEFINED_LENGTH[prefix];
    if (fixed !== undefined) {
      if (i + fixed > text.length) return fail(prefix === '01' ? 'gtinBadLength' : prefix === '17' ? 'badExpiry' : 'malformed');
      const value = text.slice(i + 2, i + fixed);
      if (value.includes(GS)) return fail(prefix === '01' ? 'gtinBadLength' : prefix === '17' ? 'badExpiry' : 'malformed');
      if ((prefix === '01' || prefix === '17') && !put(fields, prefix, value)) return fail('duplicateAi');
      i += fixed;
      continue;
    }
    const end = text.indexOf(GS, i);
    const element = text.slice(i, end < 0 ? text.length : end);
    i = end < 0 ? text.length : end + 1;
    // 10, 21 and 22 are two-digit AIs, 235 three; any other variable AI is skipped whole
    const ai = prefix === '10' || prefix === '21' || prefix === '22' ? prefix : element.startsWith('235') ? '235' : undefined;
    if (ai) {
      const value = element.slice(ai.length);
      if (!value) return fail(ai === '10' ? 'badLot' : ai === '21' ? 'badSerial' : ai === '22' ? 'badCpv' : 'badTpx');
      if (!put(fields, ai, value)) return fail('duplicateAi');
    }
  }
  return scanOfFields(fields);
}

/**
 * Parses an element string as typed by a scanner (either form) into a scan, or says why it is not
 * one. Leading and trailing spaces, a symbology identifier and a leading FNC1 are dropped.
 */
export function parseElementString(input: string): Gs1Result {
  let text = input.trim();
  if (SYMBOLOGY_IDENTIFIER.test(text)) text = text.slice(3);
  while (text.startsWith(GS)) text = text.slice(1);
  if (!text) return fail('empty');
  return text.startsWith('(') ? parseBracketed(text) : parseRaw(text);
}

/**
 * Whether text typed in a search box is meant as an element string rather than a key code: the
 * bracketed form, a symbology identifier or a separator, or the raw form starting with AI 01 and a
 * GTIN with a valid check digit followed by more AIs. A bare number stays a key code.
 */
export function looksLikeElementString(input: string): boolean {
  const text = input.trim();
  if (/^\(\d{2,4}\)/.test(text) || SYMBOLOGY_IDENTIFIER.test(text) || text.includes(GS)) return true;
  return /^01\d{14}./.test(text) && toGtin14(text.slice(2, 16)).ok && parseRaw(text).ok;
}
