import { AdminUser } from '@/features/admin-users/components/admin-user.tsx';
import { AdminUsers } from '@/features/admin-users/components/admin-users.tsx';
import { AuditLog } from '@/features/audit/audit-log.tsx';
import { paddedRoute } from '../route-pages.tsx';

/** /admin/users/search */
export const AdminUsersRoute = paddedRoute(() => <AdminUsers />);

/** /admin/users/{id} */
export const AdminUserRoute = paddedRoute(({ id = '' }) => (
  <AdminUser key={id} id={id} below={<AuditLog title="Audit log" field="targetUserId" value={id} />} />
));
