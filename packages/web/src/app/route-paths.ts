import type { RouteObject } from 'react-router';

/** Who may open a page: anyone, a signed-in vendor user (`/app`), or a super admin (`/admin`). */
export type RouteArea = 'public' | 'app' | 'admin';

/** A page of the route tree: its pattern (`/admin/vendors/:id/billing`) and who may open it. */
export type PagePath = { pattern: string; area: RouteArea };

const join = (prefix: string, path: string) => (path.startsWith('/') ? path : `${prefix.replace(/\/$/, '')}/${path}`);

/**
 * Every page of a route tree: each route without children that draws something (a component or a lazy
 * module); its parents are layouts. Redirect-only routes (a loader and nothing to draw), layouts and the
 * not-found catch-all (`*`) are left out. The browser tests walk this list, so a page added to the
 * router is checked without anyone listing it.
 */
export function pagePaths(routes: readonly RouteObject[], prefix = ''): PagePath[] {
  const found = new Map<string, PagePath>();
  const walk = (list: readonly RouteObject[], base: string) => {
    for (const route of list) {
      if (route.path === '*') continue;
      const pattern = route.path ? join(base, route.path) : base || '/';
      const draws = Boolean(route.lazy || route.Component || route.element);
      const isLayout = (route.children?.length ?? 0) > 0;
      if (draws && !isLayout && (route.path || route.index)) {
        const area: RouteArea = pattern.startsWith('/admin') ? 'admin' : pattern.startsWith('/app') ? 'app' : 'public';
        found.set(pattern, { pattern, area });
      }
      if (route.children) walk(route.children, pattern);
    }
  };
  walk(routes, prefix);
  return [...found.values()];
}
