import type { DryRunRequest, TargetKind, TriggerDefinition } from '@automate/contract';
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
import type { RecordChoice, RecordList } from './api/search-records.ts';
import { DryRunResultView } from './dry-run-result.tsx';
import { RecordPicker } from './record-picker.tsx';

const DRY_RUN_FAILED = 'The test could not be run.';

type RecordKind = 'jobUuid' | 'clientUuid' | 'formResponseUuid';

const RECORD_KINDS: Record<RecordKind, { label: string; list: RecordList; pick: string }> = {
  jobUuid: { label: 'Job', list: 'jobs', pick: 'Pick the job to test on.' },
  clientUuid: { label: 'Client', list: 'clients', pick: 'Pick the client to test on.' },
  formResponseUuid: { label: 'Form response', list: 'form-responses', pick: 'Pick the submitted form to test on.' },
};

function recordKindFor(targetKind: TargetKind): RecordKind {
  if (targetKind === 'Client') return 'clientUuid';
  if (targetKind === 'Form') return 'formResponseUuid';
  return 'jobUuid';
}

/**
 * "Test on a job": the trigger as it is being edited (saved or not) evaluated on a real ServiceM8
 * record (a job, client or submitted form, each picked by what people know of it), nothing performed. Answers whether it would run, each condition and group with its reason,
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
  // What was picked of each kind, kept while the person switches between them.
  const [picked, setPicked] = useState<Partial<Record<RecordKind, RecordChoice<RecordList>>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const dryRun = useDryRunTrigger();

  const run = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const chosen = picked[kind]?.uuid;
    if (!chosen) {
      setProblem(RECORD_KINDS[kind].pick);
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
            <RecordPicker
              key={kind}
              vendorId={vendorId}
              list={RECORD_KINDS[kind].list}
              value={picked[kind] ?? null}
              onChange={(choice) => setPicked((current) => ({ ...current, [kind]: choice ?? undefined }))}
            />
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
