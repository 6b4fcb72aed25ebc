import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { Outlet, useLocation, useParams } from 'react-router';
import { placeholderRoute } from '../route-pages.tsx';

export const AdminVendorsRoute = placeholderRoute(
  'Vendors',
  'Every vendor with its subscription and ServiceM8 connection, to search and open.',
);

const TABS = [
  { value: 'triggers', label: 'Triggers' },
  { value: 'users', label: 'Users' },
  { value: 'billing', label: 'Billing' },
] as const;

/** /admin/vendors/{id}: the vendor's tabs; the page opens on Triggers. */
export function AdminVendorRoute() {
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  const base = `/admin/vendors/${encodeURIComponent(id)}`;
  const current = TABS.find((tab) => pathname.startsWith(`${base}/${tab.value}`))?.value ?? false;

  return (
    <Box>
      <Box sx={{ px: { xs: 2, sm: 3 }, pt: { xs: 2, sm: 3 } }}>
        <Typography variant="overline" color="text.secondary" component="p">
          Vendor
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
          {id}
        </Typography>
        <Tabs value={current} aria-label="Vendor sections" sx={{ mt: 1, borderBottom: 1, borderColor: 'divider' }}>
          {TABS.map((tab) => (
            <Tab key={tab.value} value={tab.value} label={tab.label} href={`${base}/${tab.value}`} />
          ))}
        </Tabs>
      </Box>
      <Outlet />
    </Box>
  );
}

export const AdminVendorTriggersRoute = placeholderRoute('Triggers', "This vendor's triggers and their recent runs.");

export const AdminVendorUsersRoute = placeholderRoute(
  'Users',
  "This vendor's users and their roles, with invitations.",
);
