// @vitest-environment happy-dom
import { CHANGELOG_ARTICLE, STORAGE_KEYS, type UserSession } from '@automate/contract';
import { act, cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, matchRoutes, type RouteObject, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAuthTokenProvider } from '@/lib/api-client.ts';
import { buildBreadcrumbs } from '@/lib/breadcrumbs.ts';
import { createSessionStore, type SessionStore } from '@/lib/session/session-store.ts';
import { stubFetch } from '@/testing/render.tsx';
import {
  makeSuperAdmin,
  makeToken,
  makeUser,
  memoryStorage,
  OTHER_VENDOR_ID,
  VENDOR_A,
  VENDOR_B,
} from '@/testing/sessions.ts';
import { applyStyles } from '@/testing/styles.ts';
import { write } from '@/testing/write.ts';
import { AppProviders } from './providers.tsx';
import { createAppRoutes, createDiscoverableRoutes } from './router.tsx';

const user = userEvent.setup({ delay: null });

const PUBLIC_DATA = {
  appVersion: '1.8.0',
  paymentPublishableKey: null,
  feedbackFormUrl: null,
  supportEmail: 'support@automate.local',
  demoMode: true,
};
const HEALTH = {
  status: 'ok',
  version: '1.8.0',
  database: { ok: true, detail: 'connected', driver: 'pglite', latencyMs: 1 },
  queue: { ok: true, detail: 'running' },
};

// The first visit to a lazy page imports its module (and MUI with it) in the test DOM: allow for that.
configure({ asyncUtilTimeout: 10_000 });

let fetchStub: ReturnType<typeof stubFetch>;
/** Answers for the test at hand, asked before the shared ones. */
let answer: Parameters<typeof stubFetch>[0] = () => undefined;
let userInfo: () => { status: number; body: unknown };
let warn: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  userInfo = () => ({ status: 500, body: { success: false, code: 'INTERNAL', message: 'not set' } });
  answer = () => undefined;
  fetchStub = stubFetch((request) => {
    const own = answer(request);
    if (own) return own;
    const { url } = request;
    if (url.pathname === '/api/User/info') return userInfo();
    if (url.pathname === '/api/Public/fetchdata') return { status: 200, body: { success: true, data: PUBLIC_DATA } };
    if (url.pathname === '/api/health') return { status: 200, body: { success: true, data: HEALTH } };
    return undefined;
  });
  // The changelog endpoint answers 404 here: its warning is expected.
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  // Unmounted first: the shell's requests after its first paint would otherwise meet the real fetch.
  cleanup();
  fetchStub.restore();
  warn.mockRestore();
});

/** The app at `path`, with `stored` signed in; `storage` (the browser's, kept across a reload) where given. */
function boot(
  path: string,
  stored: UserSession | null = null,
  storage = memoryStorage(stored ? { [STORAGE_KEYS.user]: JSON.stringify(stored) } : {}),
) {
  const store: SessionStore = createSessionStore(storage);
  store.start();
  setAuthTokenProvider(() => store.getState().user?.token ?? null);
  if (stored) userInfo = () => ({ status: 200, body: { success: true, data: stored } });
  const router = memoryRouter(store, path);
  const { unmount } = render(
    <AppProviders session={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, store, storage, unmount };
}

/** A router for `path` made as the browser's is: the signed-in areas' pages added when first visited. */
function memoryRouter(store: SessionStore, path: string) {
  const { routes, patchRoutesOnNavigation } = createDiscoverableRoutes(store);
  return createMemoryRouter(routes, { initialEntries: [path], patchRoutesOnNavigation });
}

const where = (router: ReturnType<typeof createMemoryRouter>) =>
  `${router.state.location.pathname}${router.state.location.search}`;

/** The business the header names beside "Switch business", for a person in more than one. */
const headerBusiness = () =>
  within(screen.getByRole('banner'))
    .getByRole('button', { name: 'Switch business' })
    .textContent?.replace('Switch business', '');

describe('guards in the route tree', () => {
  it('sends /app/dashboard without a stored user to /auth/login', async () => {
    const { router } = boot('/app/dashboard');
    await screen.findByRole('heading', { name: 'Sign in', level: 1 });
    expect(where(router)).toBe('/auth/login?redirect=%2Fapp%2Fdashboard');
  });

  it('sends an expired session to /auth/login and forgets it', async () => {
    const { router, storage } = boot('/app/dashboard', makeUser({ expiresAt: Date.now() - 60_000 }));
    await screen.findByRole('heading', { name: 'Sign in', level: 1 });
    expect(where(router)).toBe('/auth/login?redirect=%2Fapp%2Fdashboard');
    expect(storage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('sends a session whose token does not decode to /auth/login', async () => {
    const { router } = boot('/admin/dashboard', { ...makeSuperAdmin(), token: 'not-a-jwt' });
    await screen.findByRole('heading', { name: 'Sign in', level: 1 });
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it('shows the not-found page for /admin to a vendor Admin, without redirecting', async () => {
    const { router } = boot('/admin', makeUser());
    await screen.findByRole('heading', { name: 'Page not found' });
    expect(where(router)).toBe('/admin');
  });

  it('a link naming one of the person’s businesses opens the page on it, without the parameter; one they are not in changes nothing', async () => {
    const first = boot(`/app/automation/logs?vendor=${VENDOR_B.vendorId}`, makeUser());
    await screen.findByRole('heading', { level: 1 });
    expect(where(first.router)).toBe('/app/automation/logs');
    expect(headerBusiness()).toBe(VENDOR_B.name);
    expect(first.storage.getItem(STORAGE_KEYS.vendorId)).toBe(VENDOR_B.vendorId);
    first.unmount();

    const { router, storage } = boot(`/app/dashboard?vendor=${OTHER_VENDOR_ID}`, null, first.storage);
    expect((await screen.findByTestId('dashboard-vendor-name')).textContent).toBe(VENDOR_B.name);
    expect(where(router)).toBe('/app/dashboard');
    expect(headerBusiness()).toBe(VENDOR_B.name);
    expect(storage.getItem(STORAGE_KEYS.vendorId)).toBe(VENDOR_B.vendorId);
  });

  it('lets a super admin into /admin, which redirects to its dashboard', async () => {
    const { router } = boot('/admin', makeSuperAdmin());
    await screen.findByRole('heading', { name: 'Super admin', level: 1 });
    expect(where(router)).toBe('/admin/dashboard');
  });

  describe('every /admin page shows the not-found page to a vendor Admin and a vendor User', () => {
    /** The concrete paths of the route tree under /admin, each parameter filled with an id. */
    const adminPaths = (): string[] => {
      const found: string[] = [];
      const walk = (routes: RouteObject[], prefix: string) => {
        for (const route of routes) {
          const path = route.path ? `${prefix}/${route.path}`.replace(/:\w+/g, VENDOR_A.vendorId) : prefix;
          if (path.startsWith('/admin')) found.push(path);
          if (route.children) walk(route.children, path);
        }
      };
      walk(createAppRoutes(createSessionStore(memoryStorage())), '');
      return [...new Set(found)];
    };
    const paths = adminPaths();

    it('finds the admin pages', () => {
      expect(paths).toEqual(
        expect.arrayContaining(['/admin/dashboard', '/admin/automation/runs', `/admin/users/${VENDOR_A.vendorId}`]),
      );
      expect(paths.length).toBeGreaterThan(20);
    });

    for (const [who, session] of [
      ['a vendor Admin', makeUser()],
      ['a vendor User', makeUser({ vendors: [{ ...VENDOR_A, role: 'User' }] })],
    ] as const) {
      it(`as ${who}`, async () => {
        for (const path of paths) {
          const { router, unmount } = boot(path, session);
          await screen.findByRole('heading', { name: 'Page not found' });
          expect(where(router), path).toBe(path);
          unmount();
        }
        // Some twenty boots of the app in one test: more than the default 5 s when the machine is busy.
      }, 30_000);
    }
  });

  describe('with the layout CSS applied', () => {
    applyStyles();

    it('shows the dashboard with the shell to a valid session', async () => {
      boot('/app', makeUser());
      await screen.findByRole('heading', { name: 'Welcome, Robin' });
      expect(screen.getByTestId('user-name').textContent).toBe('Robin Tester');
      // The test window is 1024 px wide, below lg (1280 px): the vendor's name is in the drawer, drawn once opened.
      expect(screen.queryByTestId('current-vendor-name')).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Toggle sidebar' }));
      expect((await screen.findByTestId('current-vendor-name')).textContent).toBe(VENDOR_A.name);
      // Below lg, the bar is present but not displayed.
      const crumbs = screen.getByTestId('breadcrumbs');
      expect(getComputedStyle(crumbs).display).toBe('none');
      expect(within(crumbs).getByRole('link', { name: 'Home', hidden: true }).getAttribute('href')).toBe('/app');
      expect(within(crumbs).getByText('Dashboard').getAttribute('aria-current')).toBe('page');
    });
  });

  it('a super admin gets the vendor selector, Super admin and Logout, and loads the changelog', async () => {
    const { router } = boot('/app/dashboard', makeSuperAdmin());
    await screen.findByRole('heading', { name: 'Welcome, Super' });
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
    // Below lg (the test window is 1024 px wide) the sidebar is a drawer that the menu button opens.
    expect(screen.queryByRole('link', { name: 'Super admin' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Toggle sidebar' }));
    const drawer = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(await within(screen.getByTestId('sidebar-vendor')).findByTestId('vendor-selector')).toBeTruthy();
    await user.click(within(drawer).getByRole('link', { name: 'Super admin' }));
    await screen.findByRole('heading', { name: 'Super admin', level: 1 });
    expect(where(router)).toBe('/admin/dashboard');
    // Navigating closes the drawer.
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Super admin navigation' })).toBeNull());
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Failed to load changelog article', expect.anything()));
  });

  it('the admin shell’s Vendors leads to the vendor search, under Super admin › Vendors in the breadcrumbs', async () => {
    const { router } = boot('/admin/dashboard', makeSuperAdmin());
    await screen.findByRole('heading', { name: 'Super admin', level: 1 });
    await user.click(screen.getByRole('button', { name: 'Toggle sidebar' }));
    const adminNav = await screen.findByRole('navigation', { name: 'Super admin navigation' });
    await user.click(within(adminNav).getByRole('link', { name: 'Vendors' }));
    await waitFor(() => expect(where(router)).toBe('/admin/vendors/search'));
    const crumbs = screen.getByTestId('breadcrumbs');
    await waitFor(() =>
      expect(
        within(crumbs)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['Super admin', 'Vendors', 'Search']),
    );
    expect(within(crumbs).getByRole('link', { name: 'Vendors' }).getAttribute('href')).toBe('/admin/vendors');
  });

  it('an automatic session hides Logout, the vendor selector and Super admin, and never pops the changelog', async () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage);
    const admin = makeSuperAdmin({ vendors: [VENDOR_A] });
    store.autologin(admin);
    userInfo = () => ({ status: 200, body: { success: true, data: admin } });
    const router = memoryRouter(store, '/app/dashboard');
    render(
      <AppProviders session={store}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    await screen.findByRole('heading', { name: 'Welcome, Super' });
    expect(screen.getByTestId('user-name').textContent).toBe('Super Admin');
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Toggle sidebar' }));
    expect((await screen.findByTestId('current-vendor-name')).textContent).toBe(VENDOR_A.name);
    expect(screen.queryByTestId('vendor-selector')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Super admin' })).toBeNull();
    await waitFor(() => expect(fetchStub.calls.some((call) => call.url.pathname === '/api/User/info')).toBe(true));
    expect(fetchStub.calls.some((call) => call.url.pathname.startsWith('/api/Content/'))).toBe(false);
  });

  it('signing out while on a page goes to /auth/login', async () => {
    const { router, store } = boot('/app/dashboard', makeUser());
    await screen.findByRole('heading', { name: 'Welcome, Robin' });
    act(() => store.logout());
    await screen.findByRole('heading', { name: 'Sign in', level: 1 });
    expect(where(router)).toBe('/auth/login');
  });

  it('a 401 from the start-up session refresh signs out', async () => {
    userInfo = () => ({ status: 401, body: { success: false, code: 'UNAUTHENTICATED', message: 'Sign in again.' } });
    const storage = memoryStorage({ [STORAGE_KEYS.user]: JSON.stringify(makeUser()) });
    const store = createSessionStore(storage);
    store.start();
    const router = memoryRouter(store, '/app/dashboard');
    render(
      <AppProviders session={store}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    await screen.findByRole('heading', { name: 'Sign in', level: 1 });
    expect(store.getState().user).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('refreshes the stored session from GET /api/User/info at start-up', async () => {
    const stored = makeUser();
    const refreshed = { ...stored, firstName: 'Robyn', token: makeToken(Date.now() + 7_200_000, 'fresh') };
    const { store } = boot('/app/dashboard', stored);
    userInfo = () => ({ status: 200, body: { success: true, data: refreshed } });
    await screen.findByRole('heading', { name: /Welcome/ });
    await waitFor(() => expect(store.getState().user?.firstName).toBe('Robyn'));
    expect(fetchStub.calls.find((call) => call.url.pathname === '/api/User/info')?.headers.get('authorization')).toBe(
      `Bearer ${stored.token}`,
    );
  });
});

describe('signing in and out', () => {
  const ok = (data: unknown) => ({ status: 200, body: { success: true, data } });
  /** A new business's owner, as the server answers their first sign-in: its Admin, and no super admin. */
  const OWNER = makeUser({
    firstName: 'Pat',
    lastName: 'Owner',
    vendors: [{ ...VENDOR_A, name: 'Pat’s Plumbing', role: 'Admin', sm8Connected: false }],
  });

  it('the emailed confirmation link, /auth/verify/{token}/{userId}, confirms that address', async () => {
    const userId = '2d8f1f5e-7f8a-4b0c-9a59-6c1a3c1f2b10';
    answer = ({ method, url }) =>
      method === 'POST' && url.pathname === '/api/Auth/verify'
        ? { status: 200, body: { success: true, data: null, message: 'Your email address is confirmed.' } }
        : undefined;
    boot(`/auth/verify/emailed-token/${userId}`);
    expect((await screen.findByTestId('verify-success')).textContent).toBe('Your email address is confirmed.');
    expect(fetchStub.calls.find((call) => call.url.pathname === '/api/Auth/verify')?.body).toEqual({
      token: 'emailed-token',
      userId,
    });
  });

  it('signing in after the session ran out goes back to the dashboard, where the owner works as their business’s Admin', async () => {
    answer = ({ method, url }) => (method === 'POST' && url.pathname === '/api/Auth/login' ? ok(OWNER) : undefined);
    const { router } = boot('/app/dashboard', makeUser({ expiresAt: Date.now() - 60_000 }));
    await screen.findByRole('heading', { name: 'Sign in', level: 1 });
    userInfo = () => ok(OWNER);
    await write(user, screen.getByRole('textbox', { name: 'Email' }), OWNER.email);
    await write(user, screen.getByLabelText(/^Password/), 'pipes-and-drains-42');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await screen.findByRole('heading', { name: 'Welcome, Pat' });
    expect(where(router)).toBe('/app/dashboard');
    expect(screen.getByTestId('user-name').textContent).toBe('Pat Owner');
    await user.click(screen.getByRole('button', { name: 'Toggle sidebar' }));
    const drawer = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(screen.getByTestId('current-vendor-name').textContent).toBe('Pat’s Plumbing');
    expect(within(drawer).getByRole('link', { name: 'Account' })).toBeTruthy();
    expect(within(drawer).queryByRole('link', { name: 'Super admin' })).toBeNull();
  });

  it('Logout ends the session on the server, forgets the stored user, vendor id and vendor name, and goes to /auth/login', async () => {
    answer = ({ method, url }) => (method === 'POST' && url.pathname === '/api/Auth/logout' ? ok(null) : undefined);
    const signedIn = makeUser();
    const { router, storage } = boot('/app/dashboard', signedIn);
    await screen.findByRole('heading', { name: 'Welcome, Robin' });
    expect(storage.getItem(STORAGE_KEYS.vendorId)).toBe(VENDOR_A.vendorId);

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await screen.findByRole('heading', { name: 'Sign in', level: 1 });
    expect(where(router)).toBe('/auth/login');
    const logout = fetchStub.calls.filter((call) => call.url.pathname === '/api/Auth/logout');
    expect(logout.map((call) => [call.method, call.headers.get('authorization')])).toEqual([
      ['POST', `Bearer ${signedIn.token}`],
    ]);
    expect(
      [STORAGE_KEYS.user, STORAGE_KEYS.vendorId, STORAGE_KEYS.vendorName].map((key) => storage.getItem(key)),
    ).toEqual([null, null, null]);

    // The app is closed again.
    await act(() => router.navigate('/app/dashboard'));
    await waitFor(() => expect(where(router)).toBe('/auth/login?redirect=%2Fapp%2Fdashboard'));
  });
});

describe('a super admin’s vendor', () => {
  const CHARLIE = {
    id: '33333333-3333-4333-8333-333333333333',
    name: 'Charlie Gas',
    timeZone: 'Pacific/Auckland',
    sm8Connected: false,
    currentSubscriptionType: 'Standard',
    hasCurrentSubscription: true,
    automationsSuspended: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
  const openDrawer = async () => {
    await user.click(await screen.findByRole('button', { name: 'Toggle sidebar' }));
    return screen.findByRole('navigation', { name: 'Main navigation' });
  };
  const vendorBox = async () =>
    within(await within(screen.getByTestId('sidebar-vendor')).findByTestId('vendor-selector')).getByRole('combobox', {
      name: 'Vendor',
    });
  const stored = (storage: ReturnType<typeof boot>['storage']) => ({
    vendorId: storage.getItem(STORAGE_KEYS.vendorId),
    vendorName: storage.getItem(STORAGE_KEYS.vendorName),
  });

  it('picked in the selector opens the dashboard as that vendor’s Admin, kept on reload; cleared, the dashboard again', async () => {
    answer = ({ url }) =>
      url.pathname === '/api/Vendor/search'
        ? { status: 200, body: { success: true, data: { rows: [CHARLIE], total: 1, pageNumber: 1, pageSize: 200 } } }
        : undefined;
    const first = boot('/app/help', makeSuperAdmin());
    await screen.findByRole('heading', { name: 'Help Center', level: 1 });
    await openDrawer();
    await user.click(await vendorBox());
    await user.click(await screen.findByRole('option', { name: 'Charlie Gas' }));

    expect((await screen.findByTestId('dashboard-vendor-name')).textContent).toBe('Charlie Gas');
    expect(where(first.router)).toBe('/app/dashboard');
    expect(stored(first.storage)).toEqual({ vendorId: CHARLIE.id, vendorName: 'Charlie Gas' });
    expect(within(await openDrawer()).getByRole('link', { name: 'Account' })).toBeTruthy();
    first.unmount();

    const { router, storage } = boot('/app/dashboard', null, first.storage);
    expect((await screen.findByTestId('dashboard-vendor-name')).textContent).toBe('Charlie Gas');
    await act(() => router.navigate('/app/help'));
    await screen.findByRole('heading', { name: 'Help Center', level: 1 });
    await openDrawer();
    expect((await vendorBox()).getAttribute('value')).toBe('Charlie Gas');
    await user.click(within(screen.getByTestId('vendor-selector')).getByRole('button', { name: 'Clear' }));

    await screen.findByTestId('no-vendor');
    expect(where(router)).toBe('/app/dashboard');
    expect(screen.queryByTestId('dashboard-vendor-name')).toBeNull();
    expect(stored(storage)).toEqual({ vendorId: null, vendorName: null });
    expect(within(await openDrawer()).queryByRole('link', { name: 'Account' })).toBeNull();
  });
});

describe('a person in more than one business', () => {
  const menuItem = async (name: string) =>
    within(await screen.findByRole('menu', { name: 'Your businesses' })).getByRole('menuitem', {
      name: new RegExp(name),
    });

  it('switches from the header’s menu of their businesses, each with their role and its connection, to its dashboard; kept on reload', async () => {
    const first = boot('/app/help', makeUser());
    await screen.findByRole('heading', { name: 'Help Center', level: 1 });
    expect(headerBusiness()).toBe(VENDOR_A.name);
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Switch business' }));
    const alpha = await menuItem(VENDOR_A.name);
    expect(within(alpha).getByText('Admin · ServiceM8 connected')).toBeTruthy();
    const bravo = await menuItem(VENDOR_B.name);
    expect(within(bravo).getByText('User · ServiceM8 not connected')).toBeTruthy();
    await user.click(bravo);

    expect((await screen.findByTestId('dashboard-vendor-name')).textContent).toBe(VENDOR_B.name);
    expect(where(first.router)).toBe('/app/dashboard');
    expect(headerBusiness()).toBe(VENDOR_B.name);
    expect(first.storage.getItem(STORAGE_KEYS.vendorId)).toBe(VENDOR_B.vendorId);
    first.unmount();

    boot('/app/dashboard', null, first.storage);
    expect((await screen.findByTestId('dashboard-vendor-name')).textContent).toBe(VENDOR_B.name);
    expect(headerBusiness()).toBe(VENDOR_B.name);
  });

  it('on a narrow screen, switches from the drawer, which closes on the new business’s dashboard', async () => {
    const { storage } = boot('/app/dashboard', makeUser());
    await screen.findByRole('heading', { name: 'Welcome, Robin' });
    // Below lg (the test window is 1024 px wide) the sidebar is a drawer, with its own "Switch business".
    await user.click(screen.getByRole('button', { name: 'Toggle sidebar' }));
    const drawer = await screen.findByTestId('sidebar-vendor');
    expect(within(drawer).getByTestId('current-vendor-name').textContent).toBe(VENDOR_A.name);
    await user.click(within(drawer).getByRole('button', { name: 'Switch business' }));
    await user.click(await menuItem(VENDOR_B.name));

    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull());
    await waitFor(() => expect(screen.getByTestId('dashboard-vendor-name').textContent).toBe(VENDOR_B.name));
    expect(storage.getItem(STORAGE_KEYS.vendorId)).toBe(VENDOR_B.vendorId);
    await user.click(screen.getByRole('button', { name: 'Toggle sidebar' }));
    await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(screen.getByTestId('current-vendor-name').textContent).toBe(VENDOR_B.name);
  });
});

describe('start-up requests', () => {
  it('asks for the session and the public settings once, however many pages are opened', async () => {
    const { router } = boot('/app/dashboard', makeUser());
    await screen.findByRole('heading', { name: /Welcome/ });
    await act(() => router.navigate('/app/profile'));
    await screen.findByRole('heading', { level: 1, name: 'Profile' });
    await act(() => router.navigate('/app/dashboard'));
    await screen.findByRole('heading', { name: /Welcome/ });
    const asked = (path: string) => fetchStub.calls.filter((call) => call.url.pathname === path).length;
    expect(asked('/api/User/info')).toBe(1);
    expect(asked('/api/Public/fetchdata')).toBe(1);
  });

  it('sends the shell’s own requests once the page has been painted, not while it is drawn', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    try {
      boot('/app/dashboard', makeUser());
      await screen.findByRole('heading', { name: /Welcome/ });
      const asked = (path: string) => fetchStub.calls.some((call) => call.url.pathname === path);
      expect(asked('/api/User/info')).toBe(false);
      expect(asked('/api/Public/fetchdata')).toBe(false);
      act(() => {
        for (const frame of frames.splice(0)) frame(performance.now());
      });
      await waitFor(() => expect(asked('/api/User/info')).toBe(true));
      expect(asked('/api/Public/fetchdata')).toBe(true);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('the changelog', () => {
  const PATH = `/api/Content/article/category/${CHANGELOG_ARTICLE.category}/${CHANGELOG_ARTICLE.slug}`;
  const release = (updated: string, content: string) => ({
    id: '88888888-8888-4888-8888-888888888888',
    category: CHANGELOG_ARTICLE.category,
    slug: CHANGELOG_ARTICLE.slug,
    title: 'What’s new in Automate',
    content,
    summary: '',
    published: true,
    updated,
    createdAt: '2026-10-01T09:00:00.000Z',
  });
  const loads = () => fetchStub.calls.filter((call) => call.url.pathname === PATH).length;
  const lastSeen = () => window.localStorage.getItem(STORAGE_KEYS.changelogLastSeen);
  /** The shell as a visit opens it: the changelog's article loaded, and whatever it opened by itself drawn. */
  async function visit() {
    const before = loads();
    const visited = boot('/app/dashboard', makeUser());
    await screen.findByRole('heading', { name: 'Welcome, Robin' });
    await waitFor(() => expect(loads()).toBe(before + 1));
    // Its lazily loaded dialog has had time to appear, were it to.
    await act(() => import('@/features/content/components/changelog-dialog.tsx'));
    return visited;
  }
  const openByHand = async () => {
    await user.click(screen.getByRole('button', { name: 'Toggle sidebar' }));
    await user.click(await screen.findByRole('button', { name: "What's new" }));
  };
  /** Closes the changelog's dialog (the sidebar's drawer, a dialog too, may stay open). */
  const close = async (dialog: HTMLElement) => {
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(dialog.isConnected).toBe(false));
  };

  it('opens by itself once, and again only when it changes; What’s new opens it by hand', async () => {
    let article = release('2026-11-01T09:00:00.000Z', '## Faster runs');
    answer = ({ url }) =>
      url.pathname === PATH ? { status: 200, body: { success: true, data: { article } } } : undefined;

    const first = await visit();
    const opened = await screen.findByRole('dialog', { name: article.title });
    await within(opened).findByRole('heading', { name: 'Faster runs' });
    await close(opened);
    expect(lastSeen()).toBe(article.updated);
    first.unmount();

    const second = await visit();
    expect(screen.queryByRole('dialog')).toBeNull();
    await openByHand();
    await close(await screen.findByRole('dialog', { name: article.title }));
    second.unmount();

    article = release('2026-11-20T09:00:00.000Z', '## Quiet hours');
    await visit();
    const changed = await screen.findByRole('dialog', { name: article.title });
    await within(changed).findByRole('heading', { name: 'Quiet hours' });
    await close(changed);
    expect(lastSeen()).toBe(article.updated);
  });

  it('stays closed, with a warning, while its article cannot be loaded; What’s new then opens it empty', async () => {
    answer = ({ url }) =>
      url.pathname === PATH
        ? { status: 503, body: { success: false, code: 'SERVICE_UNAVAILABLE', message: 'Try again shortly.' } }
        : undefined;
    await visit();
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Failed to load changelog article', expect.anything()));
    expect(screen.queryByRole('dialog')).toBeNull();
    await openByHand();
    const dialog = await screen.findByRole('dialog', { name: "What's new" });
    await within(dialog).findByText('No changelog details available right now.');
    await close(dialog);
    expect(lastSeen()).toBeNull();
  });
});

describe('the notices bell and the activity page', () => {
  const ok = (data: unknown) => ({ status: 200, body: { success: true, data } });
  const NOTICE = {
    id: '77777777-7777-4777-8777-777777777777',
    kind: 'failure',
    title: 'Automations are failing',
    body: 'ServiceM8 no longer accepts this connection: an Admin needs to connect ServiceM8 again.',
    link: '/app/automation/logs',
    createdAt: '2026-11-25T09:00:00.000Z',
  };

  it('a vendor Admin’s header has a bell listing unread notices; opening one marks it read and goes there', async () => {
    let unread = [NOTICE];
    answer = ({ method, url }) => {
      if (url.pathname === `/api/vendor/${VENDOR_A.vendorId}/notices`) return ok(unread);
      if (method === 'POST' && url.pathname === `/api/vendor/${VENDOR_A.vendorId}/notices/${NOTICE.id}/read`) {
        unread = [];
        return ok({ read: 1 });
      }
      return undefined;
    };
    const { router } = boot('/app/dashboard', makeUser());
    await user.click(await screen.findByRole('button', { name: 'Notices (1 unread)' }));
    const panel = await screen.findByRole('dialog', { name: 'Notices' });
    const item = within(panel).getByRole('button', { name: /Automations are failing/ });
    expect(item.textContent).toContain('ServiceM8 no longer accepts this connection');
    await user.click(item);
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/automation/logs'));
    await screen.findByRole('button', { name: 'Notices' });
  });

  it('a vendor User has no bell', async () => {
    boot('/app/dashboard', makeUser({ vendors: [{ ...VENDOR_A, role: 'User' }] }));
    await screen.findByRole('heading', { name: 'Welcome, Robin' });
    expect(screen.queryByRole('button', { name: /^Notices/ })).toBeNull();
  });

  it('Account › Activity lists who did what to the automations', async () => {
    const entry = {
      id: '88888888-8888-4888-8888-888888888888',
      at: '2026-11-25T09:00:00.000Z',
      actorUserId: '44444444-4444-4444-8444-444444444444',
      actorName: 'Robin Tester <robin@example.com>',
      action: 'run.cancel',
      summary: 'Cancelled the scheduled run of “Reminder” for job 1042.',
      vendorId: VENDOR_A.vendorId,
      targetUserId: null,
      triggerId: '99999999-9999-4999-8999-999999999999',
      runId: '66666666-6666-4666-8666-666666666666',
      before: null,
      after: null,
    };
    answer = ({ url }) =>
      url.pathname === `/api/vendor/${VENDOR_A.vendorId}/Activity/search`
        ? ok({ rows: [entry], total: 1, pageNumber: 1, pageSize: 25 })
        : undefined;
    boot('/app/account/activity', makeUser());
    const table = await screen.findByRole('table', { name: 'Activity' });
    await within(table).findByText(entry.summary);
    expect(within(table).getByText(entry.actorName)).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Activity' }).getAttribute('aria-selected')).toBe('true');
  });
});

describe('opening an automation', () => {
  const ok = (data: unknown) => ({ status: 200, body: { success: true, data } });
  const TRIGGER_ID = '5a5a5a5a-5a5a-4a5a-8a5a-5a5a5a5a5a5a';
  const vendorPath = (path: string) => `/api/vendor/${VENDOR_A.vendorId}${path}`;
  const TRIGGER = {
    id: TRIGGER_ID,
    vendorId: VENDOR_A.vendorId,
    version: 2,
    definition: {
      name: 'Thank-you note',
      description: '',
      enabled: true,
      event: 'JobCompleted',
      targetKind: 'Job',
      conditions: { combiner: 'And', items: [] },
      recheckBeforeRun: true,
      ignoreQuietHours: false,
      actions: [{ id: 'note-1', type: 'Job_AddNote', params: { text: 'Thanked' } }],
    },
    attachments: [],
    createdAt: '2026-11-01T09:00:00.000Z',
    updatedAt: '2026-11-02T09:00:00.000Z',
  };

  it('shows a saved automation, asking for it, the records and the email templates once each', async () => {
    answer = ({ method, url }) => {
      if (method !== 'GET') return undefined;
      if (url.pathname === vendorPath(`/Trigger/${TRIGGER_ID}`)) return ok(TRIGGER);
      if (url.pathname === `/api/Vendor/${VENDOR_A.vendorId}/servicem8/reference`) return ok([]);
      if (url.pathname === `/api/Vendor/${VENDOR_A.vendorId}/email/templates/fetch`) return ok([]);
      if (url.pathname === vendorPath('/Activity/search'))
        return ok({ rows: [], total: 0, pageNumber: 1, pageSize: 25 });
      return undefined;
    };
    boot(`/app/automation/view/${TRIGGER_ID}`, makeUser());
    await screen.findByRole('heading', { level: 1, name: 'Thank-you note' });
    await screen.findByText('Nothing has been done to this automation yet.');
    const asked = (path: string) => fetchStub.calls.filter((call) => call.url.pathname === path).length;
    expect(asked(vendorPath(`/Trigger/${TRIGGER_ID}`))).toBe(1);
    expect(asked(`/api/Vendor/${VENDOR_A.vendorId}/servicem8/reference`)).toBe(1);
    expect(asked(`/api/Vendor/${VENDOR_A.vendorId}/email/templates/fetch`)).toBe(1);
  });
});

describe('breadcrumbs from the route tree', () => {
  it('name a help article in the app by its place in the tree', () => {
    const matches =
      matchRoutes(createAppRoutes(createSessionStore(memoryStorage())), '/app/help/articles/automations/actions') ?? [];
    const crumbs = buildBreadcrumbs(
      matches.map(({ pathname, params, route }) => ({ pathname, params, handle: route.handle })),
    );
    expect(crumbs.map((crumb) => `${crumb.label} ${crumb.to}`)).toEqual([
      'Home /app',
      'Help Center /app/help',
      'Articles /app/help/articles',
      'Article /app/help/articles/automations/actions',
    ]);
  });
});

describe('redirects', () => {
  it.each([
    ['/faq', '/help/faq'],
    ['/auth', '/auth/login'],
  ])('%s goes to %s', async (from, to) => {
    const { router } = boot(from);
    await waitFor(() => expect(router.state.location.pathname).toBe(to));
  });

  it.each([
    ['/app/automation', '/app/automation/search'],
    ['/app/account', '/app/account/subscription/overview'],
    ['/admin/settings', '/admin/settings/products/search'],
    ['/admin/vendors/abc', '/admin/vendors/abc/triggers'],
    ['/admin/automation', '/admin/automation/templates/search'],
    ['/admin/settings/trigger/templates', '/admin/settings/trigger/templates/search'],
    ['/admin/users', '/admin/users/search'],
    ['/app/account/invoicing', '/app/account/invoicing/search'],
  ])('%s goes to %s', async (from, to) => {
    const { router } = boot(from, makeSuperAdmin());
    await waitFor(() => expect(router.state.location.pathname).toBe(to));
  });
});
