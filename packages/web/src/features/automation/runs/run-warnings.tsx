import type { TriggerRun } from '@automate/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';

/**
 * What a scheduled run's messages will miss when it is due (checked when it was scheduled and again in
 * the hour before), for the schedule and the run's details. Nothing when all is well.
 */
export function RunWarnings({ run, dense = false }: { run: Pick<TriggerRun, 'warnings'>; dense?: boolean }) {
  if (run.warnings.length === 0) return null;
  return (
    <Alert
      severity="warning"
      data-testid="run-warnings"
      sx={dense ? { mt: 0.5, py: 0, px: 1, fontSize: 12, '& .MuiAlert-icon': { display: 'none' } } : { mb: 2 }}
    >
      {run.warnings.length === 1 ? (
        run.warnings[0]
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {run.warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </Box>
      )}
    </Alert>
  );
}
