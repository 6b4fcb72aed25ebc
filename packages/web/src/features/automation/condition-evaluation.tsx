import { CONDITION_WORDS, type DryRunConditionResult } from '@automate/contract';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { COMBINER_WORDS } from './editor/labels.ts';

/**
 * How the engine evaluated an automation's conditions on a record: each condition and group with its
 * result and its sentence, which names the values found ("The job has the badge Warranty? no: it has no
 * badges."). "Test on a job" and a run's step log show it alike.
 */

export function Verdict({ result }: { result: boolean }) {
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

/** The evaluation as a tree of conditions and groups. */
export function ConditionEvaluation({ evaluation }: { evaluation: DryRunConditionResult }) {
  return (
    <Box component="ul" sx={{ m: 0, p: 0 }}>
      <ConditionResultItem item={evaluation} top />
    </Box>
  );
}
