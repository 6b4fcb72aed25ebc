import BoltIcon from '@mui/icons-material/Bolt';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** The Automate logo and word mark. */
export function BrandMark({ showName = true }: { showName?: boolean }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Box
        aria-hidden
        sx={{
          display: 'grid',
          placeItems: 'center',
          width: 32,
          height: 32,
          borderRadius: 1.5,
          bgcolor: 'primary.main',
          color: 'secondary.main',
          flexShrink: 0,
        }}
      >
        <BoltIcon fontSize="small" />
      </Box>
      {showName ? (
        <Typography variant="h6" component="span" sx={{ fontWeight: 700, color: 'text.primary' }}>
          Automate
        </Typography>
      ) : null}
    </Stack>
  );
}
