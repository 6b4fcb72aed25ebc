import Alert from '@mui/material/Alert';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { AccountOverview } from '@/features/account/components/account-overview.tsx';
import { ApiKeysPage } from '@/features/api-keys/components/api-keys-page.tsx';
import { ActivityLog } from '@/features/audit/audit-log.tsx';
import { BillingAddressForm } from '@/features/billing/components/billing-address-form.tsx';
import { InvoiceList } from '@/features/billing/components/invoice-list.tsx';
import { InvoiceView } from '@/features/billing/components/invoice-view.tsx';
import { PlanCheckout } from '@/features/billing/components/plan-checkout.tsx';
import { SubscriptionOverview } from '@/features/billing/components/subscription-overview.tsx';
import { ClientMessagingSettings } from '@/features/client-messaging/components/client-messaging-settings.tsx';
import { OptOutsPage } from '@/features/client-messaging/components/opt-outs-page.tsx';
import { EmailTemplateEditor } from '@/features/email-templates/components/email-template-editor.tsx';
import { EmailTemplates } from '@/features/email-templates/components/email-templates.tsx';
import { TeamPage } from '@/features/team/components/team-page.tsx';
import { WebAddressSettingsPanel } from '@/features/web-address/components/web-address-settings.tsx';
import { useCurrentVendor } from '@/lib/session/session.ts';
import { paddedRoute } from '../route-pages.tsx';

const OVERVIEW_PATH = '/app/account/subscription/overview';
const TEMPLATES_PATH = '/app/account/emails/search';
const TEAM_PATH = '/app/account/team';
const CHECKOUT_PATH = '/app/account/subscription/checkout';
const INVOICES_PATH = '/app/account/invoicing/search';
const ACTIVITY_PATH = '/app/account/activity';
const MESSAGING_PATH = '/app/account/messaging';
const OPT_OUTS_PATH = '/app/account/opt-outs';
const WEB_ADDRESSES_PATH = '/app/account/web-addresses';
const API_KEYS_PATH = '/app/account/api-keys';

/** The Account area's tabs; each is the page whose path begins with its section. */
const ACCOUNT_TABS = [
  { label: 'Overview', to: OVERVIEW_PATH, section: '/app/account/subscription' },
  { label: 'Invoices', to: INVOICES_PATH, section: '/app/account/invoicing' },
  { label: 'Email templates', to: TEMPLATES_PATH, section: '/app/account/emails' },
  { label: 'Team', to: TEAM_PATH, section: TEAM_PATH },
  { label: 'Activity', to: ACTIVITY_PATH, section: ACTIVITY_PATH },
  { label: 'Client messages', to: MESSAGING_PATH, section: MESSAGING_PATH },
  { label: 'Opt-outs', to: OPT_OUTS_PATH, section: OPT_OUTS_PATH },
  { label: 'Web addresses', to: WEB_ADDRESSES_PATH, section: WEB_ADDRESSES_PATH },
  { label: 'API keys', to: API_KEYS_PATH, section: API_KEYS_PATH },
] as const;

function AccountTabs() {
  const { pathname } = useLocation();
  const current = ACCOUNT_TABS.findIndex((tab) => pathname.startsWith(tab.section));
  return (
    <Tabs
      value={current === -1 ? false : current}
      aria-label="Account"
      variant="scrollable"
      allowScrollButtonsMobile
      sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
    >
      {ACCOUNT_TABS.map((tab) => (
        <Tab key={tab.to} label={tab.label} component={RouterLink} to={tab.to} />
      ))}
    </Tabs>
  );
}

/** An Account page: the tabs above it. */
function accountRoute(page: () => ReactNode) {
  return paddedRoute(() => (
    <>
      <AccountTabs />
      {page()}
    </>
  ));
}

function NoVendor() {
  return (
    <Alert severity="info" sx={{ maxWidth: 760 }}>
      The account belongs to a business. Choose the business to work on first (super admins: the vendor selector in the
      sidebar).
    </Alert>
  );
}

function Overview() {
  const vendor = useCurrentVendor();
  const [params] = useSearchParams();
  const paid = params.get('paid') === '1';
  return (
    <>
      <PageHeader title="Account" subtitle={vendor ? vendor.name : undefined} />
      {vendor ? (
        <AccountOverview
          vendor={vendor}
          teamPath={TEAM_PATH}
          templatesPath={TEMPLATES_PATH}
          messagingPath={MESSAGING_PATH}
          plan={
            <SubscriptionOverview
              vendorId={vendor.vendorId}
              vendorName={vendor.name}
              checkoutPath={CHECKOUT_PATH}
              canManage={vendor.role === 'Admin'}
              polling={paid}
            />
          }
        />
      ) : (
        <NoVendor />
      )}
    </>
  );
}

function Team() {
  const vendor = useCurrentVendor();
  return (
    <>
      <PageHeader title="Team" subtitle="Who works on this business in Automate, and what each may do." />
      {vendor ? <TeamPage vendor={vendor} /> : <NoVendor />}
    </>
  );
}

/** /app/account/subscription/overview: the business, its ServiceM8 connection, business hours, team, templates and plan. */
export const SubscriptionOverviewRoute = accountRoute(() => <Overview />);

function Checkout() {
  const vendor = useCurrentVendor();
  return (
    <>
      <title>Checkout · Account · Automate</title>
      <PageHeader title="Choose a plan" subtitle="Prices in New Zealand dollars, GST included. Cancel any time." />
      {vendor ? <PlanCheckout vendorId={vendor.vendorId} overviewPath={OVERVIEW_PATH} /> : <NoVendor />}
    </>
  );
}

function Invoices() {
  const vendor = useCurrentVendor();
  return (
    <>
      <title>Invoices · Account · Automate</title>
      <PageHeader title="Invoices" subtitle="Every invoice of your subscription, to view, print or download." />
      {vendor ? (
        <>
          <BillingAddressForm vendorId={vendor.vendorId} />
          <InvoiceList
            vendorId={vendor.vendorId}
            invoicePath={(id) => `${INVOICES_PATH.replace('/search', '')}/${id}`}
          />
        </>
      ) : (
        <NoVendor />
      )}
    </>
  );
}

/** /app/account/subscription/checkout: the plans with a monthly/yearly switch; paying opens a popup. */
export const SubscriptionCheckoutRoute = accountRoute(() => <Checkout />);

/** /app/account/invoicing/search: the vendor's invoices (URL-synced search). */
export const InvoicesRoute = accountRoute(() => <Invoices />);

/** /app/account/invoicing/{id}: one invoice, print-friendly, with its PDF. */
export const InvoiceRoute = paddedRoute(({ id = '' }) => <InvoiceView id={id} backPath={INVOICES_PATH} />);

/** /app/account/emails/search: the current vendor's email templates. */
export const EmailTemplatesRoute = accountRoute(() => <EmailTemplates />);

/** /app/account/emails/{id}; `new` writes a new template. */
export const EmailTemplateRoute = paddedRoute(({ id = '' }) => <EmailTemplateEditor id={id} />);

/** /app/account/team: the people of the business, invitations and inviting someone. */
export const TeamRoute = accountRoute(() => <Team />);

function Activity() {
  const vendor = useCurrentVendor();
  return (
    <>
      <title>Activity · Account · Automate</title>
      <PageHeader
        title="Activity"
        subtitle="Who created, changed, switched on or off, or deleted each automation, and who cancelled or retried which run. Kept for a year."
      />
      {vendor ? <ActivityLog title="Activity" vendorId={vendor.vendorId} /> : <NoVendor />}
    </>
  );
}

/** /app/account/activity: the business's activity history. */
export const ActivityRoute = accountRoute(() => <Activity />);

function ClientMessaging() {
  const vendor = useCurrentVendor();
  return (
    <>
      <title>Client messages · Account · Automate</title>
      <PageHeader
        title="Client messages"
        subtitle="When automated emails and texts may reach your clients, how many, and who gets none."
      />
      {vendor ? <ClientMessagingSettings vendorId={vendor.vendorId} /> : <NoVendor />}
    </>
  );
}

function OptOuts() {
  const vendor = useCurrentVendor();
  return (
    <>
      <title>Opt-outs · Account · Automate</title>
      <PageHeader title="Opt-outs" subtitle="Clients who unsubscribed from your automated messages." />
      {vendor ? <OptOutsPage vendorId={vendor.vendorId} canUndo={vendor.role === 'Admin'} /> : <NoVendor />}
    </>
  );
}

/** /app/account/messaging: quiet hours, contact limits and the opt-out badge. */
export const ClientMessagingRoute = accountRoute(() => <ClientMessaging />);

/** /app/account/opt-outs: the clients who unsubscribed, and undoing it. */
export const OptOutsRoute = accountRoute(() => <OptOuts />);

function WebAddresses() {
  const vendor = useCurrentVendor();
  return (
    <>
      <title>Web addresses · Account · Automate</title>
      <PageHeader
        title="Web addresses"
        subtitle="How the “Send to a web address” action signs what it sends, and how many deliveries are left today."
      />
      {vendor ? <WebAddressSettingsPanel vendorId={vendor.vendorId} /> : <NoVendor />}
    </>
  );
}

/** /app/account/web-addresses: the signing secret (made or rotated, shown once) and today's deliveries. */
export const WebAddressesRoute = accountRoute(() => <WebAddresses />);

function ApiKeys() {
  const vendor = useCurrentVendor();
  return (
    <>
      <title>API keys · Account · Automate</title>
      <PageHeader
        title="API keys"
        subtitle="Keys for your own scripts to read runs and switch automations on or off."
      />
      {vendor ? <ApiKeysPage vendorId={vendor.vendorId} /> : <NoVendor />}
    </>
  );
}

/** /app/account/api-keys: the business's API keys, made (shown once), listed with their last use, revoked. */
export const ApiKeysRoute = accountRoute(() => <ApiKeys />);
