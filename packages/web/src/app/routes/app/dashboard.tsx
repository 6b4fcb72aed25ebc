import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { AUTOMATION_SEARCH_PATH } from '@/app/layouts/shell/nav-items.ts';
import { prefetchDashboard } from '@/features/dashboard/api/dashboard-queries.ts';
import { Dashboard } from '@/features/dashboard/components/dashboard.tsx';
import { sessionQueryClient } from '@/lib/data-provider.tsx';
import { useCurrentVendor, useSession } from '@/lib/session/session.ts';
import { getCurrentVendor, isSuperAdmin, type SessionStore } from '@/lib/session/session-store.ts';

/** Starts the requests of the current vendor's dashboard (the route's loader calls it). */
export function prefetchDashboardData(session: SessionStore): void {
  const vendor = getCurrentVendor(session.getState());
  if (vendor) prefetchDashboard(sessionQueryClient(session), vendor, new Date());
}

/**
 * /app/dashboard: a greeting, then the current vendor's dashboard (ServiceM8, automations, runs and the
 * first steps), or what to do when the user works on no vendor.
 */
export function DashboardRoute() {
  const { user, automatic } = useSession();
  const vendor = useCurrentVendor();
  const superAdmin = isSuperAdmin(user);

  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <title>Dashboard · Automate</title>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
        Welcome, {user?.firstName}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {vendor ? `You are working on ${vendor.name}.` : 'You are not working on a vendor right now.'}
      </Typography>

      {vendor ? (
        <Dashboard key={vendor.vendorId} vendor={vendor} automationsPath={AUTOMATION_SEARCH_PATH} />
      ) : (
        <Alert severity="info" sx={{ mb: 3, maxWidth: 760 }} data-testid="no-vendor">
          {superAdmin && !automatic
            ? 'Choose a vendor in the sidebar to work on it as its Admin, or open Super admin to manage the platform.'
            : 'Your account does not belong to a business yet. Ask your business’s Admin to invite you, or connect ServiceM8 to set one up.'}
        </Alert>
      )}
    </Box>
  );
}
