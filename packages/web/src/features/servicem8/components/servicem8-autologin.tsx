import type { UserSession } from '@automate/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { getErrorMessage } from '@/lib/api-client.ts';
import { useTokenLogin } from '../api/token-login.ts';

/** Signs in with the token ServiceM8's add-on link carries, once, then hands the session on. */
export function Servicem8Autologin({
  token,
  onSignedIn,
}: {
  token: string | null;
  onSignedIn: (user: UserSession) => void;
}) {
  const tokenLogin = useTokenLogin();
  const started = useRef<string | null>(null);
  const { mutate } = tokenLogin;

  useEffect(() => {
    if (token === null || started.current === token) return;
    started.current = token;
    mutate(token, { onSuccess: onSignedIn });
  }, [token, mutate, onSignedIn]);

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
