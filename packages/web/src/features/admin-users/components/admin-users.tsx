import type { AdminUserRow } from '@automate/contract';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { SearchFilterSpec } from '@/components/ui/search-panel.tsx';
import { SearchScreen } from '@/components/ui/search-screen.tsx';
import { linkColumn, type SearchTableColumn } from '@/components/ui/search-table.tsx';
import type { SearchDefaults } from '@/lib/search-params.ts';
import { readerClock } from '@/lib/vendor-time.ts';
import { useAdminUserSearch } from '../api/admin-users.ts';
import { adminUserPath } from '../paths.ts';

const USER_SEARCH_DEFAULTS: SearchDefaults = {
  PageSize: 25,
  SortBy: 'email',
  SortDir: 'Ascending',
  sortable: ['email', 'firstName', 'lastName', 'createdAt', 'lastSignInAt', 'vendorCount'],
};

const fullName = (user: AdminUserRow) => `${user.firstName} ${user.lastName}`.trim();

/** The account's state as small labels: SuperAdmin, unconfirmed, locked out, disabled. */
export function UserStateChips({ user }: { user: AdminUserRow }) {
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {user.roles.includes('SuperAdmin') ? <Chip size="small" color="primary" label="SuperAdmin" /> : null}
      {user.emailVerified ? null : <Chip size="small" color="warning" variant="outlined" label="Unconfirmed" />}
      {user.lockedOut ? <Chip size="small" color="error" variant="outlined" label="Locked out" /> : null}
      {user.disabled ? <Chip size="small" color="error" label="Disabled" /> : null}
    </Stack>
  );
}

const COLUMNS: ReadonlyArray<SearchTableColumn<AdminUserRow>> = [
  linkColumn(
    'email',
    'Email',
    (user) => adminUserPath(user.id),
    (user) => user.email,
  ),
  { key: 'firstName', label: 'Name', sortField: 'firstName', render: fullName },
  { key: 'state', label: 'State', render: (user) => <UserStateChips user={user} /> },
  {
    key: 'vendorCount',
    label: 'Vendors',
    sortField: 'vendorCount',
    align: 'right',
    render: (user) => user.vendorCount,
  },
  {
    key: 'lastSignInAt',
    label: 'Last sign-in',
    sortField: 'lastSignInAt',
    render: (user) => (user.lastSignInAt ? readerClock(user.lastSignInAt) : 'Never'),
  },
  { key: 'createdAt', label: 'Joined', sortField: 'createdAt', render: (user) => readerClock(user.createdAt) },
];

const yesNo = (yes: string, no: string) => [
  { value: true, label: yes },
  { value: false, label: no },
];

const FILTERS: readonly SearchFilterSpec[] = [
  { kind: 'text', label: 'Search emails', field: 'email' },
  { kind: 'text', label: 'Last name', field: 'lastName' },
  {
    kind: 'select',
    label: 'Email',
    field: 'emailVerified',
    anyLabel: 'Any',
    options: yesNo('Confirmed', 'Unconfirmed'),
  },
  { kind: 'select', label: 'Role', field: 'superAdmin', anyLabel: 'Anyone', options: yesNo('Super admins', 'Others') },
  { kind: 'select', label: 'Account', field: 'disabled', anyLabel: 'Any', options: yesNo('Disabled', 'Enabled') },
];

/** /admin/users/search: every user of the platform, to filter, sort, page through and open. */
export function AdminUsers() {
  return (
    <SearchScreen
      documentTitle="Users · Super admin · Automate"
      title="Users"
      subtitle="Everyone who can sign in, with their vendors and sign-in state."
      label="Users"
      defaults={USER_SEARCH_DEFAULTS}
      useSearch={useAdminUserSearch}
      loadFailed="The users could not be loaded."
      filters={FILTERS}
      columns={COLUMNS}
      pathOf={adminUserPath}
      emptyText={{ filtered: 'No users match these filters.', none: 'No users yet.' }}
    />
  );
}
