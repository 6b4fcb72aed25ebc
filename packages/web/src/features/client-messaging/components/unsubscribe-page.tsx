import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormCard } from '@/components/ui/form-card.tsx';
import { getErrorMessage } from '@/lib/api-client.ts';
import { useUnsubscribe, useUnsubscribePage } from '../api/client-messaging.ts';

/**
 * The public page every automated email links to (`/unsubscribe?token=…`): it names the business and
 * asks the recipient to confirm; confirming stops the business's automated emails and texts to them
 * until the business undoes it. Mail programs' one-click unsubscribe posts to the same API.
 */
export function UnsubscribePage({ token }: { token: string }) {
  const page = useUnsubscribePage(token);
  const confirm = useUnsubscribe(token);
  if (!token || page.isError) {
    return (
      <FormCard title="Unsubscribe">
        <Alert severity="error">
          {token
            ? getErrorMessage(page.error, 'This unsubscribe link could not be checked; try again later.')
            : 'This unsubscribe link is not complete: open the whole link from the email.'}
        </Alert>
      </FormCard>
    );
  }
  if (!page.data) {
    return (
      <FormCard title="Unsubscribe">
        <Skeleton variant="rounded" height={96} />
      </FormCard>
    );
  }
  const { businessName, email, optedOut } = page.data;
  return (
    <FormCard title={optedOut ? 'You are unsubscribed' : `Stop automated messages from ${businessName}?`}>
      <Stack spacing={2}>
        {optedOut ? (
          <Typography role="status">
            {businessName} will send no more automated emails or texts to {email}. If this was a mistake, ask{' '}
            {businessName} to undo it.
          </Typography>
        ) : (
          <>
            <Typography color="text.secondary">
              {businessName} sends automated emails and texts about your jobs to {email}. Messages a person at{' '}
              {businessName} writes are not affected.
            </Typography>
            {confirm.isError && (
              <Alert severity="error">
                {getErrorMessage(confirm.error, 'You could not be unsubscribed; try again.')}
              </Alert>
            )}
            <Button variant="contained" loading={confirm.isPending} onClick={() => confirm.mutate()}>
              Unsubscribe
            </Button>
          </>
        )}
      </Stack>
    </FormCard>
  );
}
