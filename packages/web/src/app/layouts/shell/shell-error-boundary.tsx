import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from '@/components/ui/not-found-page.tsx';
import { RouteErrorBoundary } from '@/components/ui/route-error-boundary.tsx';

/** The shell route's guard answers 404 for /admin without SuperAdmin: that is the not-found page. */
export function ShellErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <RouteErrorBoundary />;
}
