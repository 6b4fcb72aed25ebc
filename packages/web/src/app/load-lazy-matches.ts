import { matchRoutes, type RouteObject } from 'react-router';

/**
 * Loads the lazy modules of the routes matching `location` and puts what they export on the routes
 * themselves, so a router created afterwards renders them at once (as the prerendered HTML shows them)
 * instead of a loading state first.
 */
export async function loadLazyMatches(routes: RouteObject[], location: { pathname: string }): Promise<void> {
  const lazyRoutes = (matchRoutes(routes, location) ?? []).map((match) => match.route).filter((route) => route.lazy);
  await Promise.all(
    lazyRoutes.map(async (route) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    }),
  );
}
