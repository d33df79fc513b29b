import { generatePath, type PathParam } from 'react-router';

/** The values of a pattern's parameters (numbers are written as they are). */
export type PathParams<P extends string> = { [K in PathParam<P>]: string | number };

/** The address of a pattern with its parameters filled in (react-router's generatePath, typed by the pattern). */
export function pathTo<P extends string>(pattern: P, params: PathParams<P>): string {
  const values = Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)]));
  return generatePath(pattern, values as Parameters<typeof generatePath<P>>[1]);
}
