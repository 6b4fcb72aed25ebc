import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useMatches } from 'react-router';
import { buildBreadcrumbs, type Crumb } from '@/lib/breadcrumbs.ts';

/** The crumbs as a trail: links separated by slashes, the last one (the current page) as plain text. */
function BreadcrumbTrail({ crumbs }: { crumbs: readonly Crumb[] }) {
  if (crumbs.length === 0) return null;
  return (
    <Breadcrumbs
      separator="/"
      aria-label="Breadcrumb"
      data-testid="breadcrumbs"
      sx={(theme) => ({
        px: 3,
        pt: 2,
        // Hidden on small screens (below lg, 1280 px) and when printing.
        display: 'none',
        [theme.breakpoints.up('lg')]: { display: 'block' },
        '@media print': { display: 'none' },
      })}
    >
      {crumbs.map((crumb) =>
        crumb.current ? (
          <Typography key={crumb.to} color="text.primary" aria-current="page" variant="body2">
            {crumb.label}
          </Typography>
        ) : (
          <Link key={crumb.to} href={crumb.to} underline="hover" color="inherit" variant="body2">
            {crumb.label}
          </Link>
        ),
      )}
    </Breadcrumbs>
  );
}

/** The breadcrumb bar of the matched route chain. */
export function BreadcrumbBar() {
  const matches = useMatches();
  return <BreadcrumbTrail crumbs={buildBreadcrumbs(matches)} />;
}
