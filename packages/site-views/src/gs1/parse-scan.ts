import { looksLikeDigitalLink, looksLikeUrl, parseDigitalLinkUri } from './digital-link.js';
import { looksLikeElementString, parseElementString } from './element-string.js';
import { GTIN_LENGTHS, toGtin14 } from './gtin.js';
import type { Gs1Result } from './scan.js';

/** A scanner's symbology identifier before the data (ISO/IEC 15424): `]` then two characters. */
const SYMBOLOGY_IDENTIFIER = /^\][A-Za-z][0-9A-Za-z]/;
/** EAN/UPC (`]E0` EAN-13 or UPC-A as 13 digits, `]E3` the same with a 2- or 5-digit add-on after them, `]E4` EAN-8). */
const EAN = /^\](?:E[03](\d{13})|E4(\d{8}))(\d{2}|\d{5})?$/;

/**
 * What the search box or the camera scanner read (decision 0049): a Digital Link URI (with or
 * without a symbology identifier before it, `]Q1https://…`, in any case of scheme and host, or
 * compressed), an element string, an EAN/UPC scan (`]E0` + 13 digits, `]E4` + 8), or bare digits of
 * a GTIN's length with a valid check digit; undefined otherwise (the text is searched as a key
 * code). A GS1-shaped text that is broken answers its reason, so the page can say the code was not
 * understood instead of finding nothing. A URL that is no Digital Link is searched as typed.
 */
export function parseScan(input: string): Gs1Result | undefined {
  const text = input.trim();
  const ean = EAN.exec(text);
  if (ean && (ean[3] === undefined || text.startsWith(']E3'))) {
    const g = toGtin14(ean[1] ?? ean[2]);
    return g.ok ? { ok: true, value: { gtin14: g.gtin14 } } : undefined;
  }
  const data = SYMBOLOGY_IDENTIFIER.test(text) ? text.slice(3) : text;
  if (looksLikeDigitalLink(data)) return parseDigitalLinkUri(data);
  if (looksLikeUrl(data)) {
    const link = parseDigitalLinkUri(data);
    return link.ok ? link : undefined;
  }
  if (looksLikeElementString(text)) return parseElementString(text);
  if (/^\d+$/.test(text) && (GTIN_LENGTHS as readonly number[]).includes(text.length)) {
    const g = toGtin14(text);
    if (g.ok) return { ok: true, value: { gtin14: g.gtin14 } };
  }
  return undefined;
}
