/**
 * GS1 parsing for the public site (issue 12, "Scans the box"): GTIN check digits and GTIN-14,
 * Digital Link paths and URIs, element strings as a scanner types them. Pure functions, no I/O.
 */
export { looksLikeDigitalLink, parseDigitalLinkPath, parseDigitalLinkUri } from './digital-link.js';
export { looksLikeElementString, parseElementString } from './element-string.js';
export {
  GTIN_LENGTHS,
  type Gtin14Result,
  type GtinError,
  gs1CheckDigit,
  gtin14OfKeyCode,
  hasValidCheckDigit,
  isGtinKeyCode,
  keyCodeMatchesGtin,
  toGtin14,
} from './gtin.js';
export { parseScan } from './parse-scan.js';
export type { Gs1Error, Gs1Result, Gs1Scan } from './scan.js';
