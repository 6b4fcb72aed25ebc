import { useParams } from 'react-router';
import { PlaceholderPage } from '@/components/ui/placeholder-page.tsx';

export function AdminUsersRoute() {
  return (
    <PlaceholderPage
      title="Users"
      description="Every user of the platform, with their vendors, roles and sign-in state, to search and open."
    />
  );
}

export function AdminUserRoute() {
  const { id = '' } = useParams();
  return (
    <PlaceholderPage
      title="User"
      description={`User ${id}: profile, vendors and roles, with ways to unlock or reset their sign-in.`}
    />
  );
}
