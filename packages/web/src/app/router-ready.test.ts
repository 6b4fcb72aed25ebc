import { createMemoryRouter, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routerReady } from './router-ready.ts';

const Layout = () => null;
const Login = () => null;
const Dashboard = () => null;

describe('routerReady', () => {
  it("waits for the lazy modules of the location's routes, and leaves the other routes' modules unloaded", async () => {
    const loaded: string[] = [];
    const lazy = (name: string, Component: () => null) => async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      loaded.push(name);
      return { Component };
    };
    const routes: RouteObject[] = [
      { path: 'auth', lazy: lazy('layout', Layout), children: [{ path: 'login', lazy: lazy('login', Login) }] },
      { path: 'dashboard', lazy: lazy('dashboard', Dashboard) },
    ];
    const router = createMemoryRouter(routes, { initialEntries: ['/auth/login'] });
    expect(router.state.initialized).toBe(false);

    await routerReady(router);

    expect(router.state.initialized).toBe(true);
    expect(loaded.sort()).toEqual(['layout', 'login']);
    // (The router turns each route's Component into the element it renders.)
    const drawn = router.state.matches.map((match) => (match.route.element as { type?: unknown } | undefined)?.type);
    expect(drawn).toEqual([Layout, Login]);
    expect(router.state.errors).toBeNull();
    router.dispose();
  });

  it('resolves at once for a page without lazy modules', async () => {
    const router = createMemoryRouter([{ path: '/', Component: Layout }]);
    await routerReady(router);
    expect(router.state.initialized).toBe(true);
    router.dispose();
  });

  it('resolves with the error on the router when a module does not load', async () => {
    const router = createMemoryRouter([
      {
        path: '/',
        lazy: async () => {
          throw new Error('The module is gone.');
        },
      },
    ]);
    await routerReady(router);
    expect(router.state.errors).not.toBeNull();
    router.dispose();
  });
});
