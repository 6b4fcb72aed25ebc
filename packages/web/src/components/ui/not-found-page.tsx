import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useLocation } from 'react-router';
import { CenteredPage } from './centered-page.tsx';

/** The not-found page: unknown paths, and /admin for anyone but a super admin. */
export function NotFoundPage() {
  const { pathname } = useLocation();

  return (
    <CenteredPage>
      <title>Page not found · Automate</title>
      <Typography variant="overline" component="p" color="text.secondary">
        404
      </Typography>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
        Page not found
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 480, wordBreak: 'break-word' }}>
        There is nothing at <Box component="code">{pathname}</Box>. It may have moved, or the link may be mistyped.
      </Typography>
      <Button href="/" variant="contained">
        Back to home
      </Button>
    </CenteredPage>
  );
}
