import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signed token of an anonymous form of the site (decision 0044): when the form was shown and
 * for what (the unit and file), signed with the server's secret. Nothing is stored: any server
 * process checks it. A form sent sooner than a person could fill it, later than it stays open, or
 * for something else is refused; no cookie is needed.
 */

/** Sooner than this after the form was shown, it was not filled by a person. */
export const FORM_MIN_FILL_MS = 3_000;
/** A form left open longer is sent again with a fresh token. */
export const FORM_MAX_AGE_MS = 2 * 60 * 60 * 1000;

export type FormTokenCheck = 'ok' | 'tooFast' | 'expired' | 'invalid';

const signature = (secret: string, scope: string, issuedAt: number) =>
  createHmac('sha256', `vellum site form\n${secret}`).update(`${scope}\n${issuedAt}`).digest('base64url');

/** A token for the form of `scope` shown at `at`. */
export function formToken(secret: string, scope: string, at: Date): string {
  const issuedAt = at.getTime();
  return `${issuedAt.toString(36)}.${signature(secret, scope, issuedAt)}`;
}

/**
 * Whether a token sent with the form of `scope` is genuine and of a plausible age at `now`, and
 * when its form was shown (for a genuine one): a form shown again keeps that moment, so a person
 * who sends it again at once is not taken for a script.
 */
export function checkFormToken(
  secret: string,
  scope: string,
  token: string | undefined,
  now: Date,
): { check: FormTokenCheck; shownAt?: Date } {
  const m = token ? /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token) : null;
  if (!m) return { check: 'invalid' };
  const issuedAt = Number.parseInt(m[1], 36);
  const expected = Buffer.from(signature(secret, scope, issuedAt));
  const given = Buffer.from(m[2]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { check: 'invalid' };
  const age = now.getTime() - issuedAt;
  if (age > FORM_MAX_AGE_MS) return { check: 'expired' };
  const shownAt = new Date(issuedAt);
  return { check: age < FORM_MIN_FILL_MS ? 'tooFast' : 'ok', shownAt };
}
