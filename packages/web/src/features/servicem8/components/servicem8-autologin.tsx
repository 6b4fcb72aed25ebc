import type { Sm8SignedIn, Sm8SignInOutcome } from '@automate/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { getErrorMessage } from '@/lib/api-client.ts';
import { useAddonCodeLogin } from '../api/addon-code-login.ts';
import { useTokenLogin } from '../api/token-login.ts';
import { LinkLogin } from './link-login.tsx';

type LinkNeeded = Extract<Sm8SignInOutcome, { outcome: 'LinkNeeded' }>;

/**
 * What opened Automate from ServiceM8: the add-on link's event token (`/sm8/autologin?token=`), or the
 * one-time code of the add-on window's button (`/sm8/addon?code=`). Null when the link carried none.
 */
export type Sm8SignInCredential = { kind: 'token' | 'code'; value: string | null };

/**
 * Signs in with what ServiceM8's add-on link carries, once, then hands the session on. When nobody has
 * linked the staff member's ServiceM8 login yet, the person proves their Automate account to link it.
 */
export function Servicem8Autologin({
  credential,
  onSignedIn,
}: {
  credential: Sm8SignInCredential;
  onSignedIn: (outcome: Sm8SignedIn) => void;
}) {
  const tokenLogin = useTokenLogin();
  const codeLogin = useAddonCodeLogin();
  const signIn = credential.kind === 'code' ? codeLogin : tokenLogin;
  // A code works once: React may run the effect twice, so each value is sent only the first time.
  const started = useRef<string | null>(null);
  const [needed, setNeeded] = useState<LinkNeeded | null>(null);
  const { mutate: withToken } = tokenLogin;
  const { mutate: withCode } = codeLogin;
  const { kind, value } = credential;

  useEffect(() => {
    if (value === null || started.current === value) return;
    started.current = value;
    const handlers = {
      onSuccess: (outcome: Sm8SignInOutcome) =>
        outcome.outcome === 'SignedIn' ? onSignedIn(outcome) : setNeeded(outcome),
    };
    if (kind === 'code') withCode({ code: value }, handlers);
    else withToken(value, handlers);
  }, [kind, value, withCode, withToken, onSignedIn]);

  if (needed) return <LinkLogin needed={needed} onLinked={onSignedIn} />;

  if (value === null || signIn.isError) {
    return (
      <Stack spacing={2}>
        <Alert severity="error" data-testid="autologin-error">
          {value === null
            ? 'This link has no sign-in token. Open Automate from ServiceM8 again.'
            : getErrorMessage(signIn.error, 'Signing in from ServiceM8 failed. Open Automate from ServiceM8 again.')}
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
