import { PlansAdmin } from '@/features/billing/components/plans-admin.tsx';
import { paddedRoute } from '../route-pages.tsx';

/** /admin/settings/products/search: the subscription plans. */
export const AdminProductsRoute = paddedRoute(() => <PlansAdmin />);
