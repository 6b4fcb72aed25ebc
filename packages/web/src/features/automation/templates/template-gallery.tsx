import { type SearchQueryInput, TEMPLATE_CATEGORIES, type TriggerTemplate } from '@automate/contract';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LoadError } from '@/components/ui/load-error.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { useNotifications } from '@/lib/notifications.ts';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';
import { automationViewPath } from '../list/automation-paths.ts';
import { useTemplateSearch } from './api/search-templates.ts';
import { TemplateCard } from './template-card.tsx';
import { ONBOARDING_PATH } from './template-paths.ts';
import { useTemplateCopier } from './use-template-copier.tsx';

const LOAD_FAILED = 'The templates could not be loaded.';

function searchFor(text: string): SearchQueryInput {
  return {
    PageSize: 200,
    SortBy: 'title',
    SortDir: 'Ascending',
    Filters: text ? [{ action: 'ILike', field: 'text', value: text }] : [],
  };
}

/**
 * /app/automation/templates: the library by category, searchable. "Use this" copies a template onto the
 * vendor's own badges, queues and forms (asking only about names it cannot match) and opens the copy.
 */
export function TemplateGallery({ vendorId }: { vendorId: string }) {
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), 300);
  const templates = useTemplateSearch(searchFor(search));
  const navigate = useNavigate();
  const { toast } = useNotifications();
  const copier = useTemplateCopier({
    vendorId,
    confirmText: 'Copy the automation',
    onCopied: (trigger) => {
      toast(`“${trigger.definition.name}” was added, switched off: check it, then enable it.`, 'success');
      navigate(automationViewPath(trigger.id));
    },
  });

  const rows = templates.data?.rows ?? [];
  const byCategory = TEMPLATE_CATEGORIES.map((category) => ({
    category,
    templates: rows.filter((template) => template.category === category),
  })).filter((section) => section.templates.length > 0);

  const copyButton = (template: TriggerTemplate) => (
    <Button
      variant="contained"
      size="small"
      onClick={() => void copier.start(template)}
      disabled={copier.copying !== null}
      aria-label={`Use this: “${template.title}”`}
    >
      {copier.copying === template.id ? 'Copying…' : 'Use this'}
    </Button>
  );

  return (
    <>
      <title>Templates · Automations · Automate</title>
      <PageHeader
        title="Templates"
        subtitle="Ready-made automations. Use one and it is copied onto your own badges, queues and forms, switched off until you enable it."
        actions={<Button href={ONBOARDING_PATH}>Recommended for you</Button>}
      />
      <TextField
        type="search"
        size="small"
        label="Search templates"
        value={text}
        onChange={(event) => setText(event.target.value)}
        autoComplete="off"
        sx={{ mb: 3, minWidth: { sm: 360 } }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      {templates.isError ? (
        <LoadError error={templates.error} fallback={LOAD_FAILED} onRetry={() => templates.refetch()} />
      ) : templates.isPending ? (
        <Grid container spacing={2} role="status" aria-label="Loading the templates">
          {[1, 2, 3].map((key) => (
            <Grid key={key} size={{ xs: 12, sm: 6, lg: 4 }}>
              <Skeleton variant="rounded" height={180} />
            </Grid>
          ))}
        </Grid>
      ) : byCategory.length === 0 ? (
        <Alert severity="info">
          {search ? `No template matches “${search}”. Try other words.` : 'There are no templates yet.'}
        </Alert>
      ) : (
        <Stack spacing={4}>
          {byCategory.map((section) => (
            <section key={section.category} aria-label={section.category}>
              <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
                {section.category}
              </Typography>
              <Grid container spacing={2}>
                {section.templates.map((template) => (
                  <Grid key={template.id} size={{ xs: 12, sm: 6, lg: 4 }}>
                    <TemplateCard template={template} actions={copyButton(template)} />
                  </Grid>
                ))}
              </Grid>
            </section>
          ))}
        </Stack>
      )}
      {copier.dialog}
    </>
  );
}
