import { placeholderRoute } from '../route-pages.tsx';

export const AdminDashboardRoute = placeholderRoute(
  'Super admin',
  'Platform metrics will be shown here: vendors, subscriptions, trigger runs and failures over time.',
);
