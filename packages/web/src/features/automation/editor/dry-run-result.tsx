import {
  ACTION_WORDS,
  CONDITION_WORDS,
  type DryRunAction,
  type DryRunConditionResult,
  type DryRunResult,
} from '@automate/contract';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { COMBINER_WORDS } from './labels.ts';

function Verdict({ result }: { result: boolean }) {
  return result ? (
    <CheckCircleIcon fontSize="small" color="success" titleAccess="holds" />
  ) : (
    <CancelIcon fontSize="small" color="error" titleAccess="does not hold" />
  );
}

function conditionLabel(type: string): string {
  return type in CONDITION_WORDS ? CONDITION_WORDS[type as keyof typeof CONDITION_WORDS].label : type;
}

/** One condition or group of the evaluation, with its result and reason; groups list their items below. */
function ConditionResultItem({ item, top = false }: { item: DryRunConditionResult; top?: boolean }) {
  const title = item.kind === 'group' ? (top ? 'Conditions' : 'Group') : conditionLabel(item.type);
  return (
    <Box component="li" sx={{ listStyle: 'none' }} data-testid="dry-run-condition">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', py: 0.5 }}>
        <Box sx={{ pt: 0.25 }}>
          <Verdict result={item.result} />
        </Box>
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {title}
            {item.kind === 'group' ? ` · ${COMBINER_WORDS[item.combiner]}` : ''}
            {` · ${item.result ? 'true' : 'false'}`}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {item.reason}
          </Typography>
        </Box>
      </Stack>
      {item.kind === 'group' && item.items.length > 0 ? (
        <Box component="ul" sx={{ m: 0, pl: 3, borderLeft: 1, borderColor: 'divider', ml: 1.25 }}>
          {item.items.map((child) => (
            <ConditionResultItem key={child.where} item={child} />
          ))}
        </Box>
      ) : null}
    </Box>
  );
}

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

/** What a dry run found: would it run, why (the condition tree), and what each action would do. */
export function DryRunResultView({ result }: { result: DryRunResult }) {
  return (
    <Stack spacing={2} data-testid="dry-run-result">
      <Alert severity={result.wouldRun ? 'success' : 'info'} icon={<Verdict result={result.wouldRun} />}>
        {result.wouldRun
          ? 'Would run: the conditions hold on this record.'
          : 'Would not run: the conditions do not hold on this record.'}
      </Alert>

      <div>
        <Typography variant="subtitle1" component="h3" gutterBottom>
          Conditions
        </Typography>
        <Box component="ul" sx={{ m: 0, p: 0 }}>
          <ConditionResultItem item={result.conditions} top />
        </Box>
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
