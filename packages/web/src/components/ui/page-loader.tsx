import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** Full-height spinner while a page's code or first data loads. */
export function PageLoader() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}
