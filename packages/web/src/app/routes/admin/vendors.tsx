import Box from '@mui/material/Box';
import { Outlet, useLocation, useParams } from 'react-router';
import { AuditLog } from '@/features/audit/audit-log.tsx';
import { VendorTriggers } from '@/features/automation/list/vendor-triggers.tsx';
import { TeamPage } from '@/features/team/components/team-page.tsx';
import { useAdminVendor } from '@/features/vendors/api/admin-vendors.ts';
import { AdminVendorHeader, currentVendorTab } from '@/features/vendors/components/admin-vendor-header.tsx';
import { AdminVendors } from '@/features/vendors/components/admin-vendors.tsx';
import { useActAsVendor } from '@/lib/session/act-as-vendor.ts';
import { PAGE_PADDING, paddedRoute } from '../route-pages.tsx';

/** /admin/vendors/search */
export const AdminVendorsRoute = paddedRoute(() => <AdminVendors />);

/** /admin/vendors/{id}: the vendor's header with its actions and tabs; the page opens on Triggers. */
export function AdminVendorRoute() {
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  return (
    <Box sx={PAGE_PADDING}>
      <AdminVendorHeader key={id} id={id} current={currentVendorTab(id, pathname)} />
      <Outlet />
    </Box>
  );
}

/** /admin/vendors/{id}/triggers: the vendor's automations; one opens in the editor as that vendor. */
export function AdminVendorTriggersRoute() {
  const { id = '' } = useParams();
  const vendor = useAdminVendor(id);
  const actAsVendor = useActAsVendor();
  const open = (path: string) => {
    if (vendor.data) actAsVendor({ id, name: vendor.data.name, sm8Connected: vendor.data.sm8Connected }, path);
  };
  return <VendorTriggers key={id} vendorId={id} openAsVendor={open} />;
}

/** /admin/vendors/{id}/users: the vendor's members and invitations, managed as its Admins do. */
export function AdminVendorUsersRoute() {
  const { id = '' } = useParams();
  const vendor = useAdminVendor(id);
  if (!vendor.data) return null;
  const { name, sm8Connected } = vendor.data;
  return <TeamPage key={id} vendor={{ vendorId: id, name, role: 'Admin', sm8Connected }} />;
}

/** /admin/vendors/{id}/audit: what super admins did to the vendor and as the vendor. */
export function AdminVendorAuditRoute() {
  const { id = '' } = useParams();
  return <AuditLog key={id} title="Audit log" field="vendorId" value={id} />;
}
