import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import type { Screen } from '../platform/screens';
import { SlotsProvider } from '../platform/slots';
import { RequireAuth } from './guard';
import { NotFoundRoute } from './NotFoundRoute';
import { screens } from './screens';
import { Shell } from './shell/Shell';
import { slots } from './slots';

/** One screen's route: its page (or redirect), behind the guard when it names rights. */
function routeOf({ path, page: Page, redirect, rights, scope }: Screen): RouteObject {
  const element = Page ? <Page /> : <Navigate to={redirect ?? '/'} replace />;
  return {
    path,
    element: rights ? (
      <RequireAuth rights={rights} scope={scope}>
        {element}
      </RequireAuth>
    ) : (
      element
    ),
  };
}

/**
 * The route table (document 000 section 2), built from the screen tables: the public screens on
 * their own, the others inside the signed-in shell. Screens ending in /* route their sub-pages themselves.
 */
export const routes: RouteObject[] = [
  ...screens.filter((s) => s.layout === 'public').map(routeOf),
  {
    element: (
      <RequireAuth>
        <SlotsProvider slots={slots}>
          <Shell />
        </SlotsProvider>
      </RequireAuth>
    ),
    children: screens.filter((s) => s.layout !== 'public').map(routeOf),
  },
  // unknown paths: inside the shell when signed in, on their own otherwise
  { path: '*', element: <NotFoundRoute /> },
];

export const createRouter = () => createBrowserRouter(routes);
