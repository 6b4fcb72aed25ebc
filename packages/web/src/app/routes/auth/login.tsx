import type { UserSession } from '@automate/contract';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { FormCard } from '@/components/ui/form-card.tsx';
import { LoginForm } from '@/features/auth/components/login-form.tsx';
import { DEFAULT_SIGNED_IN_PATH, safeReturnPath } from '@/lib/session/access.ts';
import { useSession, useSessionStore } from '@/lib/session/session.ts';
import { hasValidSession } from '@/lib/session/session-store.ts';

export function LoginRoute() {
  const navigate = useNavigate();
  const session = useSessionStore();
  const [params] = useSearchParams();
  const state = useSession();
  const returnTo = safeReturnPath(params.get('redirect'));

  const onSignedIn = useCallback(
    (user: UserSession) => {
      session.login(user);
      navigate(returnTo, { replace: true });
    },
    [navigate, returnTo, session],
  );

  return (
    <FormCard title="Sign in" subtitle="Welcome back to Automate.">
      {state.user && hasValidSession(state, Date.now()) ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          You are signed in as {state.user.firstName} {state.user.lastName}.{' '}
          <Link href={DEFAULT_SIGNED_IN_PATH}>Go to the app</Link>
        </Alert>
      ) : null}
      <LoginForm onSignedIn={onSignedIn} />
    </FormCard>
  );
}
