import { APP_VERSION } from '@automate/contract';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { BrandMark } from '@/components/ui/brand-mark.tsx';
import { mainContentProps } from '@/components/ui/skip-link.tsx';
import { CheckingSystemStatus } from '@/features/health/components/system-status-line.tsx';
import { DEFAULT_SIGNED_IN_PATH } from '@/lib/session/access.ts';
import { useSession } from '@/lib/session/session.ts';
import { hasValidSession } from '@/lib/session/session-store.ts';

const SystemStatus = lazy(() =>
  import('@/features/health/components/system-status.tsx').then((module) => ({ default: module.SystemStatus })),
);

/** Home, help, privacy policy and terms: a top bar, the page, and a footer. */
export function PublicLayout() {
  const state = useSession();
  const signedIn = hasValidSession(state, Date.now());

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppBar position="static" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Container maxWidth="lg">
          <Toolbar disableGutters sx={{ gap: 1 }}>
            <Link href="/" underline="none" aria-label="Automate home">
              <BrandMark />
            </Link>
            <Box sx={{ flexGrow: 1 }} />
            <Button href="/help" color="inherit" sx={{ display: { xs: 'none', sm: 'inline-flex' } }}>
              Help
            </Button>
            {signedIn ? (
              <Button href={DEFAULT_SIGNED_IN_PATH} variant="contained" sx={{ whiteSpace: 'nowrap' }}>
                Open the app
              </Button>
            ) : (
              <>
                <Button href="/auth/login" sx={{ whiteSpace: 'nowrap' }}>
                  Sign in
                </Button>
                <Button
                  href="/auth/register"
                  variant="contained"
                  sx={{ whiteSpace: 'nowrap', display: { xs: 'none', sm: 'inline-flex' } }}
                >
                  Get started
                </Button>
              </>
            )}
          </Toolbar>
        </Container>
      </AppBar>

      <Box component="main" {...mainContentProps} sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column' }}>
        <Outlet />
      </Box>

      <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', py: 3 }}>
        <Container
          maxWidth="lg"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}
        >
          <Suspense fallback={<CheckingSystemStatus />}>
            <SystemStatus />
          </Suspense>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Link href="/help" variant="body2" color="text.secondary">
              Help
            </Link>
            <Link href="/privacypolicy" variant="body2" color="text.secondary">
              Privacy
            </Link>
            <Link href="/termsandconditions" variant="body2" color="text.secondary">
              Terms
            </Link>
            <Typography variant="body2" color="text.secondary">
              v{APP_VERSION}
            </Typography>
          </Stack>
        </Container>
      </Box>
    </Box>
  );
}
