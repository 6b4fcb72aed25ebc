import type { Sm8SignInOutcome, UserSession } from '@automate/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { getErrorMessage } from '@/lib/api-client.ts';
import { useTokenLogin } from '../api/token-login.ts';
import { ProveAccount } from './prove-account.tsx';

type SignedIn = Extract<Sm8SignInOutcome, { outcome: 'SignedIn' }>;
type SignInNeeded = Extract<Sm8SignInOutcome, { outcome: 'SignInNeeded' }>;

/**
 * Signs in with the token ServiceM8's add-on link carries, once, then hands the session on. When the
 * staff member's ServiceM8 sign-in is not linked yet and an Automate account uses their email, the person
 * proves that account first (`onPasswordSignIn` stores a password sign-in; `onLinked` follows the link).
 */
export function Servicem8Autologin({
  token,
  onSignedIn,
  onPasswordSignIn,
  onLinked,
}: {
  token: string | null;
  onSignedIn: (user: UserSession) => void;
  onPasswordSignIn: (user: UserSession) => void;
  onLinked: (outcome: SignedIn) => void;
}) {
  const tokenLogin = useTokenLogin();
  const started = useRef<string | null>(null);
  const [needed, setNeeded] = useState<SignInNeeded | null>(null);
  const { mutate } = tokenLogin;

  useEffect(() => {
    if (token === null || started.current === token) return;
    started.current = token;
    mutate(token, {
      onSuccess: (outcome) => (outcome.outcome === 'SignedIn' ? onSignedIn(outcome.session) : setNeeded(outcome)),
    });
  }, [token, mutate, onSignedIn]);

  if (needed) return <ProveAccount needed={needed} onPasswordSignIn={onPasswordSignIn} onLinked={onLinked} />;

  if (token === null || tokenLogin.isError) {
    return (
      <Stack spacing={2}>
        <Alert severity="error" data-testid="autologin-error">
          {token === null
            ? 'This link has no sign-in token. Open Automate from ServiceM8 again.'
            : getErrorMessage(
                tokenLogin.error,
                'Signing in from ServiceM8 failed. Open Automate from ServiceM8 again.',
              )}
        </Alert>
        <Button href="/auth/login" variant="outlined">
          Sign in another way
        </Button>
      </Stack>
    );
  }
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
      <CircularProgress size={24} />
      <Typography>Signing you in from ServiceM8…</Typography>
    </Stack>
  );
}
