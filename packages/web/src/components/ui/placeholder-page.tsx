import ConstructionIcon from '@mui/icons-material/Construction';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * A screen whose feature has not been built yet: its title, and a sentence on what it will hold, so
 * every route resolves and people know what to expect there.
 */
export function PlaceholderPage({
  title,
  description,
  children,
}: {
  title: string;
  description: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <title>{`${title} · Automate`}</title>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        {title}
      </Typography>
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 760 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          <ConstructionIcon color="secondary" aria-hidden />
          <Box>
            <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
              Coming soon
            </Typography>
            <Typography color="text.secondary">{description}</Typography>
            {children}
          </Box>
        </Stack>
      </Paper>
    </Box>
  );
}
