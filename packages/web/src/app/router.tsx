import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { PageLoader } from '@/components/ui/page-loader.tsx';
import { RouteErrorBoundary } from '@/components/ui/route-error-boundary.tsx';
import type { RouteHandle } from '@/lib/breadcrumbs.ts';
import { session as appSession } from '@/lib/session/session.ts';
import type { SessionStore } from '@/lib/session/session-store.ts';
import { alwaysRevalidate, createShellGuard, createShellMiddleware } from './guards.ts';
import { ShellErrorBoundary } from './layouts/shell/shell-error-boundary.tsx';
import { RootLayout } from './root-layout.tsx';

/** The route's breadcrumb name. */
const named = (name: string): { handle: RouteHandle } => ({ handle: { name } });

/** An index route that only sends the browser on (the product's fixed redirects). */
const redirectIndex = (to: string | ((args: LoaderFunctionArgs) => string)): RouteObject => ({
  index: true,
  loader: (args) => redirect(typeof to === 'string' ? to : to(args)),
});

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
          lazy: () => import('./layouts/public-layout.tsx').then((m) => ({ Component: m.PublicLayout })),
          children: [
            {
              index: true,
              ...named('Home'),
              lazy: () => import('./routes/home.tsx').then((m) => ({ Component: m.HomeRoute })),
            },
            {
              path: 'help',
              ...named('Help Center'),
              lazy: () => import('./routes/help.tsx').then((m) => ({ Component: m.PublicHelpLayout })),
              children: [
                { index: true, lazy: () => import('./routes/help.tsx').then((m) => ({ Component: m.HelpHomeRoute })) },
                {
                  path: 'faq',
                  ...named('FAQ'),
                  lazy: () => import('./routes/help.tsx').then((m) => ({ Component: m.FaqRoute })),
                },
                {
                  path: 'articles',
                  ...named('Articles'),
                  lazy: () => import('./routes/help.tsx').then((m) => ({ Component: m.PublicArticlesRoute })),
                },
                {
                  path: ':category/:slug',
                  ...named('Article'),
                  lazy: () => import('./routes/help.tsx').then((m) => ({ Component: m.HelpArticleRoute })),
                },
              ],
            },
            { path: 'faq', loader: () => redirect('/help/faq') },
            {
              path: 'privacypolicy',
              ...named('Privacy policy'),
              lazy: () => import('./routes/legal.tsx').then((m) => ({ Component: m.PrivacyPolicyRoute })),
            },
            {
              path: 'termsandconditions',
              ...named('Terms and conditions'),
              lazy: () => import('./routes/legal.tsx').then((m) => ({ Component: m.TermsRoute })),
            },
          ],
        },

        // The signed-in shell: /app and /admin
        {
          id: 'shell',
          middleware: [createShellMiddleware(session)],
          loader: createShellGuard(session),
          shouldRevalidate: alwaysRevalidate,
          ErrorBoundary: ShellErrorBoundary,
          lazy: () => import('./layouts/shell/shell-layout.tsx').then((m) => ({ Component: m.ShellLayout })),
          children: [
            {
              path: 'app',
              ...named('Home'),
              ErrorBoundary: RouteErrorBoundary,
              children: [
                redirectIndex('/app/dashboard'),
                {
                  path: 'dashboard',
                  ...named('Dashboard'),
                  lazy: () => import('./routes/app/dashboard.tsx').then((m) => ({ Component: m.DashboardRoute })),
                },
                {
                  path: 'profile',
                  ...named('Profile'),
                  lazy: () => import('./routes/app/profile.tsx').then((m) => ({ Component: m.ProfileRoute })),
                },
                {
                  path: 'help',
                  ...named('Help Center'),
                  children: [
                    {
                      index: true,
                      lazy: () => import('./routes/help.tsx').then((m) => ({ Component: m.HelpHomeRoute })),
                    },
                    {
                      path: 'faq',
                      ...named('FAQ'),
                      lazy: () => import('./routes/help.tsx').then((m) => ({ Component: m.FaqRoute })),
                    },
                    {
                      path: 'articles',
                      ...named('Articles'),
                      children: [
                        {
                          index: true,
                          lazy: () => import('./routes/help.tsx').then((m) => ({ Component: m.AppArticlesRoute })),
                        },
                        {
                          path: ':category/:slug',
                          ...named('Article'),
                          lazy: () => import('./routes/help.tsx').then((m) => ({ Component: m.HelpArticleRoute })),
                        },
                      ],
                    },
                  ],
                },
                {
                  path: 'automation',
                  ...named('Automation'),
                  children: [
                    redirectIndex('/app/automation/search'),
                    {
                      path: 'search',
                      ...named('Search'),
                      lazy: () =>
                        import('./routes/app/automation.tsx').then((m) => ({ Component: m.AutomationSearchRoute })),
                    },
                    {
                      path: 'templates',
                      ...named('Templates'),
                      lazy: () =>
                        import('./routes/app/automation.tsx').then((m) => ({ Component: m.AutomationTemplatesRoute })),
                    },
                    {
                      path: 'onboarding',
                      ...named('Onboarding'),
                      children: [
                        {
                          index: true,
                          lazy: () =>
                            import('./routes/app/automation.tsx').then((m) => ({
                              Component: m.AutomationOnboardingRoute,
                            })),
                        },
                        {
                          path: 'view/:id',
                          ...named('Onboarding template'),
                          lazy: () =>
                            import('./routes/app/automation.tsx').then((m) => ({
                              Component: m.AutomationOnboardingViewRoute,
                            })),
                        },
                      ],
                    },
                    {
                      path: 'logs',
                      ...named('Logs'),
                      lazy: () =>
                        import('./routes/app/automation.tsx').then((m) => ({ Component: m.AutomationLogsRoute })),
                    },
                    {
                      path: 'schedule',
                      ...named('Schedule'),
                      lazy: () =>
                        import('./routes/app/automation.tsx').then((m) => ({ Component: m.AutomationScheduleRoute })),
                    },
                    {
                      path: 'view/:id',
                      ...named('Automation details'),
                      children: [
                        {
                          index: true,
                          lazy: () =>
                            import('./routes/app/automation.tsx').then((m) => ({ Component: m.AutomationViewRoute })),
                        },
                        {
                          path: 'logs',
                          ...named('Logs'),
                          lazy: () =>
                            import('./routes/app/automation.tsx').then((m) => ({
                              Component: m.AutomationViewLogsRoute,
                            })),
                        },
                      ],
                    },
                  ],
                },
                {
                  path: 'account',
                  ...named('Account'),
                  children: [
                    redirectIndex('/app/account/subscription/overview'),
                    {
                      path: 'subscription',
                      ...named('Subscription'),
                      children: [
                        redirectIndex('/app/account/subscription/overview'),
                        {
                          path: 'overview',
                          ...named('Overview'),
                          lazy: () =>
                            import('./routes/app/account.tsx').then((m) => ({
                              Component: m.SubscriptionOverviewRoute,
                            })),
                        },
                        {
                          path: 'checkout',
                          ...named('Checkout'),
                          lazy: () =>
                            import('./routes/app/account.tsx').then((m) => ({
                              Component: m.SubscriptionCheckoutRoute,
                            })),
                        },
                      ],
                    },
                    {
                      path: 'invoicing',
                      ...named('Invoicing'),
                      children: [
                        redirectIndex('/app/account/invoicing/search'),
                        {
                          path: 'search',
                          ...named('Invoices'),
                          lazy: () => import('./routes/app/account.tsx').then((m) => ({ Component: m.InvoicesRoute })),
                        },
                        {
                          path: ':id',
                          ...named('Invoice'),
                          lazy: () => import('./routes/app/account.tsx').then((m) => ({ Component: m.InvoiceRoute })),
                        },
                      ],
                    },
                    {
                      path: 'emails',
                      ...named('Emails'),
                      children: [
                        redirectIndex('/app/account/emails/search'),
                        {
                          path: 'search',
                          ...named('Email templates'),
                          lazy: () =>
                            import('./routes/app/account.tsx').then((m) => ({ Component: m.EmailTemplatesRoute })),
                        },
                        {
                          path: ':id',
                          ...named('Email template'),
                          lazy: () =>
                            import('./routes/app/account.tsx').then((m) => ({ Component: m.EmailTemplateRoute })),
                        },
                      ],
                    },
                  ],
                },
              ],
            },
            {
              path: 'admin',
              ...named('Super admin'),
              ErrorBoundary: RouteErrorBoundary,
              children: [
                redirectIndex('/admin/dashboard'),
                {
                  path: 'dashboard',
                  ...named('Dashboard'),
                  lazy: () =>
                    import('./routes/admin/dashboard.tsx').then((m) => ({ Component: m.AdminDashboardRoute })),
                },
                {
                  path: 'automation',
                  ...named('Automation'),
                  children: [
                    redirectIndex('/admin/automation/templates/search'),
                    {
                      path: 'templates',
                      ...named('Templates'),
                      children: [
                        redirectIndex('/admin/automation/templates/search'),
                        {
                          path: 'search',
                          ...named('Search'),
                          lazy: () =>
                            import('./routes/admin/automation.tsx').then((m) => ({ Component: m.AdminTemplatesRoute })),
                        },
                        {
                          path: 'view/:id',
                          ...named('Template'),
                          lazy: () =>
                            import('./routes/admin/automation.tsx').then((m) => ({ Component: m.AdminTemplateRoute })),
                        },
                      ],
                    },
                    {
                      path: 'runs',
                      ...named('Trigger runs'),
                      lazy: () =>
                        import('./routes/admin/automation.tsx').then((m) => ({ Component: m.AdminRunsRoute })),
                    },
                  ],
                },
                {
                  path: 'settings',
                  ...named('Settings'),
                  children: [
                    redirectIndex('/admin/settings/products/search'),
                    {
                      path: 'emails',
                      ...named('Emails'),
                      children: [
                        redirectIndex('/admin/settings/emails/search'),
                        {
                          path: 'search',
                          ...named('Search'),
                          lazy: () =>
                            import('./routes/admin/settings.tsx').then((m) => ({ Component: m.AdminEmailsRoute })),
                        },
                        {
                          path: ':id',
                          ...named('Email'),
                          lazy: () =>
                            import('./routes/admin/settings.tsx').then((m) => ({ Component: m.AdminEmailRoute })),
                        },
                      ],
                    },
                    {
                      path: 'trigger/templates',
                      ...named('Trigger templates'),
                      children: [
                        redirectIndex('/admin/settings/trigger/templates/search'),
                        {
                          path: 'search',
                          ...named('Search'),
                          lazy: () =>
                            import('./routes/admin/settings.tsx').then((m) => ({
                              Component: m.AdminTriggerTemplatesRoute,
                            })),
                        },
                        {
                          path: 'view/:id',
                          ...named('Trigger template'),
                          lazy: () =>
                            import('./routes/admin/settings.tsx').then((m) => ({
                              Component: m.AdminTriggerTemplateRoute,
                            })),
                        },
                      ],
                    },
                    {
                      path: 'products',
                      ...named('Products'),
                      children: [
                        redirectIndex('/admin/settings/products/search'),
                        {
                          path: 'search',
                          ...named('Search'),
                          lazy: () =>
                            import('./routes/admin/settings.tsx').then((m) => ({ Component: m.AdminProductsRoute })),
                        },
                      ],
                    },
                  ],
                },
                {
                  path: 'vendors',
                  ...named('Vendors'),
                  children: [
                    redirectIndex('/admin/vendors/search'),
                    {
                      path: 'search',
                      ...named('Search'),
                      lazy: () =>
                        import('./routes/admin/vendors.tsx').then((m) => ({ Component: m.AdminVendorsRoute })),
                    },
                    {
                      path: ':id',
                      ...named('Vendor'),
                      lazy: () => import('./routes/admin/vendors.tsx').then((m) => ({ Component: m.AdminVendorRoute })),
                      children: [
                        redirectIndex(({ params }) => `/admin/vendors/${encodeURIComponent(params.id ?? '')}/triggers`),
                        {
                          path: 'invoice/:invoiceId',
                          ...named('Invoice'),
                          lazy: () =>
                            import('./routes/admin/vendors.tsx').then((m) => ({
                              Component: m.AdminVendorInvoiceRoute,
                            })),
                        },
                        {
                          path: 'billing',
                          ...named('Billing'),
                          lazy: () =>
                            import('./routes/admin/vendors.tsx').then((m) => ({
                              Component: m.AdminVendorBillingRoute,
                            })),
                        },
                        {
                          path: 'users',
                          ...named('Users'),
                          lazy: () =>
                            import('./routes/admin/vendors.tsx').then((m) => ({ Component: m.AdminVendorUsersRoute })),
                        },
                        {
                          path: 'triggers',
                          ...named('Triggers'),
                          lazy: () =>
                            import('./routes/admin/vendors.tsx').then((m) => ({
                              Component: m.AdminVendorTriggersRoute,
                            })),
                        },
                      ],
                    },
                  ],
                },
                {
                  path: 'users',
                  ...named('Users'),
                  children: [
                    redirectIndex('/admin/users/search'),
                    {
                      path: 'search',
                      ...named('Search'),
                      lazy: () => import('./routes/admin/users.tsx').then((m) => ({ Component: m.AdminUsersRoute })),
                    },
                    {
                      path: ':id',
                      ...named('User'),
                      lazy: () => import('./routes/admin/users.tsx').then((m) => ({ Component: m.AdminUserRoute })),
                    },
                  ],
                },
                {
                  path: 'articles',
                  ...named('Articles'),
                  children: [
                    redirectIndex('/admin/articles/search'),
                    {
                      path: 'search',
                      ...named('Search'),
                      lazy: () =>
                        import('./routes/admin/content.tsx').then((m) => ({ Component: m.AdminArticlesRoute })),
                    },
                    {
                      path: ':id',
                      ...named('Article'),
                      lazy: () =>
                        import('./routes/admin/content.tsx').then((m) => ({ Component: m.AdminArticleRoute })),
                    },
                  ],
                },
                {
                  path: 'faq',
                  ...named('FAQ'),
                  children: [
                    redirectIndex('/admin/faq/search'),
                    {
                      path: 'search',
                      ...named('Search'),
                      lazy: () => import('./routes/admin/content.tsx').then((m) => ({ Component: m.AdminFaqsRoute })),
                    },
                    {
                      path: ':id',
                      ...named('FAQ entry'),
                      lazy: () => import('./routes/admin/content.tsx').then((m) => ({ Component: m.AdminFaqRoute })),
                    },
                  ],
                },
              ],
            },
          ],
        },

        // ServiceM8 connection
        {
          path: 'sm8',
          ...named('ServiceM8'),
          lazy: () => import('./layouts/card-layout.tsx').then((m) => ({ Component: m.CardLayout })),
          children: [
            {
              path: 'activate',
              ...named('Activate'),
              lazy: () => import('./routes/sm8/activate.tsx').then((m) => ({ Component: m.Sm8ActivateRoute })),
            },
            {
              path: 'activated',
              ...named('Activated'),
              lazy: () => import('./routes/sm8/activated.tsx').then((m) => ({ Component: m.Sm8ActivatedRoute })),
            },
            {
              path: 'autologin',
              ...named('Automatic sign-in'),
              lazy: () => import('./routes/sm8/autologin.tsx').then((m) => ({ Component: m.Sm8AutologinRoute })),
            },
            {
              path: 'link',
              ...named('Link'),
              lazy: () => import('./routes/sm8/link.tsx').then((m) => ({ Component: m.Sm8LinkRoute })),
            },
          ],
        },

        // Sign-in pages
        {
          path: 'auth',
          ...named('Account access'),
          lazy: () => import('./layouts/card-layout.tsx').then((m) => ({ Component: m.CardLayout })),
          children: [
            redirectIndex('/auth/login'),
            {
              path: 'login',
              ...named('Sign in'),
              lazy: () => import('./routes/auth/login.tsx').then((m) => ({ Component: m.LoginRoute })),
            },
            {
              path: 'register',
              ...named('Create an account'),
              lazy: () => import('./routes/auth/register.tsx').then((m) => ({ Component: m.RegisterRoute })),
            },
            {
              path: 'invitation/:token',
              ...named('Invitation'),
              lazy: () => import('./routes/auth/invitation.tsx').then((m) => ({ Component: m.InvitationRoute })),
            },
            {
              path: 'verify/:token/:userId',
              ...named('Confirm email'),
              lazy: () => import('./routes/auth/verify.tsx').then((m) => ({ Component: m.VerifyRoute })),
            },
            {
              path: 'reset',
              ...named('Reset password'),
              children: [
                {
                  index: true,
                  lazy: () => import('./routes/auth/reset.tsx').then((m) => ({ Component: m.ResetRequestRoute })),
                },
                {
                  path: ':token/:userId',
                  ...named('New password'),
                  lazy: () => import('./routes/auth/reset.tsx').then((m) => ({ Component: m.ResetPasswordRoute })),
                },
              ],
            },
          ],
        },

        {
          path: 'payment',
          lazy: () => import('./layouts/card-layout.tsx').then((m) => ({ Component: m.CardLayout })),
          children: [
            {
              path: 'close',
              ...named('Payment'),
              lazy: () => import('./routes/payment-close.tsx').then((m) => ({ Component: m.PaymentCloseRoute })),
            },
          ],
        },

        {
          path: '*',
          ...named('Not found'),
          lazy: () => import('./routes/not-found.tsx').then((m) => ({ Component: m.NotFoundRoute })),
        },
      ],
    },
  ];
}

export function createAppRouter(session: SessionStore = appSession) {
  return createBrowserRouter(createAppRoutes(session));
}
