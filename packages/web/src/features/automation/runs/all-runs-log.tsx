import { type AdminTriggerRun, TRIGGER_EVENTS } from '@automate/contract';
import Link from '@mui/material/Link';
import { type ReactNode, useMemo, useState } from 'react';
import { PageHeader } from '@/components/ui/page-header.tsx';
import type { SearchTableColumn } from '@/components/ui/search-table.tsx';
import { SelectFilter } from '@/components/ui/select-filter.tsx';
import { TextFilter } from '@/components/ui/text-filter.tsx';
import { filterValue, type SearchChange, type SearchDefaults } from '@/lib/search-params.ts';
import { useSearchState } from '@/lib/use-search-state.ts';
import { ALL_RUNS_SORT_FIELDS, useAllRunsSearch } from '../api/search-all-runs.ts';
import { useTriggerSearch } from '../api/search-triggers.ts';
import { eventLabel } from '../list/event-labels.ts';
import { CreatedRangeFilter } from './created-range-filter.tsx';
import { runCard, runColumns } from './run-columns.tsx';
import { RunDrawer } from './run-drawer.tsx';
import { STATUS_OPTIONS } from './run-log.tsx';
import { RunTable } from './run-table.tsx';
import { useCursorQuery, useShownPage } from './use-page-cursors.ts';

const ALL_RUNS_DEFAULTS: SearchDefaults = {
  PageSize: 25,
  SortBy: 'createdAt',
  SortDir: 'Descending',
  sortable: ALL_RUNS_SORT_FIELDS,
};

const EVENT_OPTIONS = TRIGGER_EVENTS.map((value) => ({ value, label: eventLabel(value) }));

const LEADING_COLUMNS: ReadonlyArray<SearchTableColumn<AdminTriggerRun>> = [
  {
    key: 'vendorName',
    label: 'Vendor',
    render: (run) => (
      <Link href={`/admin/vendors/${encodeURIComponent(run.vendorId)}`} sx={{ fontWeight: 600 }}>
        {run.vendorName}
      </Link>
    ),
  },
  { key: 'triggerName', label: 'Automation', render: (run) => run.triggerName },
];

const VENDOR_TRIGGERS = { PageNumber: 1, PageSize: 200, SortBy: 'name', SortDir: 'Ascending' } as const;

/**
 * The automation filter: one of the chosen vendor's automations (an automation belongs to one vendor).
 * An automation in the URL without its vendor (or no longer listed) still shows, named as its runs name it.
 */
function AutomationFilter({
  vendorId,
  value,
  shownName,
  onChange,
}: {
  vendorId: string;
  value: unknown;
  shownName: string | undefined;
  onChange: (change: SearchChange) => void;
}) {
  const triggers = useTriggerSearch(vendorId, VENDOR_TRIGGERS, { enabled: vendorId !== '' });
  const options = (vendorId ? (triggers.data?.rows ?? []) : []).map((row) => ({ value: row.id, label: row.name }));
  if (typeof value === 'string' && !options.some((option) => option.value === value)) {
    options.push({ value, label: shownName ?? 'The chosen automation' });
  }
  return (
    <SelectFilter
      label="Automation"
      field="triggerId"
      value={value}
      anyLabel={vendorId || options.length > 0 ? 'Any automation' : 'Any (pick a vendor first)'}
      options={options}
      onChange={onChange}
      minWidth={200}
    />
  );
}

/** The super admin's vendor picker, given by the page: the vendor filter's value (an id) and how to change it. */
export type VendorFilterSlot = (props: { value: string; onChange: (vendorId: string | null) => void }) => ReactNode;

/**
 * /admin/automation/runs: every vendor's runs, newest first, filtered by status, vendor, automation, event,
 * job number and the days they were created, with the query in the URL. A row opens its step log in the side panel
 * the vendor's Logs use. Times show in the viewer's zone, labelled (the runs belong to many vendors).
 */
export function AllRunsLog({ vendorFilter }: { vendorFilter: VendorFilterSlot }) {
  const [state, change] = useSearchState(ALL_RUNS_DEFAULTS);
  const [selected, setSelected] = useState<AdminTriggerRun | null>(null);
  const paging = useCursorQuery(state);
  const search = useAllRunsSearch(paging.query);
  const shown = useShownPage(search, paging);
  const columns = useMemo(
    () => runColumns({ leading: LEADING_COLUMNS, timeZone: undefined, sortable: ALL_RUNS_SORT_FIELDS }),
    [],
  );
  const card = useMemo(
    () =>
      runCard<AdminTriggerRun>({
        title: (run) => (
          <>
            {LEADING_COLUMNS[0]?.render(run)} · {run.triggerName}
          </>
        ),
        timeZone: undefined,
      }),
    [],
  );
  const equals = (field: string) => filterValue(state.Filters, field);
  const text = (value: unknown) => (typeof value === 'string' ? value : '');

  return (
    <>
      <title>Trigger runs · Automate</title>
      <PageHeader title="Trigger runs" subtitle="Every run of every vendor's automations, newest first." />
      <RunTable
        filters={
          <>
            <SelectFilter
              label="Status"
              field="status"
              value={equals('status')}
              anyLabel="Any status"
              options={STATUS_OPTIONS}
              onChange={change}
            />
            {vendorFilter({
              value: text(equals('vendorId')),
              // Another vendor has none of this one's automations.
              onChange: (vendorId) =>
                change({
                  kind: 'filters',
                  changes: [
                    { field: 'vendorId', action: 'Eq', value: vendorId || null },
                    { field: 'triggerId', action: 'Eq', value: null },
                  ],
                }),
            })}
            <AutomationFilter
              vendorId={text(equals('vendorId'))}
              value={equals('triggerId')}
              shownName={shown?.rows.find((run) => run.triggerId === equals('triggerId'))?.triggerName}
              onChange={change}
            />
            <SelectFilter
              label="Event"
              field="event"
              value={equals('event')}
              anyLabel="Any event"
              options={EVENT_OPTIONS}
              onChange={change}
              minWidth={200}
            />
            <TextFilter
              label="Job number"
              field="jobNumber"
              action="Eq"
              value={text(equals('jobNumber'))}
              onChange={change}
            />
            <CreatedRangeFilter state={state} defaults={ALL_RUNS_DEFAULTS} />
          </>
        }
        search={search}
        shown={shown}
        columns={columns}
        card={card}
        state={state}
        onChange={change}
        onRowClick={setSelected}
        emptyText={state.Filters.length > 0 ? 'No runs match these filters.' : 'No vendor has a run yet.'}
      />
      <RunDrawer
        vendorId={selected?.vendorId ?? ''}
        runId={selected?.id ?? null}
        onClose={() => setSelected(null)}
        automationHref={() => null}
      />
    </>
  );
}
