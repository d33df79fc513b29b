/** The public entry of the feature: what other features may use (docs/decisions/0055). */
export { useBusinessUnit, useBusinessUnitStatistics, useBusinessUnits } from './businessUnits.hooks';
