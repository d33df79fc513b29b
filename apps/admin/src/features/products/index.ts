/** The public entry of the feature: what other features may use (docs/decisions/0055). */
export { keyCodeColumn, lastModifiedColumn, publishStateColumn } from './productColumns';
export { useProductGroups } from './productGroups.hooks';
export { useProductSearch } from './products.hooks';
