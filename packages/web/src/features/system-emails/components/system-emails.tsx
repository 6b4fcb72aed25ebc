import type { SystemEmail } from '@automate/contract';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { SearchScreen } from '@/components/ui/search-screen.tsx';
import { linkColumn, type SearchTableColumn } from '@/components/ui/search-table.tsx';
import type { SearchDefaults } from '@/lib/search-params.ts';
import { readerClock } from '@/lib/vendor-time.ts';
import { useSystemEmailSearch } from '../api/system-emails.ts';
import { NEW_SYSTEM_EMAIL_ID, systemEmailPath } from '../paths.ts';

const DEFAULTS: SearchDefaults = {
  PageSize: 25,
  SortBy: 'name',
  SortDir: 'Ascending',
  sortable: ['name', 'key', 'updatedAt'],
};

const COLUMNS: ReadonlyArray<SearchTableColumn<SystemEmail>> = [
  linkColumn(
    'name',
    'Name',
    (email) => systemEmailPath(email.id),
    (email) => email.name,
  ),
  {
    key: 'key',
    label: 'Key',
    sortField: 'key',
    render: (email) => (
      <Typography variant="body2" component="code" sx={{ fontFamily: 'monospace' }}>
        {email.key}
      </Typography>
    ),
  },
  { key: 'description', label: 'When it is sent', render: (email) => email.description },
  {
    key: 'isSystem',
    label: 'Sent by',
    render: (email) =>
      email.isSystem ? <Chip size="small" label="The platform" variant="outlined" /> : 'Not sent yet (custom)',
  },
  { key: 'updatedAt', label: 'Updated', sortField: 'updatedAt', render: (email) => readerClock(email.updatedAt) },
];

/** /admin/settings/emails/search: the emails the platform sends, to open and edit. */
export function SystemEmails() {
  return (
    <SearchScreen
      documentTitle="System emails · Super admin · Automate"
      title="System emails"
      subtitle="What the platform writes when people sign up, reset a password, are invited or need to act."
      actions={
        <Button href={systemEmailPath(NEW_SYSTEM_EMAIL_ID)} variant="contained" startIcon={<AddIcon />}>
          New email
        </Button>
      }
      label="System emails"
      defaults={DEFAULTS}
      useSearch={useSystemEmailSearch}
      loadFailed="The emails could not be loaded."
      filters={[{ kind: 'text', label: 'Search names', field: 'name' }]}
      columns={COLUMNS}
      pathOf={systemEmailPath}
      emptyText={{ filtered: 'No emails match this name.', none: 'No emails yet.' }}
    />
  );
}
