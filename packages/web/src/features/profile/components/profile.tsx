import type { Sm8Identity, UserSession } from '@automate/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useConfirm } from '@/components/ui/confirm-dialog.tsx';
import { LoadError } from '@/components/ui/load-error.tsx';
import { getErrorMessage } from '@/lib/api-client.ts';
import { useNotifications } from '@/lib/notifications.ts';
import { useVendorClock } from '@/lib/vendor-time.ts';
import { useSm8Identities } from '../api/get-sm8-identities.ts';
import { useRemoveSm8Identity } from '../api/remove-sm8-identity.ts';
import { useChangeUserSettings, useUserProfile } from '../api/user-settings.ts';

/** The signed-in person: who they are, and the ServiceM8 logins that open Automate as them. */
export function Profile({ user }: { user: UserSession }) {
  return (
    <Stack spacing={3} sx={{ maxWidth: 760 }}>
      <Card variant="outlined">
        <CardContent>
          <Typography component="h2" variant="h6" gutterBottom>
            Your account
          </Typography>
          <Typography>
            {user.firstName} {user.lastName}
          </Typography>
          <Typography color="text.secondary">{user.email}</Typography>
        </CardContent>
      </Card>
      <EmailSettings userId={user.id} />
      <Sm8SignIns />
    </Stack>
  );
}

/** The daily digest, switched on and off by the person themself. */
function EmailSettings({ userId }: { userId: string }) {
  const profile = useUserProfile(userId);
  const change = useChangeUserSettings(userId);
  const { toast } = useNotifications();
  const toggle = async (dailyDigest: boolean) => {
    try {
      await change.mutateAsync({ dailyDigest });
      toast(dailyDigest ? 'You will get the daily digest.' : 'You will no longer get the daily digest.', 'success');
    } catch (error) {
      toast(getErrorMessage(error, 'The setting could not be saved.'), 'error');
    }
  };
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography component="h2" variant="h6" gutterBottom>
          Emails
        </Typography>
        {profile.isError ? (
          <LoadError error={profile.error} fallback="Your settings could not be loaded." onRetry={profile.refetch} />
        ) : (
          <FormControlLabel
            control={
              <Switch
                checked={profile.data?.dailyDigest ?? false}
                disabled={profile.isPending || change.isPending}
                onChange={(event) => void toggle(event.target.checked)}
              />
            }
            label="Daily digest"
          />
        )}
        <Typography color="text.secondary" variant="body2">
          Each morning, for the businesses you are an Admin of: the previous day’s runs by status, failures grouped by
          cause, and warnings about runs still to come. Failures you can fix are emailed at once either way (at most
          once an hour).
        </Typography>
      </CardContent>
    </Card>
  );
}

function Sm8SignIns() {
  const identities = useSm8Identities();
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography component="h2" variant="h6" gutterBottom>
          ServiceM8 logins
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Opening Automate from ServiceM8 as one of these staff members signs you in to that business.
        </Typography>
        {identities.isPending ? (
          <Stack spacing={1} role="status" aria-label="Loading ServiceM8 logins">
            <Skeleton variant="rounded" height={48} />
            <Skeleton variant="rounded" height={48} />
          </Stack>
        ) : identities.isError ? (
          <LoadError
            error={identities.error}
            fallback="Your ServiceM8 logins could not be loaded."
            onRetry={identities.refetch}
          />
        ) : identities.data.length === 0 ? (
          <Alert severity="info">
            No ServiceM8 logins are linked to you. Open Automate from ServiceM8 and sign in there once to link yours.
          </Alert>
        ) : (
          <List aria-label="Linked ServiceM8 logins" disablePadding>
            {identities.data.map((identity) => (
              <IdentityRow key={`${identity.accountUuid}/${identity.staffUuid}`} identity={identity} />
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}

function IdentityRow({ identity }: { identity: Sm8Identity }) {
  // On the clock of the business the person works on, as every time in the app.
  const clock = useVendorClock();
  const confirm = useConfirm();
  const remove = useRemoveSm8Identity();
  const { toast } = useNotifications();

  const unlink = async () => {
    const confirmed = await confirm({
      title: 'Unlink this ServiceM8 login?',
      message: `Opening Automate from ServiceM8 as ${identity.staffName} of ${identity.accountName} will no longer sign you in.`,
      confirmText: 'Unlink',
      destructive: true,
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(identity);
      toast(`The ServiceM8 login of ${identity.staffName} is no longer linked to you.`, 'success');
    } catch (error) {
      toast(getErrorMessage(error, 'The ServiceM8 login could not be unlinked.'), 'error');
    }
  };

  return (
    <ListItem
      divider
      secondaryAction={
        <Button color="error" onClick={unlink} disabled={remove.isPending}>
          Unlink
        </Button>
      }
    >
      <ListItemText
        primary={`${identity.staffName} · ${identity.accountName}`}
        secondary={`Linked ${clock(identity.linkedAt)}`}
      />
    </ListItem>
  );
}
