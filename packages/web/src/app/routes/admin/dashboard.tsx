import { PlaceholderPage } from '@/components/ui/placeholder-page.tsx';

export function AdminDashboardRoute() {
  return (
    <PlaceholderPage
      title="Super admin"
      description="Platform metrics will be shown here: vendors, subscriptions, trigger runs and failures over time."
    />
  );
}
