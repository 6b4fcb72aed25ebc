import { placeholderRoute } from '../route-pages.tsx';

export const AdminUsersRoute = placeholderRoute(
  'Users',
  'Every user of the platform, with their vendors, roles and sign-in state, to search and open.',
);

export const AdminUserRoute = placeholderRoute(
  'User',
  ({ id = '' }) => `User ${id}: profile, vendors and roles, with ways to unlock or reset their sign-in.`,
);
