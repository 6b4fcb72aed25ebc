import {
  describeDefinition,
  namedRecordsOf,
  resolveNamedRecords,
  type TriggerDefinition,
  type TriggerTemplate,
  type VendorMembership,
  type VendorRecord,
  withVendorRecords,
} from '@automate/contract';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { LoadError } from '@/components/ui/load-error.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { type ReferenceData, useReferenceData } from '../editor/api/get-reference-data.ts';
import { DryRunPanel } from '../editor/dry-run-panel.tsx';
import { useTemplate } from './api/get-template.ts';
import { referenceLabel } from './mapping-dialog.tsx';
import { useEnabledNames } from './onboarding.tsx';
import { RecentJobPreview } from './recent-job-preview.tsx';
import { ONBOARDING_PATH } from './template-paths.ts';
import { useTurnOn } from './use-turn-on.tsx';

function vendorRecordsOf(reference: ReferenceData): VendorRecord[] {
  return Object.values(reference)
    .flat()
    .map((item) => ({
      kind: item.kind,
      uuid: item.uuid,
      name: item.name,
      active: item.active,
      formUuid: typeof item.details.formUuid === 'string' ? item.details.formUuid : undefined,
    }));
}

/** The template on the vendor's records, as a copy would resolve it; the definition when all match. */
function useResolved(template: TriggerTemplate | undefined, reference: ReferenceData | undefined) {
  return useMemo(() => {
    if (!template || !reference) return null;
    const records = namedRecordsOf(template.definition);
    const { uuids, unresolved } = resolveNamedRecords(records, vendorRecordsOf(reference), {});
    const definition: TriggerDefinition | null =
      unresolved.length === 0 ? { ...withVendorRecords(template.definition, records, uuids), enabled: false } : null;
    return { records, unresolved, definition };
  }, [template, reference]);
}

/**
 * /app/automation/onboarding/view/{id}: one recommended automation: what it does, which of the vendor's
 * records it will use, a test on one of the vendor's recent jobs (nothing is sent), and "Turn on".
 */
export function OnboardingView({ vendor, templateId }: { vendor: VendorMembership; templateId: string }) {
  const template = useTemplate(templateId);
  const reference = useReferenceData(vendor.vendorId);
  const resolved = useResolved(template.data, reference.data);
  const enabledNames = useEnabledNames(vendor.vendorId);
  const navigate = useNavigate();
  const turnOn = useTurnOn({ vendorId: vendor.vendorId, onDone: () => navigate(ONBOARDING_PATH) });

  if (template.isError) {
    const missing = isApiError(template.error) && template.error.status === 404;
    return (
      <LoadError
        error={template.error}
        fallback="The automation could not be loaded."
        onRetry={() => template.refetch()}
        {...(missing ? { missingText: 'There is no such recommended automation: the link may be out of date.' } : {})}
      />
    );
  }
  if (template.isPending)
    return <Skeleton variant="rounded" height={320} role="status" aria-label="Loading the automation" />;

  const data = template.data;
  const on = enabledNames.has(data.definition.name.toLowerCase());
  return (
    <>
      <title>{`${data.title} · Automate`}</title>
      <Button href={ONBOARDING_PATH} sx={{ mb: 1 }}>
        Back to the recommendations
      </Button>
      <PageHeader
        title={data.title}
        subtitle={data.description}
        chips={<Chip size="small" variant="outlined" label={data.category} />}
        actions={
          on ? (
            <Chip icon={<CheckCircleIcon />} color="success" variant="outlined" label="On" />
          ) : (
            <Button
              variant="contained"
              disabled={turnOn.busy || !vendor.sm8Connected}
              onClick={() => void turnOn.start(data)}
            >
              {turnOn.busy ? 'Turning on…' : 'Turn on'}
            </Button>
          )
        }
      />
      <Stack spacing={2}>
        <Paper variant="outlined" component="section" aria-label="What it does" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            What it does
          </Typography>
          <Typography>{describeDefinition(data.definition)}</Typography>
          {resolved && resolved.records.length > 0 ? (
            <List dense aria-label="Your records it uses">
              {resolved.records.map((record) => {
                const missing = resolved.unresolved.find((item) => item.key === record.key);
                return (
                  <ListItem key={record.key} disableGutters>
                    <ListItemIcon sx={{ minWidth: 32 }}>
                      {missing ? <WarningAmberIcon color="warning" /> : <CheckCircleIcon color="success" />}
                    </ListItemIcon>
                    <ListItemText
                      primary={missing ? referenceLabel(missing) : `${record.name}`}
                      secondary={
                        missing
                          ? 'Not in your ServiceM8 account under this name: you pick what to use when you turn it on.'
                          : 'Found in your ServiceM8 account.'
                      }
                    />
                  </ListItem>
                );
              })}
            </List>
          ) : null}
        </Paper>
        <Paper variant="outlined" component="section" aria-label="Try it" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            Try it on your jobs
          </Typography>
          {!vendor.sm8Connected ? (
            <Alert severity="info">Connect ServiceM8 to try it on your jobs.</Alert>
          ) : resolved?.definition ? (
            <Stack spacing={3}>
              {data.definition.targetKind === 'Job' ? (
                <RecentJobPreview vendorId={vendor.vendorId} definition={resolved.definition} />
              ) : null}
              <DryRunPanel
                vendorId={vendor.vendorId}
                triggerId={null}
                targetKind={data.definition.targetKind}
                getDefinition={() => resolved.definition}
              />
            </Stack>
          ) : reference.isPending ? (
            <Skeleton variant="rounded" height={80} />
          ) : (
            <Alert severity="info">
              Some of what it uses is not in your ServiceM8 account under the same name: turn it on (you pick what to
              use instead), then test it in its editor.
            </Alert>
          )}
        </Paper>
      </Stack>
      {turnOn.dialog}
    </>
  );
}
