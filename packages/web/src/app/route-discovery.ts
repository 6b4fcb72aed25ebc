import type { PatchRoutesOnNavigationFunction, RouteObject } from 'react-router';

/** What a browser router is made with: routes to start from, and how it learns the others. */
export type DiscoverableRoutes = { routes: RouteObject[]; patchRoutesOnNavigation: PatchRoutesOnNavigationFunction };

/** The children of the route `id`, wherever it is in `routes`. */
function childrenOf(routes: RouteObject[], id: string): RouteObject[] | undefined {
  for (const route of routes) {
    if (route.id === id) return route.children;
    const found = route.children ? childrenOf(route.children, id) : undefined;
    if (found) return found;
  }
  return undefined;
}

const isWithin = (pathname: string, area: string) => pathname === `/${area}` || pathname.startsWith(`/${area}/`);

/**
 * `routes` with the areas below the route `parentId` (each a child with a path: `/app`, `/admin`) taken
 * out of it until a navigation first reaches one, when React Router adds it (its `patchRoutesOnNavigation`).
 * Making the router ranks every page's pattern (about a millisecond a page on a phone); a visit to the
 * public site or sign-in then ranks its 20-odd pages, not the signed-in areas' 45 too.
 *
 * React Router asks for routes when a path matches nothing but the not-found page (a `*` route), so an
 * area's pages are always added before a path inside it is matched.
 */
export function deferAreas(routes: RouteObject[], parentId: string): DiscoverableRoutes {
  const parentChildren = childrenOf(routes, parentId);
  if (!parentChildren) throw new Error(`No route with the id "${parentId}" to defer the areas of.`);
  const areas = parentChildren.splice(0);
  return {
    routes,
    patchRoutesOnNavigation: ({ path, patch }) => {
      const area = areas.find((route) => route.path !== undefined && isWithin(path, route.path));
      // Patching an area already added does nothing (React Router knows its routes).
      if (area) patch(parentId, [area]);
    },
  };
}
