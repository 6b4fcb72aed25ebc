import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { type Params, useParams } from 'react-router';

/** The padding of a page inside the signed-in shell. */
export const PAGE_PADDING = { p: { xs: 2, sm: 3 } } as const;

/** A route's page: `render` draws it from the route's params, inside the shell's padding. */
export function paddedRoute(render: (params: Readonly<Params>) => ReactNode) {
  return function PaddedRoute() {
    return <Box sx={PAGE_PADDING}>{render(useParams())}</Box>;
  };
}
