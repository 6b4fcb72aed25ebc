/**
 * Breadcrumbs: the matched route chain, each crumb showing the route's meta name or its route
 * name and linking to its path with the parameters filled in. The last crumb is the current page.
 */

/** What a route declares in its `handle`. Routes without a name (layouts, redirects) add no crumb. */
export type RouteHandle = {
  /** The route's name. */
  name?: string;
  /** Display overrides; `meta.name` wins over `name`. */
  meta?: { name?: string };
};

/** The parts of a React Router match the builder reads (`useMatches()` gives these). */
export type CrumbMatch = {
  /** The route's pattern, e.g. `/admin/vendors/:id`; used when `pathname` is absent. */
  pattern?: string;
  /** The matched path with its parameters filled in, as React Router reports it. */
  pathname?: string;
  params: Readonly<Record<string, string | undefined>>;
  handle?: unknown;
};

export type Crumb = {
  label: string;
  /** Where the crumb links to. */
  to: string;
  /** The last crumb: shown as plain text. */
  current: boolean;
};

function readHandle(handle: unknown): RouteHandle | null {
  if (typeof handle !== 'object' || handle === null) return null;
  return handle as RouteHandle;
}

function crumbLabel(handle: unknown): string | null {
  const route = readHandle(handle);
  const label = route?.meta?.name ?? route?.name;
  return typeof label === 'string' && label.trim() !== '' ? label : null;
}

/** Fills `:param` (and optional `:param?`) segments of a route pattern; a missing optional one is dropped. */
export function fillPath(pattern: string, params: Readonly<Record<string, string | undefined>>): string {
  const segments = pattern.split('/').flatMap((segment) => {
    const param = /^:(\w+)(\?)?$/.exec(segment);
    if (!param) return [segment];
    const value = params[param[1] ?? ''];
    if (value === undefined) return param[2] ? [] : [segment];
    return [encodeURIComponent(value)];
  });
  return normalise(segments.join('/'));
}

function normalise(path: string): string {
  const collapsed = `/${path}`.replace(/\/{2,}/g, '/');
  return collapsed.length > 1 && collapsed.endsWith('/') ? collapsed.slice(0, -1) : collapsed;
}

export function buildBreadcrumbs(matches: readonly CrumbMatch[]): Crumb[] {
  const crumbs: Array<Omit<Crumb, 'current'>> = [];
  for (const match of matches) {
    const label = crumbLabel(match.handle);
    if (label === null) continue;
    const to = match.pathname !== undefined ? normalise(match.pathname) : fillPath(match.pattern ?? '/', match.params);
    const previous = crumbs.at(-1);
    // An index page shares its parent's path: one crumb, named by the deeper route.
    if (previous && previous.to === to) previous.label = label;
    else crumbs.push({ label, to });
  }
  return crumbs.map((crumb, index) => ({ ...crumb, current: index === crumbs.length - 1 }));
}
