import { looksLikeDigitalLink, parseDigitalLinkUri } from './digital-link.js';
import { looksLikeElementString, parseElementString } from './element-string.js';
import type { Gs1Result } from './scan.js';

/**
 * What the search box or the camera scanner read: a Digital Link URI, an element string, or
 * neither (undefined: the text is searched as a key code). A GS1-shaped text that is broken
 * answers its reason, so the page can say the code was not understood instead of finding nothing.
 */
export function parseScan(input: string): Gs1Result | undefined {
  if (looksLikeDigitalLink(input)) return parseDigitalLinkUri(input);
  if (looksLikeElementString(input)) return parseElementString(input);
  return undefined;
}
