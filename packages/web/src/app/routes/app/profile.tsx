import Box from '@mui/material/Box';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Profile } from '@/features/profile/components/profile.tsx';
import { useSession } from '@/lib/session/session.ts';

/** /app/profile: the signed-in person's account and linked ServiceM8 sign-ins. */
export function ProfileRoute() {
  const { user } = useSession();
  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <title>Profile · Automate</title>
      <PageHeader title="Profile" />
      {user ? <Profile user={user} /> : null}
    </Box>
  );
}
