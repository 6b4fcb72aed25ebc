import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { loadLazyMatches } from './load-lazy-matches.ts';

const Layout = () => null;
const Login = () => null;
const Dashboard = () => null;

describe('loadLazyMatches', () => {
  it("puts the lazy modules of the location's routes on the routes, and leaves the other routes lazy", async () => {
    const loaded: string[] = [];
    const lazy = (name: string, Component: () => null) => async () => {
      loaded.push(name);
      return { Component };
    };
    const login: RouteObject = { path: 'login', lazy: lazy('login', Login) };
    const dashboard: RouteObject = { path: 'dashboard', lazy: lazy('dashboard', Dashboard) };
    const layout: RouteObject = { path: 'auth', lazy: lazy('layout', Layout), children: [login] };
    const routes: RouteObject[] = [layout, dashboard];

    await loadLazyMatches(routes, { pathname: '/auth/login' });

    expect(loaded.sort()).toEqual(['layout', 'login']);
    expect(layout).toMatchObject({ Component: Layout, lazy: undefined });
    expect(login).toMatchObject({ Component: Login, lazy: undefined });
    expect(dashboard.lazy).toBeTypeOf('function');
  });

  it('does nothing where no route matches', async () => {
    const routes: RouteObject[] = [{ path: 'auth', lazy: async () => ({ Component: Layout }) }];
    await loadLazyMatches(routes, { pathname: '/elsewhere' });
    expect(routes[0]?.lazy).toBeTypeOf('function');
  });
});
