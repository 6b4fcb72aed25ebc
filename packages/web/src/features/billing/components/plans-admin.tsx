import type { Plan } from '@automate/contract';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useState } from 'react';
import { useConfirm } from '@/components/ui/confirm-dialog.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { type SearchFilterSpec, SearchPanel, searchResults } from '@/components/ui/search-panel.tsx';
import type { SearchTableColumn } from '@/components/ui/search-table.tsx';
import { getErrorMessage } from '@/lib/api-client.ts';
import { formatCents, formatNumber } from '@/lib/format.ts';
import { useNotifications } from '@/lib/notifications.ts';
import type { SearchDefaults } from '@/lib/search-params.ts';
import { useSearchState } from '@/lib/use-search-state.ts';
import { useArchivePlan, usePlanSearch } from '../api/billing.ts';
import { PlanEditorDialog } from './plan-editor-dialog.tsx';

const PLAN_LIST_DEFAULTS: SearchDefaults = {
  PageSize: 25,
  SortBy: 'name',
  SortDir: 'Ascending',
  sortable: ['name', 'trialDays', 'createdAt'],
};
const FILTERS: readonly SearchFilterSpec[] = [
  { kind: 'text', label: 'Name', field: 'name', action: 'ILike' },
  {
    kind: 'select',
    label: 'On sale',
    field: 'archived',
    anyLabel: 'All plans',
    options: [
      { value: false, label: 'On sale' },
      { value: true, label: 'Archived' },
    ],
  },
];

/** /admin/settings/products/search: the plans, to create, edit and archive. */
export function PlansAdmin() {
  const [state, change] = useSearchState(PLAN_LIST_DEFAULTS);
  const plans = usePlanSearch(state);
  const archive = useArchivePlan();
  const confirm = useConfirm();
  const { toast } = useNotifications();
  const [editing, setEditing] = useState<{ plan: Plan | null } | null>(null);

  const retire = async (plan: Plan) => {
    const confirmed = await confirm({
      title: `Archive the ${plan.name} plan?`,
      message: `New buyers will no longer see it. Its ${plan.subscribers} subscriber(s) keep it until they change plan.`,
      confirmText: 'Archive',
      destructive: true,
    });
    if (!confirmed) return;
    try {
      await archive.mutateAsync(plan.id);
      toast(`The ${plan.name} plan was archived.`, 'success');
    } catch (error) {
      toast(getErrorMessage(error, 'The plan could not be archived.'), 'error');
    }
  };

  const columns: Array<SearchTableColumn<Plan>> = [
    { key: 'name', label: 'Name', sortField: 'name', render: (plan) => plan.name },
    { key: 'monthly', label: 'Monthly', align: 'right', render: (plan) => formatCents(plan.monthlyPriceCents) },
    { key: 'yearly', label: 'Yearly', align: 'right', render: (plan) => formatCents(plan.yearlyPriceCents) },
    {
      key: 'trial',
      label: 'Trial',
      sortField: 'trialDays',
      render: (plan) => (plan.trialDays > 0 ? `${plan.trialDays} days` : 'None'),
    },
    {
      key: 'limits',
      label: 'Limits',
      render: (plan) =>
        `${formatNumber(plan.limits.activeTriggers)} automations · ${formatNumber(plan.limits.runsPerMonth)} runs · ${formatNumber(plan.limits.messagesPerMonth)} messages · ${formatNumber(plan.limits.webAddressDeliveriesPerDay)} web deliveries a day`,
    },
    { key: 'subscribers', label: 'Subscribers', align: 'right', render: (plan) => formatNumber(plan.subscribers) },
    {
      key: 'status',
      label: 'Status',
      render: (plan) => (
        <Chip
          size="small"
          label={plan.archived ? 'Archived' : 'On sale'}
          color={plan.archived ? 'default' : 'success'}
        />
      ),
    },
    {
      key: 'actions',
      label: 'Actions',
      align: 'right',
      render: (plan) =>
        plan.archived ? null : (
          <Button
            size="small"
            color="error"
            onClick={(event) => {
              event.stopPropagation();
              void retire(plan);
            }}
          >
            Archive
          </Button>
        ),
    },
  ];

  return (
    <>
      <title>Products · Settings · Automate</title>
      <PageHeader
        title="Products"
        subtitle="Subscription plans sold through Stripe: prices in NZD with GST, trials and limits."
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ plan: null })}>
            New plan
          </Button>
        }
      />
      <SearchPanel
        filters={FILTERS}
        {...searchResults(plans)}
        loadFailed="The plans could not be loaded."
        label="Plans"
        columns={columns}
        state={state}
        onChange={change}
        getRowKey={(plan) => plan.id}
        onRowClick={(plan) => setEditing({ plan })}
        emptyText={state.Filters.length > 0 ? 'No plans match the search.' : 'No plans yet. Create the first one.'}
      />
      {editing ? (
        <PlanEditorDialog key={editing.plan?.id ?? 'new'} plan={editing.plan} open onClose={() => setEditing(null)} />
      ) : null}
    </>
  );
}
