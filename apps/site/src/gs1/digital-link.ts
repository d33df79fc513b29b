import { scanOfFields } from './element-string.js';
import { fail, type Gs1Result } from './scan.js';

/**
 * GS1 Digital Link URIs (GS1 Digital Link standard, URI syntax §4): `/01/{gtin}` followed by
 * key qualifiers and data attributes as `/{ai}/{value}` pairs, values percent-encoded. The site
 * answers `/site/{bu}/01/{gtin}` and `/site/{bu}/01/{gtin}/10/{lot}`; AI 17 (expiry) and AI 21
 * (serial) may also be in the path in any order and are returned but do not select anything. A
 * query string (`?17=…`, `?linkType=…`) and a fragment are ignored. The standard's GTIN may be
 * written with 8, 12, 13 or 14 digits; it is compared as GTIN-14.
 */

/** The AIs a path may carry after the GTIN; any other makes the link one the site does not know. */
const PATH_AIS = new Set(['10', '17', '21', '22']);
/** The convenience names some older labels print instead of the numeric AIs. */
const ALIASES: Record<string, string> = { gtin: '01', lot: '10', exp: '17', ser: '21', cpv: '22' };

const decode = (segment: string): string | undefined => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
};

/**
 * Parses the Digital Link part of a path, starting at the GTIN's AI (`/01/…` or `01/…`). A trailing
 * slash is allowed; an empty segment elsewhere, a missing value, a repeated AI or an AI other than
 * 10, 17, 21 (and 22, the consumer product variant, ignored) is not.
 */
export function parseDigitalLinkPath(path: string): Gs1Result {
  const bare = path.split(/[?#]/, 1)[0] ?? '';
  const segments = bare.replace(/^\//, '').replace(/\/$/, '').split('/');
  if (segments.length === 1 && segments[0] === '') return fail('empty');
  if (segments.length % 2 !== 0) return fail('malformed');
  const fields = new Map<string, string>();
  for (let i = 0; i < segments.length; i += 2) {
    const name = segments[i];
    const ai = ALIASES[name] ?? name;
    if (i === 0 ? ai !== '01' : !PATH_AIS.has(ai)) return fail(i === 0 ? 'noGtin' : 'unknownAi');
    const value = decode(segments[i + 1]);
    if (value === undefined || value === '') return fail('malformed');
    if (fields.has(ai)) return fail('duplicateAi');
    fields.set(ai, value);
  }
  return scanOfFields(fields);
}

/**
 * Parses a whole Digital Link URI (as a QR code on a box holds it, on any host and after any
 * path prefix): from the first `/01/` segment on.
 */
export function parseDigitalLinkUri(uri: string): Gs1Result {
  const text = uri.trim();
  if (!text) return fail('empty');
  let path: string;
  try {
    path = new URL(text, 'http://gs1.invalid').pathname;
  } catch {
    return fail('malformed');
  }
  const at = path.search(/\/(01|gtin)\//);
  return at < 0 ? fail('noGtin') : parseDigitalLinkPath(path.slice(at));
}

/** Whether scanned text is a Digital Link URI (a URL or path with a `/01/` segment). */
export function looksLikeDigitalLink(input: string): boolean {
  return /^(https?:\/\/[^/\s]+)?\/(?:[^\s?#]*\/)?(01|gtin)\/\d{8,14}(\/|$|[?#])/.test(input.trim());
}
