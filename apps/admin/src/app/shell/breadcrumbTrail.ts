import { matchPath } from 'react-router';
import type { Crumb, Screen } from '../../platform/screens';
import { screens } from '../screens';

/** One crumb of the trail: its kind, where it links to, and the ids its address names. */
export interface TrailCrumb {
  crumb: Crumb;
  to: string;
  params: Record<string, number>;
}

const isId = (value: string | undefined) => value !== undefined && /^\d+$/.test(value);

/**
 * The breadcrumb trail of an address (document 001 section 2), from the screens that give a crumb:
 * home always, then each such screen whose address the current one starts with (its ids numbers),
 * from the outermost in.
 */
export function breadcrumbTrail(pathname: string, from: readonly Screen[] = screens): TrailCrumb[] {
  return from
    .flatMap((screen): TrailCrumb[] => {
      if (!screen.breadcrumb) return [];
      if (screen.breadcrumb === 'home') return [{ crumb: 'home', to: screen.path, params: {} }];
      const match = matchPath({ path: screen.path, end: false }, pathname);
      if (!match || !Object.values(match.params).every(isId)) return [];
      const params = Object.fromEntries(Object.entries(match.params).map(([key, value]) => [key, Number(value)]));
      return [{ crumb: screen.breadcrumb, to: match.pathnameBase, params }];
    })
    .sort((a, b) => (a.crumb === 'home' ? -1 : b.crumb === 'home' ? 1 : a.to.length - b.to.length));
}
