/**
 * GS1 parsing for the public site (issue 12, "Scans the box"; issue 19, the GS1-conformant
 * resolver): GTIN check digits and GTIN-14, Digital Link paths and URIs (compressed too), element
 * strings and EAN/UPC as a scanner types them, AI formats, and linksets. Pure functions, no I/O.
 */
export { type AiComponent, aiFormat, isValidAiValue } from './ai-formats.js';
export { type Decompressed, decompress } from './compression.js';
export {
  type DigitalLink,
  type DigitalLinkResult,
  digitalLinkPath,
  looksLikeDigitalLink,
  looksLikeUrl,
  parseDigitalLink,
  parseDigitalLinkPath,
  parseDigitalLinkUri,
} from './digital-link.js';
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
export {
  bestLinks,
  buildLinkset,
  LINKSET_CONTEXT,
  type LinkObject,
  type Linkset,
  linkHeaders,
  linkTypeName,
  parseLinkType,
  type RequestedLinkType,
  type ResolverLink,
} from './linkset.js';
export { parseScan } from './parse-scan.js';
export type { Gs1Error, Gs1Result, Gs1Scan } from './scan.js';
