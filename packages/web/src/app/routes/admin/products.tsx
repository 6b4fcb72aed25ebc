import { PlansAdmin } from '@/features/billing/components/plans-admin.tsx';
import { settingsRoute } from './settings-tabs.tsx';

/** /admin/settings/products/search: the subscription plans. */
export const AdminProductsRoute = settingsRoute(() => <PlansAdmin />);
