import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isChunkLoadError } from '@/lib/preload-error.ts';
import { CenteredPage } from './centered-page.tsx';

/** Shown when a page fails to render or its code fails to load (for example after a new release). */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const newRelease = isChunkLoadError(error);
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;

  return (
    <CenteredPage role="alert">
      <title>Something went wrong · Automate</title>
      <Typography variant="h4" component="h1">
        {newRelease ? 'A new version of Automate is available' : 'Something went wrong'}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 480 }}>
        {newRelease
          ? 'Part of this page could not be loaded, usually because Automate was just updated. Reload to get the current version.'
          : 'This page could not be shown. Reloading usually fixes it; if it keeps happening, please contact support.'}
      </Typography>
      {detail && !newRelease ? (
        <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
          {detail}
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button variant="contained" onClick={() => window.location.reload()}>
          Reload
        </Button>
        <Button href="/">Go home</Button>
      </Box>
    </CenteredPage>
  );
}
