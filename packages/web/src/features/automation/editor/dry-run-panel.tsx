import type { DryRunRequest, JobChoice, TargetKind, TriggerDefinition } from '@automate/contract';
import ScienceIcon from '@mui/icons-material/Science';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { getErrorMessage } from '@/lib/api-client.ts';
import { useDryRunTrigger } from './api/dry-run-trigger.ts';
import { DryRunResultView } from './dry-run-result.tsx';
import { JobPicker } from './job-picker.tsx';

const DRY_RUN_FAILED = 'The test could not be run.';

type RecordKind = 'jobUuid' | 'clientUuid' | 'formResponseUuid';

const RECORD_KINDS: Record<RecordKind, { label: string; field: string; help: string }> = {
  jobUuid: { label: 'Job', field: 'job', help: '' },
  clientUuid: { label: 'Client', field: 'Client uuid', help: 'The uuid of the client (company) in ServiceM8.' },
  formResponseUuid: {
    label: 'Form response',
    field: 'Form response uuid',
    help: 'The uuid of a submitted form response in ServiceM8.',
  },
};

function recordKindFor(targetKind: TargetKind): RecordKind {
  if (targetKind === 'Client') return 'clientUuid';
  if (targetKind === 'Form') return 'formResponseUuid';
  return 'jobUuid';
}

/**
 * "Test on a job": the trigger as it is being edited (saved or not) evaluated on a real ServiceM8
 * record, nothing performed. Answers whether it would run, each condition and group with its reason,
 * and each action's description, rendered texts and problem.
 */
export function DryRunPanel({
  vendorId,
  triggerId,
  targetKind,
  getDefinition,
}: {
  vendorId: string;
  triggerId: string | null;
  targetKind: TargetKind;
  /** The definition being edited, or null when it has problems (then shown in the form). */
  getDefinition: () => TriggerDefinition | null;
}) {
  const [kind, setKind] = useState<RecordKind>(() => recordKindFor(targetKind));
  const [uuid, setUuid] = useState('');
  const [job, setJob] = useState<JobChoice | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const dryRun = useDryRunTrigger();

  const run = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const chosen = kind === 'jobUuid' ? (job?.uuid ?? '') : uuid.trim();
    if (chosen === '') {
      setProblem(kind === 'jobUuid' ? 'Pick the job to test on.' : `Give the ${RECORD_KINDS[kind].field} to test on.`);
      return;
    }
    const definition = getDefinition();
    if (!definition) {
      setProblem('The trigger has problems (marked in the form): fix them, then test again.');
      dryRun.reset();
      return;
    }
    setProblem(null);
    const request: DryRunRequest = { [kind]: chosen, definition };
    dryRun.mutate({ vendorId, triggerId, request });
  };

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        Checks the trigger as it is now, unsaved changes included, against a record read fresh from ServiceM8. Nothing
        is changed and nothing is sent.
      </Typography>
      <Box component="form" noValidate onSubmit={run} aria-label="Test on a record">
        <Grid container spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField
              select
              size="small"
              label="Record"
              value={kind}
              onChange={(event) => setKind(event.target.value as RecordKind)}
              fullWidth
            >
              {(Object.keys(RECORD_KINDS) as RecordKind[]).map((value) => (
                <MenuItem key={value} value={value}>
                  {RECORD_KINDS[value].label}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 8 }}>
            {kind === 'jobUuid' ? (
              <JobPicker vendorId={vendorId} value={job} onChange={setJob} />
            ) : (
              <TextField
                size="small"
                label={RECORD_KINDS[kind].field}
                value={uuid}
                onChange={(event) => setUuid(event.target.value)}
                helperText={RECORD_KINDS[kind].help}
                fullWidth
                slotProps={{
                  htmlInput: { spellCheck: false, autoCapitalize: 'none', sx: { fontFamily: 'monospace' } },
                }}
              />
            )}
          </Grid>
        </Grid>
        <Button
          type="submit"
          variant="contained"
          startIcon={dryRun.isPending ? <CircularProgress size={16} color="inherit" /> : <ScienceIcon />}
          disabled={dryRun.isPending}
          sx={{ mt: 1 }}
        >
          {dryRun.isPending ? 'Testing…' : 'Run test'}
        </Button>
      </Box>
      {problem ? <Alert severity="warning">{problem}</Alert> : null}
      {dryRun.isError ? <Alert severity="error">{getErrorMessage(dryRun.error, DRY_RUN_FAILED)}</Alert> : null}
      {dryRun.data && !problem ? <DryRunResultView result={dryRun.data} /> : null}
    </Stack>
  );
}
