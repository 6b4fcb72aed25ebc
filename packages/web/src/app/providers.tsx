import { TOASTS } from '@automate/contract';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { type ReactNode, useState } from 'react';
import { createQueryClient } from '@/lib/query-client.ts';
import { theme } from './theme.ts';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <SnackbarProvider
          maxSnack={TOASTS.max}
          autoHideDuration={TOASTS.timeoutMs}
          anchorOrigin={TOASTS.position}
          preventDuplicate
        >
          {children}
        </SnackbarProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
