/** The public entry of the feature: what other features may use (docs/decisions/0055). */
export { BulkActiveSwitch } from './BulkActiveSwitch';
export { BulkExportButton } from './BulkExportButton';
export { BulkUploadButton } from './BulkUploadButton';
