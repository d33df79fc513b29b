/** The public entry of the feature: what other features may use (docs/decisions/0055). */
export { DocumentFilesSection } from './DocumentFilesSection';
export { downloadBinary } from './files.hooks';
