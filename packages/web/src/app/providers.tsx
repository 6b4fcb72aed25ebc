import { TOASTS } from '@automate/contract';
import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { type ReactNode, useEffect, useState } from 'react';
import { ConfirmProvider } from '@/components/ui/confirm-dialog.tsx';
import { createQueryClient } from '@/lib/query-client.ts';
import { session as appSession, SessionProvider } from '@/lib/session/session.ts';
import type { SessionStore } from '@/lib/session/session-store.ts';
import { theme } from './theme.ts';

/** Toasts stack top-right below the header (64 px high on wide screens), not over its buttons. */
const TOASTS_BELOW_HEADER = 'automate-toasts-below-header';
const toastStyles = { [`.${TOASTS_BELOW_HEADER}`]: { top: '72px !important' } };

/**
 * Theme, data cache, toasts (5000 ms, at most 20, top-right) and the confirm dialog. With a
 * session: a 401 on any query while signed in signs out, and the cache is emptied whenever
 * the signed-in person changes, so nobody sees the previous person's data.
 */
export function AppProviders({ children, session = appSession }: { children: ReactNode; session?: SessionStore }) {
  const [queryClient] = useState(() =>
    createQueryClient({
      onUnauthenticated: () => {
        if (session.getState().user) session.logout();
      },
    }),
  );

  useEffect(() => {
    let userId = session.getState().user?.id ?? null;
    return session.subscribe(() => {
      const next = session.getState().user?.id ?? null;
      if (next !== userId) queryClient.clear();
      userId = next;
    });
  }, [session, queryClient]);

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <GlobalStyles styles={toastStyles} />
      <QueryClientProvider client={queryClient}>
        <SnackbarProvider
          maxSnack={TOASTS.max}
          autoHideDuration={TOASTS.timeoutMs}
          anchorOrigin={TOASTS.position}
          classes={{ containerAnchorOriginTopRight: TOASTS_BELOW_HEADER }}
          preventDuplicate
        >
          <SessionProvider store={session}>
            <ConfirmProvider>{children}</ConfirmProvider>
          </SessionProvider>
        </SnackbarProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
