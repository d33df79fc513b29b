import { PASSWORD_PATTERN } from '@vellum/contract';
import { z } from 'zod';

/**
 * A new password and its confirmation (document 000 section 5). The messages are i18n keys; the
 * server checks the same rule (strongPassword in the contract).
 */
export const newPasswordFields = {
  newPassword: z.string().min(1, 'auth.password.validate.newRequired').regex(PASSWORD_PATTERN, 'customInput.password.errors.tooWeak'),
  confirmPassword: z.string().min(1, 'auth.password.validate.confirmRequired'),
};

export const passwordsMatch = (v: { newPassword: string; confirmPassword: string }) => v.newPassword === v.confirmPassword;
/** 'Passwords must match' on the confirmation field. */
export const MISMATCH_MESSAGE = 'passwordChangeCustom.messages.notSamePassword';
// zod's refine takes `message` out of the object it is given: read MISMATCH_MESSAGE, not mismatch.message
export const mismatch = { path: ['confirmPassword'], message: MISMATCH_MESSAGE };

export const newPasswordSchema = z.object(newPasswordFields).refine(passwordsMatch, mismatch);
export type NewPasswordForm = z.infer<typeof newPasswordSchema>;

/**
 * Whether to say 'Passwords must match' while the user types, before any submit (the reset form's
 * button stays disabled until the rules are met, so its submit cannot show it): once the
 * confirmation is as long as the password, or has been left, and differs from it.
 */
export function confirmationMismatch(password: string, confirmation: string, confirmationTouched = false): boolean {
  if (!confirmation || confirmation === password) return false;
  return confirmationTouched || confirmation.length >= password.length;
}
