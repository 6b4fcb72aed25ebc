import { TRIGGER_EVENTS, type TriggerSummary, type VendorMembership } from '@automate/contract';
import AddIcon from '@mui/icons-material/Add';
import CableIcon from '@mui/icons-material/Cable';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import HistoryIcon from '@mui/icons-material/History';
import LibraryBooksIcon from '@mui/icons-material/LibraryBooks';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { type SearchFilterSpec, SearchPanel, searchResults } from '@/components/ui/search-panel.tsx';
import type { RowCard, SearchTableColumn } from '@/components/ui/search-table.tsx';
import { formatNumber } from '@/lib/format.ts';
import { SERVICEM8_SIGN_IN_URL } from '@/lib/links.ts';
import { type SearchDefaults, toSearchQuery } from '@/lib/search-params.ts';
import { useErrorToast } from '@/lib/use-error-toast.ts';
import { useSearchState } from '@/lib/use-search-state.ts';
import { useVendorClock } from '@/lib/vendor-time.ts';
import { TRIGGER_SORT_FIELDS, useTriggerSearch } from '../api/search-triggers.ts';
import {
  AUTOMATION_ACTIVITY_PATH,
  AUTOMATION_LOGS_PATH,
  AUTOMATION_NEW_PATH,
  AUTOMATION_TEMPLATES_PATH,
  automationLogsPath,
  automationViewPath,
} from './automation-paths.ts';
import { eventLabel } from './event-labels.ts';
import { useTriggerActions } from './use-trigger-actions.ts';

/** The sidebar opens page 1, 50 per page, sorted by name ascending; these are also the defaults. */
const AUTOMATION_SEARCH_DEFAULTS: SearchDefaults = {
  PageSize: 50,
  SortBy: 'name',
  SortDir: 'Ascending',
  sortable: TRIGGER_SORT_FIELDS,
};

const AUTOMATIONS_LOAD_FAILED = 'The automations could not be loaded.';

const FILTERS: readonly SearchFilterSpec[] = [
  { kind: 'text', label: 'Search names', field: 'name' },
  {
    kind: 'select',
    label: 'Event',
    field: 'event',
    anyLabel: 'Any event',
    options: TRIGGER_EVENTS.map((value) => ({ value, label: eventLabel(value) })),
    minWidth: 240,
  },
  {
    kind: 'select',
    label: 'Switched',
    field: 'enabled',
    anyLabel: 'On and off',
    options: [
      { value: true, label: 'On' },
      { value: false, label: 'Off' },
    ],
    minWidth: 140,
  },
];

/** What to do when there are no automations yet: connect ServiceM8 first, then create one or copy a template. */
function FirstAutomation({ vendor }: { vendor: VendorMembership }) {
  return (
    <Box sx={{ px: 3, py: 5, textAlign: 'center' }} data-testid="automations-empty">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        No automations yet
      </Typography>
      {vendor.sm8Connected ? (
        <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 560, mx: 'auto' }}>
          An automation acts on your ServiceM8 jobs when something happens: send a follow-up after a quote, ask for a
          review when a job is completed. Start from a ready-made template or build your own.
        </Typography>
      ) : (
        <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 560, mx: 'auto' }}>
          First connect your ServiceM8 account so automations can react to your jobs. You can prepare automations now
          and switch them on once it is connected.
        </Typography>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'center' }}>
        {!vendor.sm8Connected && vendor.role === 'Admin' ? (
          <Button component="a" href={SERVICEM8_SIGN_IN_URL} variant="contained" startIcon={<CableIcon />}>
            Connect ServiceM8
          </Button>
        ) : null}
        <Button
          href={AUTOMATION_TEMPLATES_PATH}
          variant={vendor.sm8Connected ? 'contained' : 'outlined'}
          startIcon={<LibraryBooksIcon />}
        >
          Copy from templates
        </Button>
        <Button href={AUTOMATION_NEW_PATH} variant="outlined" startIcon={<AddIcon />}>
          New automation
        </Button>
      </Stack>
    </Box>
  );
}

function RowAction({
  title,
  onClick,
  href,
  disabled,
  children,
}: {
  title: string;
  onClick?: () => void;
  href?: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Tooltip describeChild title={title}>
      <span>
        {href ? (
          <IconButton size="small" aria-label={title} href={href} disabled={disabled}>
            {children}
          </IconButton>
        ) : (
          <IconButton size="small" aria-label={title} onClick={onClick} disabled={disabled}>
            {children}
          </IconButton>
        )}
      </span>
    </Tooltip>
  );
}

/**
 * /app/automation/search: the vendor's automations (triggers), searched on the server with the query in
 * the URL. Each row can be switched on or off, opened, copied or deleted; on a phone the rows are cards.
 */
export function AutomationList({ vendor }: { vendor: VendorMembership }) {
  const navigate = useNavigate();
  const [state, change] = useSearchState(AUTOMATION_SEARCH_DEFAULTS);
  const search = useTriggerSearch(vendor.vendorId, toSearchQuery(state));
  useErrorToast(search.error, AUTOMATIONS_LOAD_FAILED);
  const actions = useTriggerActions(vendor.vendorId);

  const filtered = state.Filters.length > 0;
  const none = !filtered && search.data !== undefined && search.data.total === 0 && !search.isPlaceholderData;

  const clock = useVendorClock();
  const onSwitch = (row: TriggerSummary) => (
    <Switch
      checked={actions.enabledOf(row)}
      disabled={actions.isSwitching(row)}
      onChange={(_event, checked) => void actions.setEnabled(row, checked)}
      slotProps={{ input: { 'aria-label': `On: ${row.name}` } }}
    />
  );
  const lastRun = (row: TriggerSummary) =>
    row.lastRunAt ? (
      <Link href={automationLogsPath(row.id)} underline="hover" color="inherit">
        {clock(row.lastRunAt)}
      </Link>
    ) : (
      <Typography variant="body2" color="text.secondary" component="span">
        Never
      </Typography>
    );
  const rowActions = (row: TriggerSummary) => (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      <RowAction title={`Open ${row.name}`} href={automationViewPath(row.id)}>
        <EditOutlinedIcon fontSize="small" />
      </RowAction>
      <RowAction title={`Logs of ${row.name}`} href={automationLogsPath(row.id)}>
        <HistoryIcon fontSize="small" />
      </RowAction>
      <RowAction
        title={`Duplicate ${row.name}`}
        onClick={() => void actions.duplicate(row)}
        disabled={actions.isBusy(row)}
      >
        <ContentCopyIcon fontSize="small" />
      </RowAction>
      <RowAction
        title={`Delete ${row.name}`}
        onClick={() => void actions.deleteTrigger(row)}
        disabled={actions.isBusy(row)}
      >
        <DeleteOutlinedIcon fontSize="small" />
      </RowAction>
    </Stack>
  );
  // On a phone: the name with the switch beside it (always in view), the event, the last run and the actions.
  const card: RowCard<TriggerSummary> = {
    render: (row) => (
      <Stack spacing={0.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Link href={automationViewPath(row.id)} sx={{ fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere' }}>
            {row.name}
          </Link>
          <Box sx={{ flexShrink: 0 }}>{onSwitch(row)}</Box>
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {eventLabel(row.event)}
        </Typography>
        <Typography variant="body2" component="div">
          Last run: {lastRun(row)}
        </Typography>
        {rowActions(row)}
      </Stack>
    ),
  };
  const columns: ReadonlyArray<SearchTableColumn<TriggerSummary>> = [
    {
      key: 'name',
      label: 'Name',
      sortField: 'name',
      render: (row) => (
        <Box sx={{ minWidth: 180 }}>
          <Link href={automationViewPath(row.id)} sx={{ fontWeight: 600 }}>
            {row.name}
          </Link>
          {row.description ? (
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ maxWidth: 420, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            >
              {row.description}
            </Typography>
          ) : null}
        </Box>
      ),
    },
    { key: 'event', label: 'When', sortField: 'event', render: (row) => eventLabel(row.event) },
    {
      key: 'enabled',
      label: 'On',
      sortField: 'enabled',
      render: onSwitch,
    },
    { key: 'actions', label: 'Actions', align: 'right', render: (row) => formatNumber(row.actionCount) },
    {
      key: 'lastRunAt',
      label: 'Last run',
      sortField: 'lastRunAt',
      render: lastRun,
    },
    { key: 'updatedAt', label: 'Updated', sortField: 'updatedAt', render: (row) => clock(row.updatedAt) },
    {
      key: 'row-actions',
      label: 'Row actions',
      hiddenLabel: true,
      align: 'right',
      render: rowActions,
    },
  ];

  return (
    <>
      <title>Automations · Automate</title>
      <PageHeader
        title="Automations"
        subtitle="What happens automatically when your ServiceM8 jobs change."
        actions={
          <>
            <Button href={AUTOMATION_ACTIVITY_PATH}>Activity</Button>
            <Button href={AUTOMATION_LOGS_PATH}>Logs</Button>
            <Button href={AUTOMATION_NEW_PATH} variant="contained" startIcon={<AddIcon />}>
              New automation
            </Button>
          </>
        }
      />
      {!vendor.sm8Connected && !none ? (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="sm8-not-connected">
          ServiceM8 is not connected, so no automation runs.{' '}
          {vendor.role === 'Admin' ? (
            <Link href={SERVICEM8_SIGN_IN_URL}>Connect ServiceM8</Link>
          ) : (
            `An Admin of ${vendor.name} can connect it.`
          )}
        </Alert>
      ) : null}
      {none ? (
        <Paper variant="outlined">
          <FirstAutomation vendor={vendor} />
        </Paper>
      ) : (
        <SearchPanel
          filters={FILTERS}
          {...searchResults(search)}
          loadFailed={AUTOMATIONS_LOAD_FAILED}
          label="Automations"
          columns={columns}
          card={card}
          state={state}
          onChange={change}
          getRowKey={(row) => row.id}
          onRowClick={(row) => navigate(automationViewPath(row.id))}
          emptyText={filtered ? 'No automations match these filters.' : 'No automations on this page.'}
        />
      )}
    </>
  );
}
