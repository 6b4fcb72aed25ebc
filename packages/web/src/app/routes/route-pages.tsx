import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { type Params, useParams } from 'react-router';
import { PlaceholderPage } from '@/components/ui/placeholder-page.tsx';

/** The padding of a page inside the signed-in shell. */
export const PAGE_PADDING = { p: { xs: 2, sm: 3 } } as const;

/** A route's page: `render` draws it from the route's params, inside the shell's padding. */
export function paddedRoute(render: (params: Readonly<Params>) => ReactNode) {
  return function PaddedRoute() {
    return <Box sx={PAGE_PADDING}>{render(useParams())}</Box>;
  };
}

/**
 * A route whose screen is not built yet: its title, and a sentence on what it will hold (`description`
 * may name the route's params, e.g. the record's id).
 */
export function placeholderRoute(title: string, description: string | ((params: Readonly<Params>) => string)) {
  return function PlaceholderRoute() {
    const params = useParams();
    return (
      <PlaceholderPage
        title={title}
        description={typeof description === 'string' ? description : description(params)}
      />
    );
  };
}
