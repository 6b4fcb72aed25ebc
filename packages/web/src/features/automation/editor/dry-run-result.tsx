import { ACTION_WORDS, type DryRunAction, type DryRunResult } from '@automate/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ConditionEvaluation, Verdict } from '../condition-evaluation.tsx';

function previewText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function ActionResult({ action, index }: { action: DryRunAction; index: number }) {
  const entries = Object.entries(action.preview).filter(([, value]) => previewText(value) !== '');
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="dry-run-action">
      <Typography variant="subtitle2">
        {index + 1}. {ACTION_WORDS[action.type]?.label ?? action.type}
      </Typography>
      <Typography variant="body2" sx={{ mb: entries.length > 0 || action.problem ? 1 : 0 }}>
        {action.description}
      </Typography>
      {entries.length > 0 ? (
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2 }}>
          {entries.map(([key, value]) => (
            <Box key={key} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="caption" color="text.secondary" sx={{ pt: 0.25 }}>
                {key}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {previewText(value)}
              </Typography>
            </Box>
          ))}
        </Box>
      ) : null}
      {action.problem ? (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {action.problem}
        </Alert>
      ) : null}
    </Paper>
  );
}

/** The verdict: the conditions, and whether the record is in the state the event leads to. */
function verdictOf(result: DryRunResult): string {
  if (!result.wouldRun) return 'Would not run: the conditions do not hold on this record.';
  if (!result.eventFit.fits)
    return 'Would not run yet: the conditions hold, but this record does not fit the event now.';
  return 'Would run: the conditions hold on this record.';
}

/**
 * What a dry run found: would it run, whether the record fits the event, when it would act, the
 * warnings a real run would record, why (the condition tree), and what each action would do.
 */
export function DryRunResultView({ result }: { result: DryRunResult }) {
  const runs = result.wouldRun && result.eventFit.fits;
  return (
    <Stack spacing={2} data-testid="dry-run-result">
      <Alert severity={runs ? 'success' : 'info'} icon={<Verdict result={runs} />}>
        {verdictOf(result)}
      </Alert>

      <div>
        <Typography variant="subtitle1" component="h3" gutterBottom>
          The event
        </Typography>
        <Typography variant="body2" data-testid="dry-run-event-fit">
          {result.eventFit.sentence}
        </Typography>
      </div>

      <div>
        <Typography variant="subtitle1" component="h3" gutterBottom>
          When it would act
        </Typography>
        <Typography variant="body2" data-testid="dry-run-timing">
          {result.timing.sentence}
        </Typography>
      </div>

      {result.warnings.length > 0 ? (
        <div>
          <Typography variant="subtitle1" component="h3" gutterBottom>
            Warnings a real run would record
          </Typography>
          <Stack spacing={1}>
            {result.warnings.map((warning) => (
              <Alert key={warning} severity="warning" data-testid="dry-run-warning">
                {warning}
              </Alert>
            ))}
          </Stack>
        </div>
      ) : null}

      <div>
        <Typography variant="subtitle1" component="h3" gutterBottom>
          Conditions
        </Typography>
        <ConditionEvaluation evaluation={result.conditions} />
      </div>

      <div>
        <Typography variant="subtitle1" component="h3" gutterBottom>
          Actions{result.wouldRun ? '' : ' (what they would do if the conditions held)'}
        </Typography>
        {result.actions.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            There are no actions.
          </Typography>
        ) : (
          <Stack spacing={1}>
            {result.actions.map((action, index) => (
              <ActionResult key={action.actionId} action={action} index={index} />
            ))}
          </Stack>
        )}
      </div>

      {result.missingMergeFields.length > 0 ? (
        <div>
          <Typography variant="subtitle1" component="h3" gutterBottom>
            Merge fields without a value
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            These render empty on this record.
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {result.missingMergeFields.map((field) => (
              <Chip key={field} size="small" color="warning" variant="outlined" label={`{{ ${field} }}`} />
            ))}
          </Stack>
        </div>
      ) : null}
    </Stack>
  );
}
