/** The public entry of the feature: what other features may use (docs/decisions/0055). */

export { SSO_TEST_KEY } from './auth.hooks';
export { NewPasswordFields } from './NewPasswordFields';
export { confirmationMismatch, mismatch, newPasswordFields, passwordsMatch } from './passwordForm';
