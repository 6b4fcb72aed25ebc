import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * A screen's heading with its actions on the right (below it on a phone, wrapping onto more lines when
 * they do not fit). `level` 2 is for a screen shown under another's header (which has the page's h1).
 */
export function PageHeader({
  title,
  subtitle,
  actions,
  chips,
  level = 1,
}: {
  title: string;
  level?: 1 | 2;
  subtitle?: ReactNode;
  actions?: ReactNode;
  chips?: ReactNode;
}) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' }, justifyContent: 'space-between', mb: 3 }}
    >
      <div>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography
            variant={level === 1 ? 'h4' : 'h5'}
            component={level === 1 ? 'h1' : 'h2'}
            sx={{ fontWeight: 700, wordBreak: 'break-word' }}
          >
            {title}
          </Typography>
          {chips}
        </Stack>
        {subtitle ? (
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {subtitle}
          </Typography>
        ) : null}
      </div>
      {actions ? (
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ flexShrink: { xs: 1, sm: 0 }, flexWrap: 'wrap', alignItems: 'center' }}
        >
          {actions}
        </Stack>
      ) : null}
    </Stack>
  );
}
