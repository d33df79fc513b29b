/** The public entry of the feature: what other features and the app may use (docs/decisions/0055). */
export { LinkedDocuments } from './LinkedDocuments';
