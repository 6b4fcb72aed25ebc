import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatNumber } from '@/lib/format.ts';

/** A titled card of the dashboard, with an optional action beside the title. */
export function Panel({
  title,
  action,
  children,
  testId,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }} component="section" aria-label={title} data-testid={testId}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          {action}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

export function BigNumber({ value, label, testId }: { value: number | undefined; label: string; testId: string }) {
  return (
    <Box>
      {value === undefined ? (
        <Skeleton variant="text" width={60} sx={{ fontSize: '2.5rem' }} />
      ) : (
        <Typography variant="h3" component="p" sx={{ fontWeight: 700 }} data-testid={testId}>
          {formatNumber(value)}
        </Typography>
      )}
      <Typography color="text.secondary">{label}</Typography>
    </Box>
  );
}

export function ListSkeleton() {
  return (
    <Stack spacing={1}>
      <Skeleton variant="text" />
      <Skeleton variant="text" />
      <Skeleton variant="text" width="70%" />
    </Stack>
  );
}
