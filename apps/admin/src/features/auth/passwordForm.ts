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
/** 'Passwords must match' (passwordChangeCustom.messages.notSamePassword) on the confirmation field. */
export const mismatch = { path: ['confirmPassword'], message: 'passwordChangeCustom.messages.notSamePassword' };

export const newPasswordSchema = z.object(newPasswordFields).refine(passwordsMatch, mismatch);
export type NewPasswordForm = z.infer<typeof newPasswordSchema>;
