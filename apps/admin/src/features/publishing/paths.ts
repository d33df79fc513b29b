/** The publish page of a unit: readiness, counts, options, publish and the publication history (spec 001 §2). */
export const publishPath = (businessUnitId: number) => `/my-business-units/${businessUnitId}/publish`;
