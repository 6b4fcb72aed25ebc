import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { ConfirmProvider } from '@/components/ui/confirm-dialog.tsx';
import { Toaster } from '@/components/ui/toaster.tsx';
import { session as appSession, SessionProvider } from '@/lib/session/session.ts';
import type { SessionStore } from '@/lib/session/session-store.ts';
import { theme } from './theme.ts';

/**
 * Theme, session, the confirm dialog and the toasts, each loaded when first used. The data cache is not
 * here: the pages that read server data sit inside a `DataProvider` (`lib/data-provider.tsx`), bound to
 * this session.
 */
export function AppProviders({ children, session = appSession }: { children: ReactNode; session?: SessionStore }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SessionProvider store={session}>
        <ConfirmProvider>
          {children}
          <Toaster />
        </ConfirmProvider>
      </SessionProvider>
    </ThemeProvider>
  );
}
