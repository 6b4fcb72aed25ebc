import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import { Outlet } from 'react-router';
import { BrandMark } from '@/components/ui/brand-mark.tsx';
import { mainContentProps } from '@/components/ui/skip-link.tsx';

/** Sign-in, registration, email links, ServiceM8 connection and payment pages: one card, centred. */
export function CardLayout() {
  return (
    <Box
      component="main"
      {...mainContentProps}
      sx={(theme) => ({
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        px: 2,
        py: { xs: 4, sm: 8 },
        gap: 4,
        background: `linear-gradient(180deg, ${alpha(theme.palette.primary.main, 0.12)} 0%, ${theme.palette.background.default} 420px)`,
      })}
    >
      <Link href="/" underline="none" aria-label="Automate home">
        <BrandMark />
      </Link>
      <Outlet />
      <Stack direction="row" spacing={2}>
        <Link href="/help" variant="body2" color="text.secondary">
          Help
        </Link>
        <Link href="/privacypolicy" variant="body2" color="text.secondary">
          Privacy
        </Link>
        <Link href="/termsandconditions" variant="body2" color="text.secondary">
          Terms
        </Link>
      </Stack>
    </Box>
  );
}
