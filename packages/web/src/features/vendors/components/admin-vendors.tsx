import { type AdminVendorRow, planLabel } from '@automate/contract';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import type { SearchFilterSpec } from '@/components/ui/search-panel.tsx';
import { SearchScreen } from '@/components/ui/search-screen.tsx';
import { linkColumn, type SearchTableColumn } from '@/components/ui/search-table.tsx';
import { formatNumber } from '@/lib/format.ts';
import type { SearchDefaults } from '@/lib/search-params.ts';
import { formatVendorTime } from '@/lib/vendor-time.ts';
import { useAdminVendorSearch } from '../api/admin-vendors.ts';
import { adminVendorPath, vendorRunsPath } from '../paths.ts';

/** The vendor list opens as the sidebar's does: page 1 of 200, by name, vendors with a current subscription. */
const VENDOR_SEARCH_DEFAULTS: SearchDefaults = {
  PageSize: 200,
  SortBy: 'name',
  SortDir: 'Ascending',
  sortable: ['name', 'currentSubscriptionType', 'sm8Connected', 'createdAt', 'automationsSuspended'],
  Filters: [{ action: 'Eq', field: 'hasCurrentSubscription', value: true }],
};

const COLUMNS: ReadonlyArray<SearchTableColumn<AdminVendorRow>> = [
  linkColumn(
    'name',
    'Name',
    (vendor) => adminVendorPath(vendor.id),
    (vendor) => vendor.name,
  ),
  {
    key: 'currentSubscriptionType',
    label: 'Plan',
    sortField: 'currentSubscriptionType',
    render: (vendor) => planLabel(vendor.currentSubscriptionType),
  },
  {
    key: 'sm8Connected',
    label: 'ServiceM8',
    sortField: 'sm8Connected',
    render: (vendor) => (vendor.sm8Connected ? 'Connected' : 'Not connected'),
  },
  { key: 'enabledTriggers', label: 'Automations on', align: 'right', render: (vendor) => vendor.enabledTriggers },
  {
    key: 'runs30Days',
    label: 'Runs (30 days)',
    align: 'right',
    render: (vendor) => <Link href={vendorRunsPath(vendor.id)}>{formatNumber(vendor.runs30Days)}</Link>,
  },
  {
    key: 'failures30Days',
    label: 'Failures (30 days)',
    align: 'right',
    render: (vendor) => (
      <Link href={vendorRunsPath(vendor.id, 'Failed')} color={vendor.failures30Days > 0 ? 'error' : undefined}>
        {formatNumber(vendor.failures30Days)}
      </Link>
    ),
  },
  {
    key: 'lastActivityAt',
    label: 'Last activity',
    // Each vendor's on its own clock, named where the reader's differs.
    render: (vendor) => (vendor.lastActivityAt ? formatVendorTime(vendor.lastActivityAt, vendor.timeZone) : 'Never'),
  },
  {
    key: 'automationsSuspended',
    label: 'Automations',
    sortField: 'automationsSuspended',
    render: (vendor) =>
      vendor.automationsSuspended ? (
        <Chip size="small" color="warning" label="Suspended" title={vendor.automationsSuspended.reason} />
      ) : (
        'Running'
      ),
  },
];

const yesNo = (yes: string, no: string) => [
  { value: true, label: yes },
  { value: false, label: no },
];

const FILTERS: readonly SearchFilterSpec[] = [
  { kind: 'text', label: 'Search names', field: 'name' },
  {
    kind: 'select',
    label: 'Subscription',
    field: 'hasCurrentSubscription',
    anyLabel: 'Any',
    options: yesNo('Subscribed', 'Not subscribed'),
  },
  {
    kind: 'select',
    label: 'ServiceM8',
    field: 'sm8Connected',
    anyLabel: 'Any',
    options: yesNo('Connected', 'Not connected'),
  },
  {
    kind: 'select',
    label: 'Automations',
    field: 'automationsSuspended',
    anyLabel: 'Any',
    options: yesNo('Suspended', 'Running'),
  },
];

/** /admin/vendors/search: every vendor with its plan, connection and automations' activity, searched in the URL. */
export function AdminVendors() {
  return (
    <SearchScreen
      documentTitle="Vendors · Super admin · Automate"
      title="Vendors"
      subtitle="The businesses using Automate, with their connection and how their automations are doing."
      label="Vendors"
      defaults={VENDOR_SEARCH_DEFAULTS}
      useSearch={useAdminVendorSearch}
      loadFailed="The vendors could not be loaded."
      filters={FILTERS}
      columns={COLUMNS}
      pathOf={adminVendorPath}
      emptyText={{ filtered: 'No vendors match these filters.', none: 'No vendors yet.' }}
    />
  );
}
