import type { TriggerSummary } from '@automate/contract';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { SearchPanel, searchResults } from '@/components/ui/search-panel.tsx';
import type { SearchTableColumn } from '@/components/ui/search-table.tsx';
import { type SearchDefaults, toSearchQuery } from '@/lib/search-params.ts';
import { useErrorToast } from '@/lib/use-error-toast.ts';
import { useSearchState } from '@/lib/use-search-state.ts';
import { useVendorClock } from '@/lib/vendor-time.ts';
import { TRIGGER_SORT_FIELDS, useTriggerSearch } from '../api/search-triggers.ts';
import { automationViewPath } from './automation-paths.ts';
import { eventLabel } from './event-labels.ts';

const DEFAULTS: SearchDefaults = { PageSize: 25, SortBy: 'name', SortDir: 'Ascending', sortable: TRIGGER_SORT_FIELDS };
const LOAD_FAILED = "The vendor's automations could not be loaded.";

/**
 * A vendor's automations as the super admin's vendor page lists them (search in the URL): name, event,
 * on or off, when each last ran, and a way to open one in the editor as that vendor (`openAsVendor`
 * receives the editor's path).
 */
export function VendorTriggers({ vendorId, openAsVendor }: { vendorId: string; openAsVendor: (path: string) => void }) {
  const clock = useVendorClock(vendorId);
  const [state, change] = useSearchState(DEFAULTS);
  const search = useTriggerSearch(vendorId, toSearchQuery(state));
  useErrorToast(search.error, LOAD_FAILED);
  const columns: ReadonlyArray<SearchTableColumn<TriggerSummary>> = [
    { key: 'name', label: 'Automation', sortField: 'name', render: (trigger) => trigger.name },
    { key: 'event', label: 'When', sortField: 'event', render: (trigger) => eventLabel(trigger.event) },
    {
      key: 'enabled',
      label: 'State',
      sortField: 'enabled',
      render: (trigger) =>
        trigger.enabled ? (
          <Chip size="small" color="success" variant="outlined" label="On" />
        ) : (
          <Chip size="small" variant="outlined" label="Off" />
        ),
    },
    {
      key: 'lastRunAt',
      label: 'Last run',
      sortField: 'lastRunAt',
      render: (trigger) => (trigger.lastRunAt ? clock(trigger.lastRunAt) : 'Never'),
    },
    {
      key: 'open',
      label: 'Open',
      hiddenLabel: true,
      align: 'right',
      render: (trigger) => (
        <Button size="small" onClick={() => openAsVendor(automationViewPath(trigger.id))}>
          Open in editor
        </Button>
      ),
    },
  ];
  return (
    <SearchPanel
      filters={[{ kind: 'text', label: 'Search names', field: 'name' }]}
      {...searchResults(search)}
      loadFailed={LOAD_FAILED}
      label="Automations"
      columns={columns}
      state={state}
      onChange={change}
      getRowKey={(trigger) => trigger.id}
      emptyText={state.Filters.length > 0 ? 'No automations match this name.' : 'This vendor has no automations yet.'}
    />
  );
}
