import { AdminDashboard } from '@/features/admin-dashboard/admin-dashboard.tsx';
import { paddedRoute } from '../route-pages.tsx';

/** /admin/dashboard */
export const AdminDashboardRoute = paddedRoute(() => <AdminDashboard />);
