import type { ComponentType } from 'react';
import { type NonIndexRouteObject, type RouteObject, redirect } from 'react-router';
import { PageLoader } from '@/components/ui/page-loader.tsx';
import { RouteErrorBoundary } from '@/components/ui/route-error-boundary.tsx';
import type { RouteHandle } from '@/lib/breadcrumbs.ts';
import { shellSchemasLoaded } from '@/lib/lazy-schema.ts';
import { session as appSession } from '@/lib/session/session.ts';
import type { SessionStore } from '@/lib/session/session-store.ts';
import { alwaysRevalidate, createShellGuard, createShellMiddleware } from './guards.ts';
import { ShellErrorBoundary } from './layouts/shell/shell-error-boundary.tsx';
import { RootLayout } from './root-layout.tsx';
import { type DiscoverableRoutes, deferAreas } from './route-discovery.ts';
import { createPrefetchLoader } from './routes/app/prefetch-loader.ts';

/** The route's breadcrumb name. */
const named = (name: string): { handle: RouteHandle } => ({ handle: { name } });

/** An index route that only sends the browser on (the product's fixed redirects), to `to` below its parent. */
const redirectIndex = (to: string): RouteObject => ({ index: true, loader: () => redirect(to) });

/** The page modules under `routes/`, each imported the first time one of its pages is visited. */
const pages = {
  home: () => import('./routes/home.tsx'),
  help: () => import('./routes/help.tsx'),
  legal: () => import('./routes/legal.tsx'),
  appDashboard: () => import('./routes/app/dashboard.tsx'),
  profile: () => import('./routes/app/profile.tsx'),
  automation: () => import('./routes/app/automation.tsx'),
  automationEditor: () => shellSchemasLoaded().then(() => import('./routes/app/automation-editor.tsx')),
  account: () => import('./routes/app/account.tsx'),
  adminDashboard: () => import('./routes/admin/dashboard.tsx'),
  adminAutomation: () => import('./routes/admin/automation.tsx'),
  settings: () => import('./routes/admin/settings.tsx'),
  vendors: () => import('./routes/admin/vendors.tsx'),
  vendorBilling: () => import('./routes/admin/vendor-billing.tsx'),
  products: () => import('./routes/admin/products.tsx'),
  users: () => import('./routes/admin/users.tsx'),
  content: () => import('./routes/admin/content.tsx'),
  adminFeedback: () => import('./routes/admin/feedback.tsx'),
  sm8Activate: () => import('./routes/sm8/activate.tsx'),
  sm8Activated: () => import('./routes/sm8/activated.tsx'),
  sm8Autologin: () => import('./routes/sm8/autologin.tsx'),
  sm8Confirm: () => import('./routes/sm8/confirm.tsx'),
  sm8Link: () => import('./routes/sm8/link.tsx'),
  login: () => import('./routes/auth/login.tsx'),
  register: () => import('./routes/auth/register.tsx'),
  invitation: () => import('./routes/auth/invitation.tsx'),
  verify: () => import('./routes/auth/verify.tsx'),
  reset: () => import('./routes/auth/reset.tsx'),
  paymentClose: () => import('./routes/payment-close.tsx'),
  unsubscribe: () => import('./routes/unsubscribe.tsx'),
  notFound: () => import('./routes/not-found.tsx'),
  publicLayout: () => import('./layouts/public-layout.tsx'),
  shellLayout: () => import('./layouts/shell/shell-layout.tsx'),
  cardLayout: () => import('./layouts/card-layout.tsx'),
  dataLayout: () => import('./layouts/data-layout.tsx'),
};

type PageModule<K extends string> = () => Promise<Record<K, ComponentType>>;

/** The route's component: `component` of the module `load` imports, loaded when the route is first visited. */
const lazyComponent = <K extends string>(load: PageModule<NoInfer<K>>, component: K): Pick<RouteObject, 'lazy'> => ({
  lazy: () => load().then((module) => ({ Component: module[component] })),
});

/** A page at `path`, named `name` in the breadcrumbs. */
const page = <K extends string>(
  path: string,
  name: string,
  load: PageModule<NoInfer<K>>,
  component: K,
): NonIndexRouteObject => ({
  path,
  ...named(name),
  ...lazyComponent(load, component),
});

/** The page at its parent's own path (it takes the parent's breadcrumb). */
const indexPage = <K extends string>(load: PageModule<NoInfer<K>>, component: K): RouteObject => ({
  index: true,
  ...lazyComponent(load, component),
});

/**
 * Pages that read server data, inside the data cache. The pages that show without it (home, sign-in)
 * sit outside, so their first load has no query library.
 */
const withData = (children: RouteObject[]): RouteObject => ({
  ...lazyComponent(pages.dataLayout, 'DataLayout'),
  children,
});

/** A path that only groups pages; its name is their breadcrumbs' parent. */
const section = (path: string, name: string, children: RouteObject[]): NonIndexRouteObject => ({
  path,
  ...named(name),
  children,
});

/**
 * A section whose own path goes on to its `search` page (`search` names its component, or its breadcrumb and
 * component), and the page of one of the rows found (`record`: path, breadcrumb, component).
 */
const searchSection = <K extends string>(
  path: string,
  name: string,
  load: PageModule<NoInfer<K>>,
  search: K | [name: string, component: K],
  record?: [path: string, name: string, component: K],
): NonIndexRouteObject => {
  const [searchName, searchComponent] = typeof search === 'string' ? ['Search', search] : search;
  return section(path, name, [
    redirectIndex('search'),
    page('search', searchName, load, searchComponent),
    ...(record ? [page(record[0], record[1], load, record[2])] : []),
  ]);
};

/**
 * Every route of the web app. Each page is its own lazily loaded module (grouped by area: a module holds
 * the pages of one section), so a visit loads only the code it shows. The signed-in shell is a pathless
 * layout around /app and /admin whose loader guards them before any page code loads.
 */
export function createAppRoutes(session: SessionStore = appSession): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootLayout,
      HydrateFallback: PageLoader,
      ErrorBoundary: RouteErrorBoundary,
      children: [
        // Public layout
        {
          ...lazyComponent(pages.publicLayout, 'PublicLayout'),
          children: [
            { index: true, ...named('Home'), ...lazyComponent(pages.home, 'HomeRoute') },
            withData([
              {
                ...page('help', 'Help Center', pages.help, 'PublicHelpLayout'),
                children: [
                  indexPage(pages.help, 'HelpHomeRoute'),
                  page('faq', 'FAQ', pages.help, 'FaqRoute'),
                  page('articles', 'Articles', pages.help, 'ArticlesRoute'),
                  page(':category/:slug', 'Article', pages.help, 'HelpArticleRoute'),
                ],
              },
              page('privacypolicy', 'Privacy policy', pages.legal, 'PrivacyPolicyRoute'),
              page('termsandconditions', 'Terms and conditions', pages.legal, 'TermsRoute'),
            ]),
            { path: 'faq', loader: () => redirect('/help/faq') },
          ],
        },

        // The signed-in shell: /app and /admin
        {
          id: 'shell',
          middleware: [createShellMiddleware(session)],
          loader: createShellGuard(session),
          shouldRevalidate: alwaysRevalidate,
          ErrorBoundary: ShellErrorBoundary,
          ...lazyComponent(pages.shellLayout, 'ShellLayout'),
          children: [
            {
              ...section('app', 'Home', [
                redirectIndex('dashboard'),
                {
                  ...page('dashboard', 'Dashboard', pages.appDashboard, 'DashboardRoute'),
                  loader: createPrefetchLoader(session, () =>
                    pages.appDashboard().then((module) => module.prefetchDashboardData),
                  ),
                },
                page('profile', 'Profile', pages.profile, 'ProfileRoute'),
                section('help', 'Help Center', [
                  indexPage(pages.help, 'HelpHomeRoute'),
                  page('faq', 'FAQ', pages.help, 'FaqRoute'),
                  section('articles', 'Articles', [
                    indexPage(pages.help, 'ArticlesRoute'),
                    page(':category/:slug', 'Article', pages.help, 'HelpArticleRoute'),
                  ]),
                ]),
                section('automation', 'Automation', [
                  redirectIndex('search'),
                  page('search', 'Search', pages.automation, 'AutomationSearchRoute'),
                  page('templates', 'Templates', pages.automation, 'AutomationTemplatesRoute'),
                  section('onboarding', 'Onboarding', [
                    indexPage(pages.automation, 'AutomationOnboardingRoute'),
                    page('view/:id', 'Onboarding template', pages.automation, 'AutomationOnboardingViewRoute'),
                  ]),
                  page('logs', 'Logs', pages.automation, 'AutomationLogsRoute'),
                  page('activity', 'Activity', pages.automation, 'AutomationActivityRoute'),
                  page('schedule', 'Schedule', pages.automation, 'AutomationScheduleRoute'),
                  section('view/:id', 'Automation details', [
                    {
                      ...indexPage(pages.automationEditor, 'AutomationViewRoute'),
                      loader: createPrefetchLoader(session, () =>
                        pages.automationEditor().then((module) => module.prefetchEditorData),
                      ),
                    },
                    page('logs', 'Logs', pages.automation, 'AutomationViewLogsRoute'),
                  ]),
                ]),
                section('account', 'Account', [
                  redirectIndex('subscription/overview'),
                  section('subscription', 'Subscription', [
                    redirectIndex('overview'),
                    page('overview', 'Overview', pages.account, 'SubscriptionOverviewRoute'),
                    page('checkout', 'Checkout', pages.account, 'SubscriptionCheckoutRoute'),
                  ]),
                  searchSection(
                    'invoicing',
                    'Invoicing',
                    pages.account,
                    ['Invoices', 'InvoicesRoute'],
                    [':id', 'Invoice', 'InvoiceRoute'],
                  ),
                  searchSection(
                    'emails',
                    'Emails',
                    pages.account,
                    ['Email templates', 'EmailTemplatesRoute'],
                    [':id', 'Email template', 'EmailTemplateRoute'],
                  ),
                  page('team', 'Team', pages.account, 'TeamRoute'),
                  page('activity', 'Activity', pages.account, 'ActivityRoute'),
                  page('messaging', 'Client messages', pages.account, 'ClientMessagingRoute'),
                  page('opt-outs', 'Opt-outs', pages.account, 'OptOutsRoute'),
                  page('web-addresses', 'Web addresses', pages.account, 'WebAddressesRoute'),
                  page('api-keys', 'API keys', pages.account, 'ApiKeysRoute'),
                ]),
              ]),
              ErrorBoundary: RouteErrorBoundary,
            },
            {
              ...section('admin', 'Super admin', [
                redirectIndex('dashboard'),
                page('dashboard', 'Dashboard', pages.adminDashboard, 'AdminDashboardRoute'),
                section('automation', 'Automation', [
                  redirectIndex('templates/search'),
                  searchSection('templates', 'Templates', pages.adminAutomation, 'AdminTemplatesRoute', [
                    'view/:id',
                    'Template',
                    'AdminTemplateRoute',
                  ]),
                  page('runs', 'Trigger runs', pages.adminAutomation, 'AdminRunsRoute'),
                ]),
                section('settings', 'Settings', [
                  redirectIndex('products/search'),
                  searchSection('emails', 'Emails', pages.settings, 'AdminEmailsRoute', [
                    ':id',
                    'Email',
                    'AdminEmailRoute',
                  ]),
                  searchSection(
                    'trigger/templates',
                    'Trigger templates',
                    pages.settings,
                    'AdminTriggerTemplatesRoute',
                    ['view/:id', 'Trigger template', 'AdminTriggerTemplateRoute'],
                  ),
                  searchSection('products', 'Products', pages.products, 'AdminProductsRoute'),
                  page('invoicing', 'Invoicing', pages.settings, 'AdminInvoicingRoute'),
                ]),
                section('vendors', 'Vendors', [
                  redirectIndex('search'),
                  page('search', 'Search', pages.vendors, 'AdminVendorsRoute'),
                  {
                    ...page(':id', 'Vendor', pages.vendors, 'AdminVendorRoute'),
                    children: [
                      redirectIndex('triggers'),
                      page('invoice/:invoiceId', 'Invoice', pages.vendorBilling, 'AdminVendorInvoiceRoute'),
                      page('billing', 'Billing', pages.vendorBilling, 'AdminVendorBillingRoute'),
                      page('users', 'Users', pages.vendors, 'AdminVendorUsersRoute'),
                      page('triggers', 'Triggers', pages.vendors, 'AdminVendorTriggersRoute'),
                      page('audit', 'Audit log', pages.vendors, 'AdminVendorAuditRoute'),
                    ],
                  },
                ]),
                searchSection('users', 'Users', pages.users, 'AdminUsersRoute', [':id', 'User', 'AdminUserRoute']),
                searchSection('articles', 'Articles', pages.content, 'AdminArticlesRoute', [
                  ':id',
                  'Article',
                  'AdminArticleRoute',
                ]),
                searchSection('faq', 'FAQ', pages.content, 'AdminFaqsRoute', [':id', 'FAQ entry', 'AdminFaqRoute']),
                page('feedback', 'Feedback received', pages.adminFeedback, 'AdminFeedbackRoute'),
              ]),
              ErrorBoundary: RouteErrorBoundary,
            },
          ],
        },

        // ServiceM8 connection
        {
          ...page('sm8', 'ServiceM8', pages.cardLayout, 'CardLayout'),
          children: [
            withData([
              page('activate', 'Activate', pages.sm8Activate, 'Sm8ActivateRoute'),
              page('activated', 'Activated', pages.sm8Activated, 'Sm8ActivatedRoute'),
              page('autologin', 'Automatic sign-in', pages.sm8Autologin, 'Sm8AutologinRoute'),
              page('addon', 'Automatic sign-in', pages.sm8Autologin, 'Sm8AddonRoute'),
              page('link', 'Link', pages.sm8Link, 'Sm8LinkRoute'),
              page('confirm', 'Confirm', pages.sm8Confirm, 'Sm8ConfirmRoute'),
            ]),
          ],
        },

        // Sign-in pages
        {
          ...page('auth', 'Account access', pages.cardLayout, 'CardLayout'),
          children: [
            redirectIndex('login'),
            page('login', 'Sign in', pages.login, 'LoginRoute'),
            withData([
              page('register', 'Create an account', pages.register, 'RegisterRoute'),
              page('invitation/:token', 'Invitation', pages.invitation, 'InvitationRoute'),
              page('verify/:token/:userId', 'Confirm email', pages.verify, 'VerifyRoute'),
              section('reset', 'Reset password', [
                indexPage(pages.reset, 'ResetRequestRoute'),
                page(':token/:userId', 'New password', pages.reset, 'ResetPasswordRoute'),
              ]),
            ]),
          ],
        },

        {
          path: 'payment',
          ...lazyComponent(pages.cardLayout, 'CardLayout'),
          children: [withData([page('close', 'Payment', pages.paymentClose, 'PaymentCloseRoute')])],
        },

        {
          path: 'unsubscribe',
          ...lazyComponent(pages.cardLayout, 'CardLayout'),
          children: [withData([indexPage(pages.unsubscribe, 'UnsubscribeRoute')])],
        },

        page('*', 'Not found', pages.notFound, 'NotFoundRoute'),
      ],
    },
  ];
}

/**
 * The routes the browser's router starts from: every route but the signed-in areas' pages (/app, /admin),
 * which it adds when a navigation first reaches them (`deferAreas`).
 */
export function createDiscoverableRoutes(session: SessionStore = appSession): DiscoverableRoutes {
  return deferAreas(createAppRoutes(session), 'shell');
}
