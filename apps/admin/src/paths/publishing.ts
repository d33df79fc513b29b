import { pathTo } from '../platform/paths';

/** The publish page of a unit: readiness, counts, options, publish and the publication history (spec 001 §2). */
export const publishingPatterns = {
  publish: '/my-business-units/:businessUnitId/publish',
} as const;

export const publishingPaths = {
  publish: (businessUnitId: number) => pathTo(publishingPatterns.publish, { businessUnitId }),
};
