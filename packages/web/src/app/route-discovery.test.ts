import { createMemoryRouter, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { deferAreas } from './route-discovery.ts';

/** A small app: a home page, a pathless shell with two areas, and the not-found page. */
const appRoutes = (): RouteObject[] => [
  {
    id: 'root',
    children: [
      { index: true, id: 'home' },
      {
        id: 'shell',
        children: [
          { path: 'app', children: [{ path: 'dashboard', id: 'dashboard' }] },
          { path: 'admin', children: [{ path: 'users/:id', id: 'admin-user' }] },
        ],
      },
      { path: '*', id: 'not-found' },
    ],
  },
];

async function routerAt(path: string) {
  const { routes, patchRoutesOnNavigation } = deferAreas(appRoutes(), 'shell');
  const router = createMemoryRouter(routes, { initialEntries: [path], patchRoutesOnNavigation });
  await waitForIdle(router);
  return router;
}

async function waitForIdle(router: ReturnType<typeof createMemoryRouter>) {
  while (!router.state.initialized || router.state.navigation.state !== 'idle') {
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

const shownRoute = (router: ReturnType<typeof createMemoryRouter>) => router.state.matches.at(-1)?.route.id;
const knownAreas = (router: ReturnType<typeof createMemoryRouter>) =>
  (router.routes[0]?.children?.find((route) => route.id === 'shell')?.children ?? []).map((route) => route.path);

describe('the signed-in areas, added when first visited', () => {
  it('starts a visit to the public site without them', async () => {
    const router = await routerAt('/');
    expect(shownRoute(router)).toBe('home');
    expect(knownAreas(router)).toEqual([]);
  });

  it('adds an area as a visit reaches it, and only that one', async () => {
    const router = await routerAt('/app/dashboard');
    expect(shownRoute(router)).toBe('dashboard');
    expect(knownAreas(router)).toEqual(['app']);

    await router.navigate('/admin/users/42');
    await waitForIdle(router);
    expect(shownRoute(router)).toBe('admin-user');
    expect(router.state.matches.at(-1)?.params).toEqual({ id: '42' });
    expect(knownAreas(router)).toEqual(['app', 'admin']);

    await router.navigate('/app/dashboard');
    await waitForIdle(router);
    expect(shownRoute(router)).toBe('dashboard');
    expect(knownAreas(router)).toEqual(['app', 'admin']);
  });

  it('still shows the not-found page for a path no area has', async () => {
    for (const path of ['/app/nowhere', '/nowhere', '/application']) {
      const router = await routerAt(path);
      expect(shownRoute(router), path).toBe('not-found');
    }
  });

  it('names a missing parent route', () => {
    expect(() => deferAreas(appRoutes(), 'no-such-route')).toThrow('No route with the id "no-such-route"');
  });
});
