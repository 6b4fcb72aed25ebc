import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { mainContentProps } from '@/components/ui/skip-link.tsx';

/** A full-height page with its content centred: not-found, error and other whole-page messages. */
export function CenteredPage({ children, role }: { children: ReactNode; role?: 'alert' }) {
  return (
    <Box
      component="main"
      {...mainContentProps}
      role={role}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        minHeight: '100vh',
        px: 3,
        textAlign: 'center',
      }}
    >
      {children}
    </Box>
  );
}
