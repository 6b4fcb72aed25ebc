import BoltIcon from '@mui/icons-material/Bolt';
import CableIcon from '@mui/icons-material/Cable';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import LibraryBooksIcon from '@mui/icons-material/LibraryBooks';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AUTOMATION_SEARCH_PATH } from '@/app/layouts/shell/nav-items.ts';
import { SERVICEM8_SIGN_IN_URL } from '@/lib/links.ts';
import { useCurrentVendor, useSession } from '@/lib/session/session.ts';
import { isSuperAdmin } from '@/lib/session/session-store.ts';

/**
 * /app/dashboard: a greeting, the vendor being worked on and whether ServiceM8 is connected, and the way
 * in to automations. Run metrics join it with the automation issues.
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

      {!vendor ? (
        <Alert severity="info" sx={{ mb: 3, maxWidth: 760 }} data-testid="no-vendor">
          {superAdmin && !automatic
            ? 'Choose a vendor in the sidebar to work on it as its Admin, or open Super admin to manage the platform.'
            : 'Your account does not belong to a business yet. Ask your business’s Admin to invite you, or connect ServiceM8 to set one up.'}
        </Alert>
      ) : null}

      {vendor ? (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 6, xl: 4 }}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardContent>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
                  <Typography variant="h6" component="h2" data-testid="dashboard-vendor-name">
                    {vendor.name}
                  </Typography>
                  <Chip size="small" label={vendor.role} />
                </Stack>
                {vendor.sm8Connected ? (
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'ternary.main' }}>
                    <CheckCircleIcon fontSize="small" />
                    <Typography>ServiceM8 is connected.</Typography>
                  </Stack>
                ) : (
                  <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
                    <Typography color="text.secondary">
                      Connect your ServiceM8 account so automations can react to your jobs.
                    </Typography>
                    {vendor.role === 'Admin' ? (
                      <Button component="a" href={SERVICEM8_SIGN_IN_URL} variant="contained" startIcon={<CableIcon />}>
                        Connect ServiceM8
                      </Button>
                    ) : (
                      <Typography variant="body2" color="text.secondary">
                        An Admin of {vendor.name} can connect it.
                      </Typography>
                    )}
                  </Stack>
                )}
              </CardContent>
            </Card>
          </Grid>
          <Grid size={{ xs: 12, md: 6, xl: 4 }}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardContent>
                <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                  Automations
                </Typography>
                <Typography color="text.secondary" sx={{ mb: 2 }}>
                  Build triggers that act on your jobs, or start from a proven template.
                </Typography>
                <Stack direction="row" spacing={1}>
                  <Button href={AUTOMATION_SEARCH_PATH} variant="outlined" startIcon={<BoltIcon />}>
                    Automations
                  </Button>
                  <Button href="/app/automation/templates" startIcon={<LibraryBooksIcon />}>
                    Templates
                  </Button>
                </Stack>
              </CardContent>
            </Card>
          </Grid>
        </Grid>
      ) : null}
    </Box>
  );
}
