import { ErrorKeys, PASSWORD_PATTERN } from '@vellum/contract';
import { AppError, invalidField } from './errors.js';
import { verifyPassword } from './passwords.js';

/** The spec's floor for the number of previous passwords that cannot be reused. */
export const MIN_PASSWORD_HISTORY = 2;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The manufacturer's password settings, as the rules need them. */
export interface PasswordPolicy {
  maxLoginAttempts: number;
  /** 0: passwords never expire. */
  validityDays: number;
  /** How many of the latest passwords (the current one included) cannot be chosen again. */
  historySize: number;
}

export function passwordPolicy(settings: {
  maxLoginAttempts: number;
  passwordValidityDays: number;
  oldPasswordsCount: number;
}): PasswordPolicy {
  return {
    maxLoginAttempts: Math.max(1, settings.maxLoginAttempts),
    validityDays: Math.max(0, settings.passwordValidityDays),
    historySize: Math.max(MIN_PASSWORD_HISTORY, settings.oldPasswordsCount),
  };
}

/** When the password stops counting; null when it never expires (no validity, or a technical account). */
export function passwordExpiresAt(user: { passwordChangedAt: Date; technicalAccount: boolean }, policy: PasswordPolicy): Date | null {
  if (user.technicalAccount || policy.validityDays === 0) return null;
  return new Date(user.passwordChangedAt.getTime() + policy.validityDays * DAY_MS);
}

export function isPasswordExpired(
  user: { passwordChangedAt: Date; technicalAccount: boolean },
  policy: PasswordPolicy,
  now = new Date(),
): boolean {
  const expiresAt = passwordExpiresAt(user, policy);
  return expiresAt !== null && expiresAt.getTime() <= now.getTime();
}

/** The strength rule of the contract, for callers that did not validate through its schema. */
export function assertStrongPassword(password: string, objectName = 'body', field = 'newPassword'): void {
  if (password.length > 100 || !PASSWORD_PATTERN.test(password)) {
    throw invalidField(objectName, field, 'customInput.password.errors.tooWeak');
  }
}

/**
 * Refuses a password equal to one of the latest hashes (newest first, already cut to the policy's
 * history size): 400 error.existingOldPassword.
 */
export async function assertNotRecentlyUsed(password: string, recentHashes: readonly string[]): Promise<void> {
  for (const h of recentHashes) {
    if (await verifyPassword(h, password)) throw new AppError(ErrorKeys.existingOldPassword, 400);
  }
}
