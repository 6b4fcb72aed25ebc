import Typography from '@mui/material/Typography';
import { useParams, useSearchParams } from 'react-router';
import { PlaceholderPage } from '@/components/ui/placeholder-page.tsx';
import { formatNumber } from '@/lib/format.ts';

export function AutomationSearchRoute() {
  const [params] = useSearchParams();
  const page = Number(params.get('PageNumber') ?? '1');
  const size = Number(params.get('PageSize') ?? '50');
  return (
    <PlaceholderPage
      title="Automations"
      description="Your triggers will be listed here: search, sort and filter them, switch them on or off, and open one to edit it."
    >
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="automation-search-query">
        Page {formatNumber(Number.isFinite(page) ? page : 1)}, {formatNumber(Number.isFinite(size) ? size : 50)} per
        page, sorted by {params.get('SortBy') ?? 'name'} ({params.get('SortDir') ?? 'Ascending'}).
      </Typography>
    </PlaceholderPage>
  );
}

export function AutomationTemplatesRoute() {
  return (
    <PlaceholderPage
      title="Templates"
      description="Ready-made automations (quote follow-ups, review requests, invoice reminders) to copy into your account and adjust."
    />
  );
}

export function AutomationOnboardingRoute() {
  return (
    <PlaceholderPage
      title="Onboarding"
      description="The recommended first automations for a new account, to switch on in a few clicks."
    />
  );
}

export function AutomationOnboardingViewRoute() {
  const { id = '' } = useParams();
  return (
    <PlaceholderPage
      title="Onboarding template"
      description={`The onboarding template ${id}: what it does, the events and conditions it uses, and a button to add it.`}
    />
  );
}

export function AutomationLogsRoute() {
  return (
    <PlaceholderPage
      title="Logs"
      description="Every run of every automation, newest first, with its status and a step-by-step log."
    />
  );
}

export function AutomationScheduleRoute() {
  return (
    <PlaceholderPage
      title="Schedule"
      description="Runs waiting for their delay to end, when they are due, and a way to cancel them."
    />
  );
}

export function AutomationViewRoute() {
  const { id = '' } = useParams();
  return (
    <PlaceholderPage
      title="Automation"
      description={`The editor for automation ${id}: its event, conditions, delay and actions, and a dry run against a real job.`}
    />
  );
}

export function AutomationViewLogsRoute() {
  const { id = '' } = useParams();
  return (
    <PlaceholderPage
      title="Automation logs"
      description={`The runs of automation ${id}, each with its status and step-by-step log.`}
    />
  );
}
