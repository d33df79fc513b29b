/** The public entry of the feature: what other features may use (docs/decisions/0055). */
export { useCountries, useRegions, useUnitLanguages } from './regionsLanguages.hooks';
