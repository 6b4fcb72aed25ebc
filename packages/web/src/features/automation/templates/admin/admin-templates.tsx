import { TEMPLATE_CATEGORIES, type TriggerTemplate } from '@automate/contract';
import Chip from '@mui/material/Chip';
import { RecordSearchList } from '@/components/ui/record-search-list.tsx';
import type { SearchFilterSpec } from '@/components/ui/search-panel.tsx';
import { linkColumn, type SearchTableColumn } from '@/components/ui/search-table.tsx';
import type { SearchDefaults } from '@/lib/search-params.ts';
import { readerClock } from '@/lib/vendor-time.ts';
import { useTemplateSearch } from '../api/search-templates.ts';

const TEMPLATE_SEARCH_DEFAULTS: SearchDefaults = {
  PageSize: 25,
  SortBy: 'title',
  SortDir: 'Ascending',
  sortable: ['title', 'category', 'published', 'onboardingOrder', 'updatedAt'],
};

/** Where a template's editor lives under `basePath` (the automation and the settings areas both have one). */
export const adminTemplatePath = (basePath: string, id: string) => `${basePath}/view/${encodeURIComponent(id)}`;

function columnsFor(basePath: string): ReadonlyArray<SearchTableColumn<TriggerTemplate>> {
  return [
    linkColumn(
      'title',
      'Title',
      (template) => adminTemplatePath(basePath, template.id),
      (template) => template.title,
    ),
    { key: 'category', label: 'Category', sortField: 'category', render: (template) => template.category },
    {
      key: 'published',
      label: 'Status',
      sortField: 'published',
      render: (template) =>
        template.published ? (
          <Chip label="Published" size="small" color="success" variant="outlined" />
        ) : (
          <Chip label="Draft" size="small" color="warning" variant="outlined" />
        ),
    },
    {
      key: 'onboardingOrder',
      label: 'Onboarding',
      sortField: 'onboardingOrder',
      render: (template) => (template.onboardingOrder === null ? '—' : `#${template.onboardingOrder}`),
    },
    {
      key: 'updatedAt',
      label: 'Updated',
      sortField: 'updatedAt',
      render: (template) => readerClock(template.updatedAt),
    },
  ];
}

const FILTERS: readonly SearchFilterSpec[] = [
  { kind: 'text', label: 'Search titles and descriptions', field: 'text' },
  {
    kind: 'select',
    label: 'Category',
    field: 'category',
    anyLabel: 'All categories',
    options: TEMPLATE_CATEGORIES.map((value) => ({ value, label: value })),
    minWidth: 200,
  },
  {
    kind: 'select',
    label: 'Status',
    field: 'published',
    anyLabel: 'All',
    options: [
      { value: true, label: 'Published' },
      { value: false, label: 'Drafts' },
    ],
  },
];

/**
 * /admin/automation/templates/search and /admin/settings/trigger/templates/search: every template (drafts
 * too), to filter, sort and open in the editor.
 */
export function AdminTemplates({ basePath }: { basePath: string }) {
  return (
    <RecordSearchList
      documentTitle="Automation templates · Super admin · Automate"
      title="Automation templates"
      subtitle="The ready-made automations vendors copy onto their own ServiceM8 records; the ones with an onboarding order are recommended to new vendors."
      newPath={adminTemplatePath(basePath, 'new')}
      newLabel="New template"
      label="Templates"
      defaults={TEMPLATE_SEARCH_DEFAULTS}
      useSearch={useTemplateSearch}
      loadFailed="The templates could not be loaded."
      filters={FILTERS}
      columns={columnsFor(basePath)}
      pathOf={(id) => adminTemplatePath(basePath, id)}
      emptyText={{ filtered: 'No templates match these filters.', none: 'No templates yet. Write the first one.' }}
    />
  );
}
