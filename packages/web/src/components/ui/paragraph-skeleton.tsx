import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';

/** Placeholder lines while text loads: `rows` paragraph rows, the last one shorter. */
export function ParagraphSkeleton({ rows }: { rows: number }) {
  return (
    <Box role="progressbar" aria-label="Loading" aria-busy data-testid="paragraph-skeleton">
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton
          // biome-ignore lint/suspicious/noArrayIndexKey: the rows are identical and never reorder
          key={index}
          variant="text"
          data-testid="skeleton-row"
          sx={{ fontSize: '1rem', width: index === rows - 1 && rows > 1 ? '60%' : '100%' }}
        />
      ))}
    </Box>
  );
}
