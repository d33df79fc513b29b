/** The public entry of the feature: what other features may use (docs/decisions/0055). */
export { BulkExportButton } from './BulkExportButton';
export { BulkUploadButton } from './BulkUploadButton';
