import type { VendorMembership } from '@automate/contract';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import { LoadError } from '@/components/ui/load-error.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { SERVICEM8_SIGN_IN_URL } from '@/lib/links.ts';
import { useTriggerSearch } from '../api/search-triggers.ts';
import { AUTOMATION_SEARCH_LINK } from '../list/automation-paths.ts';
import { useOnboardingTemplates } from './api/search-templates.ts';
import { TemplateCard } from './template-card.tsx';
import { onboardingViewPath, TEMPLATES_PATH } from './template-paths.ts';
import { useTurnOn } from './use-turn-on.tsx';

const LOAD_FAILED = 'The recommended automations could not be loaded.';

/** The names of the vendor's enabled automations: a recommendation whose copy is on shows as on. */
export function useEnabledNames(vendorId: string): ReadonlySet<string> {
  const enabled = useTriggerSearch(vendorId, {
    PageSize: 500,
    Filters: [{ action: 'Eq', field: 'enabled', value: true }],
  });
  return new Set((enabled.data?.rows ?? []).map((row) => row.name.toLowerCase()));
}

/**
 * /app/automation/onboarding: the automations recommended to a new vendor, in order, each to look at
 * (with a test on one of the vendor's jobs) or to turn on in one click.
 */
export function Onboarding({ vendor }: { vendor: VendorMembership }) {
  const templates = useOnboardingTemplates();
  const enabledNames = useEnabledNames(vendor.vendorId);
  const turnOn = useTurnOn({ vendorId: vendor.vendorId });

  return (
    <>
      <title>Your first automations · Automate</title>
      <PageHeader
        title="Your first automations"
        subtitle={`Recommended for ${vendor.name}. Turn on the ones you want: each uses your own badges, queues and email templates, and you can change or switch it off any time.`}
        actions={
          <>
            <Button href={TEMPLATES_PATH}>All templates</Button>
            <Button href={AUTOMATION_SEARCH_LINK}>Your automations</Button>
          </>
        }
      />
      {vendor.sm8Connected ? null : (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            vendor.role === 'Admin' ? (
              <Button color="inherit" size="small" href={SERVICEM8_SIGN_IN_URL}>
                Connect ServiceM8
              </Button>
            ) : undefined
          }
        >
          Connect ServiceM8 first: automations run on your ServiceM8 jobs.
        </Alert>
      )}
      {templates.isError ? (
        <LoadError error={templates.error} fallback={LOAD_FAILED} onRetry={() => templates.refetch()} />
      ) : templates.isPending ? (
        <Grid container spacing={2} role="status" aria-label="Loading the recommended automations">
          {[1, 2, 3].map((key) => (
            <Grid key={key} size={{ xs: 12, md: 6 }}>
              <Skeleton variant="rounded" height={180} />
            </Grid>
          ))}
        </Grid>
      ) : templates.data.rows.length === 0 ? (
        <Alert severity="info">There are no recommendations right now: browse all templates instead.</Alert>
      ) : (
        <Grid container spacing={2}>
          {templates.data.rows.map((template) => {
            const on = enabledNames.has(template.definition.name.toLowerCase());
            return (
              <Grid key={template.id} size={{ xs: 12, md: 6 }}>
                <TemplateCard
                  template={template}
                  headingLevel={2}
                  actions={
                    <>
                      {on ? (
                        <Chip icon={<CheckCircleIcon />} color="success" variant="outlined" label="On" />
                      ) : (
                        <Button
                          variant="contained"
                          size="small"
                          disabled={turnOn.busy || !vendor.sm8Connected}
                          onClick={() => void turnOn.start(template)}
                          aria-label={`Turn on “${template.title}”`}
                        >
                          {turnOn.copying === template.id ? 'Turning on…' : 'Turn on'}
                        </Button>
                      )}
                      <Button size="small" href={onboardingViewPath(template.id)}>
                        See how it works
                      </Button>
                    </>
                  }
                />
              </Grid>
            );
          })}
        </Grid>
      )}
      {turnOn.dialog}
    </>
  );
}
