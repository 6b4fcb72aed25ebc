import type { DryRunConditionResult, RunStep, TriggerRun, TriggerRunDetail } from '@automate/contract';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId, useState } from 'react';
import { useConfirm } from '@/components/ui/confirm-dialog.tsx';
import { VendorTime } from '@/components/ui/vendor-time.tsx';
import { getErrorMessage } from '@/lib/api-client.ts';
import { useNotifications } from '@/lib/notifications.ts';
import { useVendorTimeZone } from '@/lib/vendor-time.ts';
import { useRun } from '../api/get-run.ts';
import { useRetryRun } from '../api/retry-runs.ts';
import { ConditionEvaluation } from '../condition-evaluation.tsx';
import { automationViewPath } from '../list/automation-paths.ts';
import { eventLabel } from '../list/event-labels.ts';
import { formatInputValue } from './run-format.ts';
import { retrySentence, STEP_STATUS_COLOURS, stepTitle } from './run-labels.ts';
import { RunStatusChip } from './run-status-chip.tsx';
import { RunWarnings } from './run-warnings.tsx';
import { useCancelRunAction } from './use-cancel-run-action.ts';

const RUN_LOAD_FAILED = 'The run could not be loaded.';
const RETRY_FAILED = 'The run could not be retried.';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </>
  );
}

const factGrid = { display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 } as const;

/** What a step was asked to do, as a small list of names and values. */
function StepInput({ input }: { input: RunStep['input'] }) {
  const entries = Object.entries(input);
  if (entries.length === 0) return null;
  return (
    <Box component="dl" sx={{ ...factGrid, mt: 1, p: 1, bgcolor: 'action.hover', borderRadius: 1 }}>
      {entries.map(([key, value]) => {
        const text = formatInputValue(value);
        return (
          <Fact key={key} label={key}>
            {text.includes('\n') ? (
              <Box
                component="pre"
                sx={{ m: 0, fontSize: 12, whiteSpace: 'pre-wrap', maxHeight: 200, overflow: 'auto' }}
              >
                {text}
              </Box>
            ) : (
              <Box component="span" sx={{ whiteSpace: 'pre-wrap' }}>
                {text}
              </Box>
            )}
          </Fact>
        );
      })}
    </Box>
  );
}

/** A toggle ("Details", "Technical details") and what it shows once opened. */
function Disclosure({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <Button
        size="small"
        sx={{ mt: 0.5, px: 0, display: 'block' }}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        {open ? `Hide ${label.charAt(0).toLowerCase()}${label.slice(1)}` : label}
      </Button>
      <Box id={id} hidden={!open}>
        {open ? children : null}
      </Box>
    </>
  );
}

/** Record uuids and counts: what support asks for, not what a person reads to know what happened. */
const TECHNICAL_KEY = /uuids?$|^sm8|calls$/i;

const isEvaluation = (value: unknown): value is DryRunConditionResult =>
  typeof value === 'object' &&
  value !== null &&
  'kind' in value &&
  (value.kind === 'group' || value.kind === 'condition') &&
  'reason' in value &&
  typeof value.reason === 'string';

/**
 * What the step sent or read, behind "Details" (the sentence above says what happened): a check of the
 * conditions as the sentences of each condition with the values found; record uuids and counts further
 * behind "Technical details".
 */
function StepDetails({ input }: { input: RunStep['input'] }) {
  const { evaluation, ...rest } = input;
  const entries = Object.entries(isEvaluation(evaluation) ? rest : input);
  const plain = Object.fromEntries(entries.filter(([key]) => !TECHNICAL_KEY.test(key)));
  const technical = Object.fromEntries(entries.filter(([key]) => TECHNICAL_KEY.test(key)));
  if (!isEvaluation(evaluation) && entries.length === 0) return null;
  return (
    <Disclosure label="Details">
      {isEvaluation(evaluation) ? (
        <Box sx={{ mt: 1 }}>
          <ConditionEvaluation evaluation={evaluation} />
        </Box>
      ) : null}
      <StepInput input={plain} />
      {Object.keys(technical).length > 0 ? (
        <Disclosure label="Technical details">
          <StepInput input={technical} />
        </Disclosure>
      ) : null}
    </Disclosure>
  );
}

function StepItem({ step, timeZone }: { step: RunStep; timeZone: string | undefined }) {
  return (
    <Box component="li" sx={{ py: 1.5 }} data-testid="run-step">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle2" component="h3">
          {stepTitle(step)}
        </Typography>
        <Chip size="small" label={step.status} color={STEP_STATUS_COLOURS[step.status]} variant="outlined" />
      </Stack>
      <Typography variant="caption" color="text.secondary" component="p">
        <VendorTime value={step.startedAt} timeZone={timeZone} />
      </Typography>
      {step.outcome ? (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {step.outcome}
        </Typography>
      ) : null}
      <StepDetails input={step.input} />
    </Box>
  );
}

function RunDetails({
  vendorId,
  run,
  automationHref,
}: {
  vendorId: string;
  run: TriggerRunDetail;
  automationHref: AutomationHref;
}) {
  const { cancelRun, isCancelling } = useCancelRunAction(vendorId);
  const timeZone = useVendorTimeZone(vendorId);
  const retry = useRetryRun();
  const { toast } = useNotifications();
  const href = automationHref(run);
  const confirm = useConfirm();
  const retryRun = async () => {
    const job = run.jobNumber ? ` for job ${run.jobNumber}` : '';
    const confirmed = await confirm({
      title: 'Retry this run?',
      message: `“${run.triggerName}”${job} runs again now: the steps that failed are tried anew, and the steps already done are not repeated. This panel follows it as it goes.`,
      confirmText: 'Retry run',
      cancelText: 'Not now',
    });
    if (!confirmed) return;
    retry.mutate(
      { vendorId, runId: run.id },
      {
        onSuccess: ({ message }) => toast(message ?? 'The run was retried.', 'success'),
        onError: (error) => toast(getErrorMessage(error, RETRY_FAILED), 'error'),
      },
    );
  };
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }} useFlexGap>
        <RunStatusChip status={run.status} />
        {run.status === 'Scheduled' ? (
          <Button
            size="small"
            color="error"
            variant="outlined"
            onClick={() => void cancelRun(run)}
            disabled={isCancelling(run.id)}
          >
            Cancel run
          </Button>
        ) : null}
        {run.status === 'Failed' ? (
          <Button size="small" variant="outlined" onClick={() => void retryRun()} loading={retry.isPending}>
            Retry run
          </Button>
        ) : null}
      </Stack>
      <RunWarnings run={run} />
      {run.retry ? (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="run-retrying">
          {retrySentence(run, timeZone)}
        </Alert>
      ) : null}
      {run.reason ? (
        <Alert
          severity={
            run.status === 'Failed'
              ? 'error'
              : run.steps.some((step) => step.status === 'Uncertain')
                ? 'warning'
                : 'info'
          }
          sx={{ mb: 2 }}
        >
          {run.reason}
        </Alert>
      ) : null}
      <Box component="dl" sx={factGrid}>
        <Fact label="Automation">
          {href ? <Link href={href}>{run.triggerName}</Link> : run.triggerName} (version {run.triggerVersion})
        </Fact>
        <Fact label="Event">{eventLabel(run.event)}</Fact>
        <Fact label="Job">{run.jobNumber ?? '—'}</Fact>
        <Fact label="Created">
          <VendorTime value={run.createdAt} timeZone={timeZone} />
        </Fact>
        <Fact label="Due">
          <VendorTime value={run.dueAt} timeZone={timeZone} />
        </Fact>
        <Fact label="Started">
          <VendorTime value={run.startedAt} timeZone={timeZone} />
        </Fact>
        <Fact label="Finished">
          <VendorTime value={run.finishedAt} timeZone={timeZone} />
        </Fact>
        {run.cascadeDepth > 0 ? (
          <Fact label="Caused by">another automation’s change (depth {run.cascadeDepth})</Fact>
        ) : null}
      </Box>
      <Disclosure label="Technical details">
        <Box component="dl" sx={{ ...factGrid, mt: 1 }}>
          {run.jobUuid ? (
            <Fact label="Job uuid">
              <Box component="code" sx={{ fontSize: 12 }}>
                {run.jobUuid}
              </Box>
            </Fact>
          ) : null}
          {run.clientUuid ? (
            <Fact label="Client uuid">
              <Box component="code" sx={{ fontSize: 12 }}>
                {run.clientUuid}
              </Box>
            </Fact>
          ) : null}
          <Fact label="ServiceM8 calls">{run.sm8Calls}</Fact>
          <Fact label="Run id">
            <Box component="code" sx={{ fontSize: 12 }}>
              {run.id}
            </Box>
          </Fact>
        </Box>
      </Disclosure>
      <Divider sx={{ my: 2 }} />
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        Step log
      </Typography>
      {run.steps.length === 0 ? (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {run.status === 'Scheduled'
            ? 'Nothing has happened yet: the steps appear here once the run is due and starts.'
            : 'This run has no steps recorded.'}
        </Typography>
      ) : (
        <Box component="ol" aria-label="Step log" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {[...run.steps]
            .sort((a, b) => a.position - b.position)
            .map((step) => (
              <StepItem key={step.id} step={step} timeZone={timeZone} />
            ))}
        </Box>
      )}
    </>
  );
}

/** Where the run's automation opens; null shows its name alone. */
type AutomationHref = (run: TriggerRun) => string | null;

const inVendorApp: AutomationHref = (run) => automationViewPath(run.triggerId);

/** A side panel with a run's details and step log, and a way to cancel it while it is Scheduled. */
export function RunDrawer({
  vendorId,
  runId,
  onClose,
  automationHref = inVendorApp,
}: {
  vendorId: string;
  /** The run to show; null closes the panel. */
  runId: string | null;
  onClose: () => void;
  /** Where the automation's name links to: by default its editor in the vendor's app. */
  automationHref?: AutomationHref;
}) {
  const titleId = useId();
  const run = useRun(vendorId, runId ?? '', { enabled: runId !== null });
  return (
    <Drawer
      anchor="right"
      open={runId !== null}
      onClose={onClose}
      // Above the app bar (drawer + 1), or the bar would cover the title and take the Close click.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{
        paper: { sx: { width: { xs: '100%', sm: 520 }, p: 3 }, 'aria-labelledby': titleId, role: 'dialog' },
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography id={titleId} variant="h6" component="h2">
          {run.data ? run.data.triggerName : 'Run'}
        </Typography>
        <IconButton aria-label="Close" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Stack>
      {run.isError ? (
        <Alert severity="error">{getErrorMessage(run.error, RUN_LOAD_FAILED)}</Alert>
      ) : run.data && runId !== null ? (
        <RunDetails vendorId={vendorId} run={run.data} automationHref={automationHref} />
      ) : (
        <Stack spacing={1} data-testid="run-loading">
          <Skeleton variant="rounded" width={100} height={24} />
          <Skeleton variant="text" />
          <Skeleton variant="text" />
          <Skeleton variant="text" width="60%" />
          <Skeleton variant="rectangular" height={120} />
        </Stack>
      )}
    </Drawer>
  );
}
