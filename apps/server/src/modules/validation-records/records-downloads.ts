import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * The download links of the customer's documents on the validation records page (decision 0077).
 * The page is opened by a token taken once, so a second request cannot show that token again;
 * instead the page, once its token is taken, gives each document a link of its own: the document's
 * id and SHA-256 and an expiry, signed with HMAC-SHA256 under a key derived from the token secret
 * (HKDF, its own label). A link opens that one document's bytes, as they were when the page was
 * shown, until it expires; it opens no page and no other document, and nothing is stored.
 */
export const DOWNLOAD_LINK_MINUTES = 30;
export const GRANT_PARAM = 'grant';
const GRANT_PATTERN = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

const keyOf = (tokenSecret: string) => Buffer.from(hkdfSync('sha256', tokenSecret, 'vellum', 'validation-records-download', 32));
const mac = (key: Buffer, id: number, sha256: string, expires: number) =>
  createHmac('sha256', key).update(`vellum-validation-document:v1:${id}:${sha256}:${expires}`).digest();

/** A document's signed grant, valid until `expires` (seconds since the epoch). */
export function downloadGrant(tokenSecret: string, doc: { id: number; sha256: string }, expires: number): string {
  return `${expires}.${mac(keyOf(tokenSecret), doc.id, doc.sha256, expires).toString('base64url')}`;
}

/** Whether the grant is the one of this document (its id and content) and has not expired. */
export function grantValid(tokenSecret: string, doc: { id: number; sha256: string }, grant: string | undefined, now: Date): boolean {
  const match = grant ? GRANT_PATTERN.exec(grant) : null;
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires * 1000 <= now.getTime()) return false;
  // compared as text: another spelling of the same bytes (base64url's unused last bits) is no grant
  const given = Buffer.from(match[2]);
  const expected = Buffer.from(mac(keyOf(tokenSecret), doc.id, doc.sha256, expires).toString('base64url'));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The expiry of the links of a page shown now. */
export const grantExpiry = (now: Date) => Math.floor(now.getTime() / 1000) + DOWNLOAD_LINK_MINUTES * 60;
