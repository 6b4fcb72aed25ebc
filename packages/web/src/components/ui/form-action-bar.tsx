import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';

/**
 * The actions of a long form (Save and the like), stuck to the bottom of the window while the form is
 * longer than it: always in reach, and away from the toasts in the top-right corner.
 */
export function FormActionBar({ status, children }: { status?: ReactNode; children: ReactNode }) {
  return (
    <Paper
      variant="outlined"
      sx={{
        position: 'sticky',
        bottom: 0,
        zIndex: 2,
        mt: 2,
        px: { xs: 2, sm: 3 },
        py: 1.5,
        '@media print': { display: 'none' },
      }}
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
          {status}
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexShrink: 0 }}>
          {children}
        </Stack>
      </Stack>
    </Paper>
  );
}
