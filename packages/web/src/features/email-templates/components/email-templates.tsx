import type { EmailTemplate } from '@automate/contract';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useConfirm } from '@/components/ui/confirm-dialog.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { type SearchFilterSpec, SearchPanel } from '@/components/ui/search-panel.tsx';
import { linkColumn, type SearchTableColumn } from '@/components/ui/search-table.tsx';
import { getErrorMessage } from '@/lib/api-client.ts';
import { useEmailTemplates } from '@/lib/email-templates/fetch-email-templates.ts';
import { useNotifications } from '@/lib/notifications.ts';
import { filterValue, type SearchDefaults, type SearchState } from '@/lib/search-params.ts';
import { useErrorToast } from '@/lib/use-error-toast.ts';
import { useSearchState } from '@/lib/use-search-state.ts';
import { useVendorClock } from '@/lib/vendor-time.ts';
import { useDeleteEmailTemplate } from '../api/delete-email-template.ts';
import { emailTemplatePath, NEW_TEMPLATE_PATH } from '../paths.ts';
import { NoVendorNotice, ReadOnlyNotice, type TemplateAccess, useTemplateAccess } from './vendor-access.tsx';

/** The fetch answers every template, so filtering, sorting and paging happen here (kept in the URL all the same). */
const EMAIL_TEMPLATE_LIST_DEFAULTS: SearchDefaults = {
  PageSize: 25,
  SortBy: 'name',
  SortDir: 'Ascending',
  sortable: ['name', 'subject', 'updatedAt'],
};

/** The filter box's field in the URL: matches the name or the subject. */
const SEARCH_FIELD = 'search';
const FILTERS: readonly SearchFilterSpec[] = [
  { kind: 'text', label: 'Search name or subject', field: SEARCH_FIELD, action: 'Like' },
];
const TEMPLATES_LOAD_FAILED = 'The email templates could not be loaded.';
const DELETE_FAILED = 'The email template could not be deleted.';
export const EMPTY_TEXT = 'No email templates yet. Create one to reuse the same email in several automations.';

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** The templates whose name or subject contains `text` (ignoring case), sorted as the table says. */
function visibleTemplates(
  templates: readonly EmailTemplate[],
  text: string,
  sort: Pick<SearchState, 'SortBy' | 'SortDir'>,
): EmailTemplate[] {
  const needle = text.trim().toLocaleLowerCase();
  const matching = needle
    ? templates.filter(
        (template) =>
          template.name.toLocaleLowerCase().includes(needle) || template.subject.toLocaleLowerCase().includes(needle),
      )
    : [...templates];
  const direction = sort.SortDir === 'Descending' ? -1 : 1;
  const compare = (a: EmailTemplate, b: EmailTemplate): number => {
    if (sort.SortBy === 'updatedAt') return Date.parse(a.updatedAt) - Date.parse(b.updatedAt);
    if (sort.SortBy === 'subject') return collator.compare(a.subject, b.subject);
    return collator.compare(a.name, b.name);
  };
  return matching.sort((a, b) => direction * compare(a, b) || collator.compare(a.name, b.name));
}

/** /app/account/emails/search: the current vendor's email templates. */
export function EmailTemplates() {
  const access = useTemplateAccess();
  return (
    <>
      <title>Email templates · Account · Automate</title>
      {access ? <TemplateList key={access.vendor.vendorId} access={access} /> : <Heading canEdit={false} />}
      {access ? null : <NoVendorNotice />}
    </>
  );
}

function Heading({ canEdit }: { canEdit: boolean }) {
  return (
    <PageHeader
      title="Email templates"
      subtitle="Emails your automations send, written once with merge fields and chosen in any send-email action."
      actions={
        canEdit ? (
          <Button href={NEW_TEMPLATE_PATH} variant="contained" startIcon={<AddIcon />}>
            New template
          </Button>
        ) : null
      }
    />
  );
}

function TemplateList({ access: { vendor, canEdit } }: { access: TemplateAccess }) {
  const navigate = useNavigate();
  const confirm = useConfirm();
  const { toast } = useNotifications();
  const [state, change] = useSearchState(EMAIL_TEMPLATE_LIST_DEFAULTS);
  const templates = useEmailTemplates(vendor.vendorId);
  const clock = useVendorClock(vendor.vendorId);
  useErrorToast(templates.error, TEMPLATES_LOAD_FAILED);
  const remove = useDeleteEmailTemplate();
  const [deletingId, setDeletingId] = useState<string | null>(null);

  const filter = filterValue(state.Filters, SEARCH_FIELD);
  const text = typeof filter === 'string' ? filter : '';
  const { SortBy, SortDir } = state;
  const visible = useMemo(
    () => visibleTemplates(templates.data ?? [], text, { SortBy, SortDir }),
    [templates.data, text, SortBy, SortDir],
  );
  const first = (state.PageNumber - 1) * state.PageSize;
  const page = visible.slice(first, first + state.PageSize);

  const destroy = async (template: EmailTemplate) => {
    const confirmed = await confirm({
      title: 'Delete this email template?',
      message: `“${template.name}” will be deleted for ${vendor.name}. This cannot be undone.`,
      confirmText: 'Delete',
      destructive: true,
    });
    if (!confirmed) return;
    setDeletingId(template.id);
    try {
      await remove.mutateAsync({ vendorId: vendor.vendorId, id: template.id });
      toast(`“${template.name}” was deleted.`, 'success');
    } catch (error) {
      // A trigger still sending it is a 409 whose sentence names the trigger.
      toast(getErrorMessage(error, DELETE_FAILED), 'error');
    } finally {
      setDeletingId(null);
    }
  };

  const columns: Array<SearchTableColumn<EmailTemplate>> = [
    linkColumn(
      'name',
      'Name',
      (template) => emailTemplatePath(template.id),
      (template) => template.name,
    ),
    {
      key: 'subject',
      label: 'Subject',
      sortField: 'subject',
      render: (template) => (
        <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
          {template.subject}
        </Typography>
      ),
    },
    {
      key: 'updatedAt',
      label: 'Updated',
      sortField: 'updatedAt',
      width: 200,
      render: (template) => clock(template.updatedAt),
    },
  ];
  if (canEdit) {
    columns.push({
      key: 'actions',
      label: 'Actions',
      align: 'right',
      width: 96,
      render: (template) => (
        <IconButton
          aria-label={`Delete ${template.name}`}
          title="Delete"
          size="small"
          color="error"
          disabled={deletingId !== null}
          onClick={() => void destroy(template)}
        >
          {deletingId === template.id ? <CircularProgress size={18} color="inherit" /> : <DeleteIcon />}
        </IconButton>
      ),
    });
  }

  const total = templates.data?.length ?? 0;
  const emptyText =
    total > 0 ? (
      `No templates match “${text}”.`
    ) : canEdit ? (
      <Stack spacing={1.5} sx={{ alignItems: 'center' }} component="span">
        <span>{EMPTY_TEXT}</span>
        <Button href={NEW_TEMPLATE_PATH} variant="outlined" startIcon={<AddIcon />}>
          New template
        </Button>
      </Stack>
    ) : (
      `No email templates yet. An Admin of ${vendor.name} can create one to reuse the same email in several automations.`
    );

  return (
    <>
      <Heading canEdit={canEdit} />
      {canEdit ? null : (
        <ReadOnlyNotice vendorName={vendor.name}>You can open the templates to read them.</ReadOnlyNotice>
      )}
      <SearchPanel
        filters={FILTERS}
        load={templates}
        loadFailed={TEMPLATES_LOAD_FAILED}
        label="Email templates"
        columns={columns}
        rows={templates.isError ? undefined : page}
        total={visible.length}
        state={state}
        onChange={change}
        loading={templates.isPending}
        fetching={templates.isFetching}
        getRowKey={(template) => template.id}
        onRowClick={(template) => navigate(emailTemplatePath(template.id))}
        emptyText={emptyText}
      />
    </>
  );
}
