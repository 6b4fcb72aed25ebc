import { CHANGELOG_ARTICLE, type UserSession, type Vendor, type VendorMembership } from '@automate/contract';
import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { BreadcrumbBar } from '@/components/ui/breadcrumb-bar.tsx';
import { NotFoundPage } from '@/components/ui/not-found-page.tsx';
import { PageLoader } from '@/components/ui/page-loader.tsx';
import { mainContentProps } from '@/components/ui/skip-link.tsx';
import { endServerSession } from '@/features/auth/api/end-session.ts';
import { useUserInfo } from '@/features/auth/api/get-user-info.ts';
import { getArticleBySlug } from '@/features/content/api/get-article-by-slug.ts';
import { useChangelog } from '@/features/content/hooks/use-changelog.ts';
import { NoticeBell } from '@/features/notices/notice-bell.tsx';
import type { VendorChoice } from '@/features/vendors/components/vendor-selector.tsx';
import { DataProvider } from '@/lib/data-provider.tsx';
import { usePublicData } from '@/lib/public-data.ts';
import { DEFAULT_SIGNED_IN_PATH, LOGIN_PATH, resolveAccess } from '@/lib/session/access.ts';
import { useSession, useSessionStore } from '@/lib/session/session.ts';
import { getCurrentVendor, isSuperAdmin, type SessionState } from '@/lib/session/session-store.ts';
import { readTokenExpiry } from '@/lib/session/token.ts';
import { useAfterFirstPaint } from '@/lib/use-after-first-paint.ts';
import { AppHeader } from './app-header.tsx';
import { AppSidebar } from './app-sidebar.tsx';
import { BusinessSwitcher } from './business-switcher.tsx';
import { adminNavItems, appNavItems, navContextOf } from './nav-items.ts';

const MAX_TIMER_MS = 2_147_483_647;

// Loaded when first shown: the dialogs when opened, the vendor selector for a super admin. Most visits
// need neither, and together they bring MUI's Autocomplete, Popper and dialogs (about 30 KB gzip).
const VendorSelector = lazy(() =>
  import('@/features/vendors/components/vendor-selector.tsx').then((module) => ({ default: module.VendorSelector })),
);
const ChangelogDialog = lazy(() =>
  import('@/features/content/components/changelog-dialog.tsx').then((module) => ({ default: module.ChangelogDialog })),
);
const FeedbackDialog = lazy(() =>
  import('@/features/feedback/components/feedback-dialog.tsx').then((module) => ({ default: module.FeedbackDialog })),
);

/** Whether `open` has been true: a lazily loaded dialog stays rendered from then on, so it can animate closed. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/** Re-renders when the session's token runs out, so the guard sends the person to sign in. */
function useExpiryTick(user: UserSession | null): void {
  const [tick, bump] = useReducer((count: number) => count + 1, 0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `tick` re-arms the timer after a wake-up that came too early (long timeouts are clamped)
  useEffect(() => {
    if (!user) return;
    const expiry = Math.min(Date.parse(user.tokenExpiry), readTokenExpiry(user.token) ?? Number.POSITIVE_INFINITY);
    if (!Number.isFinite(expiry)) return;
    const timer = setTimeout(bump, Math.min(Math.max(expiry - Date.now(), 0) + 500, MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [user, tick]);
}

function loadChangelog() {
  return getArticleBySlug(CHANGELOG_ARTICLE.category, CHANGELOG_ARTICLE.slug);
}

/**
 * The signed-in shell around /app and /admin: header, sidebar, breadcrumbs, the page,
 * and the changelog and feedback dialogs. The route's loader guards deep links; this component follows
 * the session while the page is open (logout, another tab, an expiring token).
 */
export function ShellLayout() {
  const session = useSessionStore();
  const state = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  useExpiryTick(state.user);
  const access = resolveAccess(location, state, Date.now());

  // Where to send the person once the session is gone: back here after signing in when it ran out;
  // plain /auth/login when they signed out (the Logout button, another tab, a 401).
  const returnTo = useRef<string | null>(null);
  const loginTo = access.kind === 'login' ? access.to : null;
  useEffect(() => {
    if (loginTo === null) return;
    if (state.user) {
      returnTo.current = loginTo;
      session.logout();
      return;
    }
    navigate(returnTo.current ?? LOGIN_PATH, { replace: true });
    returnTo.current = null;
  }, [loginTo, state.user, navigate, session]);

  if (access.kind === 'login' || !state.user) return <PageLoader />;
  if (access.kind === 'not-found') return <NotFoundPage />;
  return (
    <DataProvider>
      <Shell state={state} user={state.user} area={location.pathname.startsWith('/admin') ? 'admin' : 'app'} />
    </DataProvider>
  );
}

/**
 * The main area (breadcrumbs and the page), as one element for the shell's whole life: the shell draws
 * again as its own data arrives (the user's vendors, the changelog, the public settings), and a new
 * element each time would draw the whole page again with it, synchronously. The router still redraws
 * the breadcrumbs and the page when the location changes.
 */
const MAIN = (
  <Box
    component="main"
    {...mainContentProps}
    sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}
  >
    <Toolbar />
    <BreadcrumbBar />
    <Box sx={{ flexGrow: 1 }}>
      <Outlet />
    </Box>
  </Box>
);

function Shell({ state, user, area }: { state: SessionState; user: UserSession; area: 'app' | 'admin' }) {
  const session = useSessionStore();
  const navigate = useNavigate();
  const currentVendor = getCurrentVendor(state);
  // The shell's own requests (settings, changelog, session refresh, notices) wait until the page is on
  // screen: what the person came for is drawn first, and on a slow network it does not queue behind them.
  const pageDrawn = useAfterFirstPaint();
  const publicData = usePublicData({ enabled: pageDrawn });
  const feedbackUrl = publicData.data?.feedbackFormUrl ?? null;
  // From lg (1280 px) the sidebar sits beside the page, expanded or as a rail; below it is a drawer
  // over the page, open only on the path where the menu button opened it (so navigating closes it).
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'), { noSsr: true });
  const { pathname } = useLocation();
  const [expanded, setExpanded] = useState(true);
  const [drawerOpenAt, setDrawerOpenAt] = useState<string | null>(null);
  const drawerOpen = drawerOpenAt === pathname;
  // The drawer is drawn once first opened, not on every page load: on a phone, drawing it closed cost the
  // first visit its navigation list and a forced layout (its slide-in measures it).
  const drawerShown = useOpenedOnce(drawerOpen);
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const changelog = useChangelog({ enabled: pageDrawn && !state.automatic, loadArticle: loadChangelog });
  const changelogShown = useOpenedOnce(changelog.open);
  const feedbackShown = useOpenedOnce(feedbackOpen);

  // Start-up: refresh vendors and roles (and the token) once; a 401 signs out (see main.tsx).
  const userInfo = useUserInfo(pageDrawn ? user.id : null);
  useEffect(() => {
    if (userInfo.data && userInfo.data.id === session.getState().user?.id) session.refreshUser(userInfo.data);
  }, [userInfo.data, session]);

  const selectVendor = useCallback(
    (vendor: VendorChoice | null) => {
      if (vendor) {
        session.setVendorContext(vendor.id, { override: { name: vendor.name, sm8Connected: vendor.sm8Connected } });
      } else {
        session.setVendorContext(null);
      }
      navigate(DEFAULT_SIGNED_IN_PATH);
    },
    [navigate, session],
  );

  // The override's name and connected flag as the vendor list has them now.
  const refreshOverride = useCallback(
    (vendors: readonly Vendor[]) => {
      const override = session.getState().vendorOverride;
      if (!override) return;
      const vendor = vendors.find((candidate) => candidate.id === override.vendorId);
      if (vendor && (vendor.name !== override.name || vendor.sm8Connected !== override.sm8Connected)) {
        session.setVendorContext(vendor.id, { override: { name: vendor.name, sm8Connected: vendor.sm8Connected } });
      }
    },
    [session],
  );

  // A person in more than one business switches between them from the header (and the phone's drawer);
  // the choice is kept in this browser as the current vendor.
  const switchBusiness = useCallback(
    (vendor: VendorMembership) => {
      session.setVendorContext(vendor.vendorId);
      setDrawerOpenAt(null);
      navigate(DEFAULT_SIGNED_IN_PATH);
    },
    [navigate, session],
  );
  const memberships = user.vendors;
  const canSwitch = memberships.length > 1 && !state.automatic;

  const showSelector = isSuperAdmin(user) && !state.automatic;
  // The current vendor's id and name, as values: a super admin's override is a new object on each draw.
  const vendorId = currentVendor?.vendorId ?? null;
  const vendorName = currentVendor?.name ?? null;
  const vendorArea = useMemo(
    () =>
      showSelector ? (
        <Suspense fallback={null}>
          <VendorSelector
            value={vendorId !== null && vendorName !== null ? { vendorId, name: vendorName } : null}
            onSelect={selectVendor}
            onVendorsLoaded={refreshOverride}
          />
        </Suspense>
      ) : vendorName !== null ? (
        <Box>
          <Typography variant="caption" color="text.secondary" component="p">
            Vendor
          </Typography>
          <Typography variant="subtitle2" component="p" data-testid="current-vendor-name" noWrap title={vendorName}>
            {vendorName}
          </Typography>
          {canSwitch && !wide ? (
            <BusinessSwitcher
              vendors={memberships}
              currentVendorId={vendorId}
              onSwitch={switchBusiness}
              placement="drawer"
            />
          ) : null}
        </Box>
      ) : null,
    [showSelector, vendorId, vendorName, selectVendor, refreshOverride, canSwitch, wide, memberships, switchBusiness],
  );
  const switcher = useMemo(
    () =>
      canSwitch ? (
        <BusinessSwitcher
          vendors={memberships}
          currentVendorId={vendorId}
          onSwitch={switchBusiness}
          placement="header"
        />
      ) : null,
    [canSwitch, memberships, vendorId, switchBusiness],
  );

  // The header and the sidebar are drawn again only when what they show changes: the shell draws again as
  // each of its answers arrives (and the session's refresh brings a new token), each time synchronously.
  // With an external form configured, Feedback links out to it; without one, the built-in form sends it
  // for the current business. Neither shows until the settings say which.
  const feedbackVendorId = currentVendor?.vendorId ?? null;
  const feedbackAvailable = publicData.data !== undefined && (feedbackUrl !== null || feedbackVendorId !== null);
  const { vendorRole, superAdmin } = navContextOf(state, feedbackAvailable);
  const items = useMemo(
    () =>
      area === 'admin'
        ? adminNavItems({ feedbackAvailable })
        : appNavItems({ vendorRole, superAdmin, feedbackAvailable }),
    [area, vendorRole, superAdmin, feedbackAvailable],
  );
  const bellVendorId = currentVendor?.role === 'Admin' ? currentVendor.vendorId : null;
  const bell = useMemo(
    () => (bellVendorId ? <NoticeBell vendorId={bellVendorId} enabled={pageDrawn} /> : null),
    [bellVendorId, pageDrawn],
  );
  const toggleSidebar = useCallback(
    () => (wide ? setExpanded((open) => !open) : setDrawerOpenAt(drawerOpen ? null : pathname)),
    [wide, drawerOpen, pathname],
  );
  const logout = useCallback(() => {
    endServerSession();
    session.logout();
  }, [session]);
  const closeDrawer = useCallback(() => setDrawerOpenAt(null), []);
  const drawer = useMemo(
    () => (wide ? null : { open: drawerOpen, keptMounted: drawerShown, onClose: closeDrawer }),
    [wide, drawerOpen, drawerShown, closeDrawer],
  );
  const { openChangelog } = changelog;
  const runAction = useCallback(
    (action: 'changelog' | 'feedback') => (action === 'changelog' ? openChangelog() : setFeedbackOpen(true)),
    [openChangelog],
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <AppHeader
        firstName={user.firstName}
        lastName={user.lastName}
        sidebarMode={wide ? (expanded ? 'expanded' : 'rail') : drawerOpen ? 'drawer-open' : 'drawer-closed'}
        onToggleSidebar={toggleSidebar}
        showLogout={!state.automatic}
        onLogout={logout}
        homePath={area === 'admin' ? '/admin/dashboard' : DEFAULT_SIGNED_IN_PATH}
        bell={bell}
        switcher={switcher}
      />
      <AppSidebar
        expanded={wide ? expanded : true}
        drawer={drawer}
        items={items}
        vendorArea={vendorArea}
        ariaLabel={area === 'admin' ? 'Super admin navigation' : 'Main navigation'}
        onAction={runAction}
      />
      {MAIN}
      <Suspense fallback={null}>
        {changelogShown ? (
          <ChangelogDialog
            open={changelog.open}
            article={changelog.article}
            loading={changelog.loading}
            onClose={changelog.closeChangelog}
          />
        ) : null}
        {feedbackShown ? (
          <FeedbackDialog
            open={feedbackOpen}
            formUrl={feedbackUrl}
            vendorId={feedbackVendorId}
            onClose={() => setFeedbackOpen(false)}
          />
        ) : null}
      </Suspense>
    </Box>
  );
}
