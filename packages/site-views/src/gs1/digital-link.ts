import { aiFormat, isValidAiValue } from './ai-formats.js';
import { decompress } from './compression.js';
import { toGtin14 } from './gtin.js';
import { fail, type Gs1Error, type Gs1Scan, isValidLotOrSerial, isValidTpx } from './scan.js';

/**
 * GS1 Digital Link URIs (GS1 Digital Link standard 1.2, URI syntax; decision 0049), checked as the
 * GS1-Conformant resolver standard asks (a syntax error is a 400):
 *
 * - the path is the GTIN `/01/{gtin}` then its key qualifiers in GS1's order, `/22/{cpv}`,
 *   `/10/{lot}`, `/21/{serial}` (each optional), or `/235/{tpx}` alone (GS1 Barcode Syntax
 *   Dictionary, `dlpkey=22,10,21|235`); values percent-encoded; a trailing slash tolerated;
 * - the convenience names of standard 1.2 stand for their AIs: `gtin`, `cpv`, `lot`, `ser` in the
 *   path, `exp` (17) and `expdt` (7003) in the query;
 * - data attributes (the expiry 17, …) go in the query string, `?17=271231`, each checked against
 *   its AI's format; other keys (`linkType`, `context`, anything else) are kept as sent;
 * - a compressed link (`/{base64}`, or `/01/{gtin}/{base64}` with the rest compressed) reads as
 *   the same link uncompressed (compression.ts).
 *
 * The GTIN may be written with 8, 12, 13 or 14 digits (older labels); it is compared as GTIN-14.
 */

/** A GS1 Digital Link as the site reads it: the scan and what the query string carried. */
export interface DigitalLink extends Gs1Scan {
  /** Data attributes by AI (query string, or compressed), in order. */
  attributes: [string, string][];
  /** The query's other key=value pairs (`linkType`, `context`, a campaign tag…) as sent, in order. */
  params: [string, string][];
  /** Whether the link was compressed. */
  compressed: boolean;
}

export type DigitalLinkResult = { ok: true; value: DigitalLink } | { ok: false; reason: Gs1Error };

/** The GTIN's key qualifiers in the order a path gives them; 235 (TPX) stands alone. */
const QUALIFIER_ORDER = ['22', '10', '21'];
const TPX = '235';
const PATH_NAMES: Readonly<Record<string, string>> = { gtin: '01', cpv: '22', lot: '10', ser: '21' };
const QUERY_NAMES: Readonly<Record<string, string>> = { exp: '17', expdt: '7003' };
/** The other primary keys of GS1 Digital Link (and their convenience names): a valid link, but nothing this site identifies. */
const OTHER_KEYS = new Set([
  ...['00', '253', '255', '401', '402', '414', '417', '8003', '8004', '8006', '8010', '8013', '8017', '8018'],
  ...['sscc', 'gdti', 'gcn', 'ginc', 'gsin', 'gln', 'party', 'grai', 'giai', 'itip', 'cpid', 'gmn', 'gsrnp', 'gsrn'],
]);
/** The shortest compressed link: a GTIN alone is 10 characters. */
const MIN_COMPRESSED = 10;

const decode = (segment: string): string | undefined => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
};

/** The query string's pairs (`&` or `;` between them), decoded; undefined when an escape is broken. */
function queryPairs(query: string): [string, string][] | undefined {
  const pairs: [string, string][] = [];
  for (const part of query.split(/[&;]/)) {
    if (part === '') continue;
    const at = part.indexOf('=');
    const key = decode(at < 0 ? part : part.slice(0, at));
    const value = decode(at < 0 ? '' : part.slice(at + 1));
    if (key === undefined || value === undefined) return undefined;
    pairs.push([key, value]);
  }
  return pairs;
}

const reasonOfGtin = (gtin: string): Gs1Error | undefined => {
  const g = toGtin14(gtin);
  if (g.ok) return undefined;
  return g.reason === 'notDigits' ? 'gtinNotDigits' : g.reason === 'badLength' ? 'gtinBadLength' : 'gtinBadCheckDigit';
};

const QUALIFIER_ERRORS: Readonly<Record<string, Gs1Error>> = { '22': 'badCpv', '10': 'badLot', '21': 'badSerial', '235': 'badTpx' };

/**
 * The link from its parts: the GTIN, its qualifiers (checked, and not combined where GS1 forbids),
 * and the data attributes and other pairs (each AI once, each value in its format).
 */
function linkOf(
  gtin: string,
  qualifiers: [string, string][],
  attributes: [string, string][],
  params: [string, string][],
  compressed: boolean,
): DigitalLinkResult {
  const gtinError = reasonOfGtin(gtin);
  if (gtinError) return fail(gtinError);
  const value: DigitalLink = { gtin14: (toGtin14(gtin) as { gtin14: string }).gtin14, attributes: [], params, compressed };
  const seen = new Set<string>(['01']);
  for (const [ai, v] of qualifiers) {
    if (seen.has(ai)) return fail('duplicateAi');
    seen.add(ai);
    if (!(ai === TPX ? isValidTpx(v) : isValidLotOrSerial(v))) return fail(QUALIFIER_ERRORS[ai]);
    if (ai === '22') value.cpv = v;
    else if (ai === '10') value.lot = v;
    else if (ai === '21') value.serial = v;
    else value.tpx = v;
  }
  if (value.tpx !== undefined && qualifiers.length > 1) return fail('badOrder');
  for (const [ai, v] of attributes) {
    if (seen.has(ai)) return fail('duplicateAi');
    seen.add(ai);
    if (!aiFormat(ai)) return fail('unknownAi');
    if (!isValidAiValue(ai, v)) return fail(ai === '17' ? 'badExpiry' : 'badAttribute');
    if (ai === '17') value.expiry = v;
    value.attributes.push([ai, v]);
  }
  return { ok: true, value };
}

/** Splits query pairs into data attributes (numeric keys, `exp`, `expdt`) and the other pairs. */
function splitQuery(pairs: [string, string][]): { attributes: [string, string][]; params: [string, string][] } {
  const attributes: [string, string][] = [];
  const params: [string, string][] = [];
  for (const [key, v] of pairs) {
    const ai = QUERY_NAMES[key] ?? key;
    if (/^\d+$/.test(ai)) attributes.push([ai, v]);
    else params.push([key, v]);
  }
  return { attributes, params };
}

/** A compressed segment's AIs: the GTIN, its qualifiers and data attributes, and its non-GS1 pairs. */
function fromCompressed(segment: string, gtin: string | undefined, query: ReturnType<typeof splitQuery>): DigitalLinkResult {
  const found = decompress(segment);
  if (!found) return fail('badCompression');
  let primary = gtin;
  const qualifiers: [string, string][] = [];
  const attributes: [string, string][] = [];
  for (const [ai, v] of found.elements) {
    if (ai === '01') {
      if (primary !== undefined) return fail('duplicateAi');
      primary = v;
    } else if (ai === TPX || QUALIFIER_ORDER.includes(ai)) {
      qualifiers.push([ai, v]);
    } else {
      attributes.push([ai, v]);
    }
  }
  if (primary === undefined) return found.elements.some(([ai]) => OTHER_KEYS.has(ai)) ? fail('unsupportedKey') : fail('noGtin');
  // a compressed link does not keep the path's order: the qualifiers go in GS1's
  qualifiers.sort((a, b) => QUALIFIER_ORDER.indexOf(a[0]) - QUALIFIER_ORDER.indexOf(b[0]));
  return linkOf(primary, qualifiers, [...attributes, ...query.attributes], [...query.params, ...found.other], true);
}

/**
 * Parses a Digital Link from its path (from the primary key on: `/01/…`, `/gtin/…`, or a
 * compressed `/{base64}`) and its query string (without `?`), or says why it is not a valid one.
 */
export function parseDigitalLink(path: string, query = ''): DigitalLinkResult {
  const pairs = queryPairs(query);
  if (!pairs) return fail('malformed');
  const q = splitQuery(pairs);
  const segments = path.replace(/^\//, '').replace(/\/$/, '').split('/');
  if (segments.length === 1 && segments[0] === '') return fail('empty');
  const key = PATH_NAMES[segments[0]] ?? segments[0];
  if (segments.length === 1 && segments[0].length >= MIN_COMPRESSED) return fromCompressed(segments[0], undefined, q);
  if (key !== '01') return OTHER_KEYS.has(segments[0]) ? fail('unsupportedKey') : fail('noGtin');
  const gtin = decode(segments[1] ?? '');
  if (gtin === undefined || gtin === '') return fail('malformed');
  // `/01/{gtin}/{base64}`: the primary key in the clear, the rest compressed (an AI there lacks its value)
  if (segments.length === 3 && !/^\d{1,4}$/.test(segments[2]) && !PATH_NAMES[segments[2]]) {
    const gtinError = reasonOfGtin(gtin);
    return gtinError ? fail(gtinError) : fromCompressed(segments[2], gtin, q);
  }
  if (segments.length % 2 !== 0) return fail('malformed');
  const qualifiers: [string, string][] = [];
  let rank = -1;
  for (let i = 2; i < segments.length; i += 2) {
    const ai = PATH_NAMES[segments[i]] ?? segments[i];
    const v = decode(segments[i + 1]);
    if (v === undefined || v === '') return fail('malformed');
    if (!/^\d{2,4}$/.test(ai) || !aiFormat(ai)) return fail('unknownAi');
    if (ai !== TPX && !QUALIFIER_ORDER.includes(ai)) return fail('notQualifier');
    const at = ai === TPX ? QUALIFIER_ORDER.length : QUALIFIER_ORDER.indexOf(ai);
    if (qualifiers.some(([a]) => a === ai)) return fail('duplicateAi');
    if (at <= rank || (ai === TPX && qualifiers.length > 0)) return fail('badOrder');
    rank = at;
    qualifiers.push([ai, v]);
  }
  return linkOf(gtin, qualifiers, q.attributes, q.params, false);
}

/** Parses a path with its query and fragment (`/01/…?17=…#…`), as `parseDigitalLink`. */
export function parseDigitalLinkPath(pathAndQuery: string): DigitalLinkResult {
  const noFragment = pathAndQuery.split('#', 1)[0] ?? '';
  const at = noFragment.indexOf('?');
  return at < 0 ? parseDigitalLink(noFragment) : parseDigitalLink(noFragment.slice(0, at), noFragment.slice(at + 1));
}

/**
 * Parses a whole Digital Link URI (as a QR code on a box holds it, on any host, in any case of
 * scheme and host, after any path prefix): from the primary key's segment on, or its last
 * segment when that is a compressed link.
 */
export function parseDigitalLinkUri(uri: string): DigitalLinkResult {
  const text = uri.trim();
  if (!text) return fail('empty');
  let url: URL;
  try {
    url = new URL(text, 'http://gs1.invalid');
  } catch {
    return fail('malformed');
  }
  const path = url.pathname;
  const query = url.search.slice(1);
  const at = path.search(/\/(01|gtin)\//);
  if (at >= 0) return parseDigitalLink(path.slice(at), query);
  const last = path.replace(/\/$/, '').split('/').at(-1) ?? '';
  return last.length >= MIN_COMPRESSED && /^[A-Za-z0-9_-]+$/.test(last) ? parseDigitalLink(`/${last}`, query) : fail('noGtin');
}

/** Whether scanned text is an uncompressed Digital Link URI (a URL or path with a `/01/` segment), in any case. */
export function looksLikeDigitalLink(input: string): boolean {
  return /^(https?:\/\/[^/\s]+)?\/(?:[^\s?#]*\/)?(01|gtin)\/\d{8,14}(\/|$|[?#])/i.test(input.trim());
}

/** Whether scanned text is a URL at all (scheme in any case): a compressed link may be one. */
export const looksLikeUrl = (input: string): boolean => /^https?:\/\/[^/\s]+\//i.test(input.trim());

/** Percent-encodes a path value as GS1's toolkit does (also `!'()*`). */
const encodeValue = (v: string) => encodeURIComponent(v).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The link's canonical path: `/01/{gtin14}` and its qualifiers in GS1's order, values percent-encoded. */
export function digitalLinkPath(scan: Gs1Scan): string {
  let path = `/01/${scan.gtin14}`;
  if (scan.tpx !== undefined) return `${path}/235/${encodeValue(scan.tpx)}`;
  if (scan.cpv !== undefined) path += `/22/${encodeValue(scan.cpv)}`;
  if (scan.lot !== undefined) path += `/10/${encodeValue(scan.lot)}`;
  if (scan.serial !== undefined) path += `/21/${encodeValue(scan.serial)}`;
  return path;
}
