import { PREVIEW_SKIP_LABELS, type PreviewAction, type PreviewRun, type PreviewSkip } from '@automate/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { VendorClock } from '@/lib/vendor-time.ts';
import { recordTitle } from '../record-title.ts';

/** A list drawn without bullets: its items are cards. */
export const plainList = { listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 } as const;

/** What the change was about and when it happened, on the business's clock. */
function ChangeHeading({ change, clock }: { change: PreviewRun | PreviewSkip; clock: VendorClock }) {
  return (
    <>
      <Typography variant="subtitle2" component="h4">
        {recordTitle(change)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Changed <time dateTime={change.occurredAt}>{clock(change.occurredAt)}</time>
      </Typography>
    </>
  );
}

function PreviewActionItem({ action }: { action: PreviewAction }) {
  return (
    <Box component="li" data-testid="preview-action">
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {action.label}
      </Typography>
      {action.texts.length > 0 ? (
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2 }}>
          {action.texts.map(({ label, text }) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="caption" color="text.secondary" sx={{ pt: 0.25 }}>
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {text}
              </Typography>
            </Box>
          ))}
        </Box>
      ) : null}
      {action.missingMergeFields.length > 0 ? (
        <Typography variant="body2" color="warning.main">
          Empty on this record: {action.missingMergeFields.map((field) => `{{ ${field} }}`).join(', ')}
        </Typography>
      ) : null}
      {action.problem ? (
        <Alert severity="warning" sx={{ mt: 0.5 }}>
          {action.problem}
        </Alert>
      ) : null}
    </Box>
  );
}

/** A run the preview would have started: the record, when it changed, when it would have acted, and what. */
export function PreviewRunItem({ run, clock }: { run: PreviewRun; clock: VendorClock }) {
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5 }} data-testid="preview-run">
      <ChangeHeading change={run} clock={clock} />
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {run.timing}
      </Typography>
      {run.actions.length > 0 ? (
        <Box component="ol" sx={{ m: 0, mt: 1, pl: 3, display: 'grid', gap: 1 }}>
          {run.actions.map((action) => (
            <PreviewActionItem key={action.actionId} action={action} />
          ))}
        </Box>
      ) : null}
    </Paper>
  );
}

/** A change with the event that would not have started a run, and why. */
export function PreviewSkipItem({ skip, clock }: { skip: PreviewSkip; clock: VendorClock }) {
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5 }} data-testid="preview-skip">
      <ChangeHeading change={skip} clock={clock} />
      <Typography variant="body2" sx={{ mt: 0.5, fontWeight: 600 }}>
        {PREVIEW_SKIP_LABELS[skip.reason]}
      </Typography>
      <Typography variant="body2">{skip.explanation}</Typography>
    </Paper>
  );
}
