import { PREVIEW_SKIP_LABELS, PREVIEW_SKIP_REASONS, type PreviewResult } from '@automate/contract';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { VendorClock } from '@/lib/vendor-time.ts';
import { PreviewRunItem, PreviewSkipItem, plainList } from './preview-run.tsx';

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "It would have started 12 runs and skipped 30 of 42 changes with this event." */
function summaryOf(result: PreviewResult): string {
  if (result.changesWithEvent === 0) return 'No change in this period had this event.';
  return `It would have started ${count(result.runCount, 'run')} and skipped ${result.skippedCount} of ${count(result.changesWithEvent, 'change')} with this event.`;
}

/** "Showing the newest 50 of 120." when the server listed only the newest. */
function Shown({ listed, total }: { listed: number; total: number }) {
  if (total <= listed) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
      Showing the newest {listed} of {total}.
    </Typography>
  );
}

/**
 * What a preview found: the period it covers, how many runs it would have started and changes it would
 * have skipped, the newest of each (runs with when and what they would have done, skipped changes with
 * why), and what a replay cannot know.
 */
export function PreviewResultView({ result, clock }: { result: PreviewResult; clock: VendorClock }) {
  const reasons = PREVIEW_SKIP_REASONS.filter((reason) => (result.skippedByReason[reason] ?? 0) > 0);
  return (
    <Stack spacing={2} data-testid="preview-result">
      <div>
        <Typography variant="body2" data-testid="preview-coverage">
          {result.coverage}
        </Typography>
        <Typography variant="body1" sx={{ fontWeight: 600 }} data-testid="preview-summary">
          {summaryOf(result)}
        </Typography>
      </div>

      {result.runs.length > 0 ? (
        <div>
          <Typography variant="subtitle1" component="h3" gutterBottom>
            Runs it would have started
          </Typography>
          <Shown listed={result.runs.length} total={result.runCount} />
          <Box component="ul" aria-label="Runs it would have started" sx={plainList}>
            {result.runs.map((run) => (
              <PreviewRunItem key={run.changeId} run={run} clock={clock} />
            ))}
          </Box>
        </div>
      ) : null}

      {result.skippedCount > 0 ? (
        <div>
          <Typography variant="subtitle1" component="h3" gutterBottom>
            Changes it would have skipped
          </Typography>
          <Box component="ul" aria-label="Skipped changes by reason" sx={{ m: 0, mb: 1, pl: 3 }}>
            {reasons.map((reason) => (
              <Typography component="li" variant="body2" key={reason} data-testid="preview-skip-count">
                {PREVIEW_SKIP_LABELS[reason]}: {result.skippedByReason[reason]}
              </Typography>
            ))}
          </Box>
          <Shown listed={result.skipped.length} total={result.skippedCount} />
          <Box component="ul" aria-label="Changes it would have skipped" sx={plainList}>
            {result.skipped.map((skip) => (
              <PreviewSkipItem key={skip.changeId} skip={skip} clock={clock} />
            ))}
          </Box>
        </div>
      ) : null}

      {result.limits.length > 0 ? (
        <Paper variant="outlined" sx={{ p: 1.5, bgcolor: 'action.hover' }}>
          <Typography variant="subtitle2" component="h3">
            What a preview cannot know
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {result.limits.map((limit) => (
              <Typography component="li" variant="body2" key={limit}>
                {limit}
              </Typography>
            ))}
          </Box>
        </Paper>
      ) : null}
    </Stack>
  );
}
