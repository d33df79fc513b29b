/** The public entry of the feature: what the shell uses (docs/decisions/0055). */
export { openValidationRecords, useCanOpenValidationRecords } from './openValidationRecords';
