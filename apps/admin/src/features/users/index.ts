/** The public entry of the feature: what other features may use (docs/decisions/0055). */
export { useUserGroups } from './userGroups.hooks';
