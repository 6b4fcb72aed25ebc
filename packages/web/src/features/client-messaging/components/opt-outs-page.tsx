import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { LoadError } from '@/components/ui/load-error.tsx';
import { VendorTime } from '@/components/ui/vendor-time.tsx';
import { getErrorMessage } from '@/lib/api-client.ts';
import { useNotifications } from '@/lib/notifications.ts';
import { useVendor, useVendorTimeZone } from '@/lib/vendor-time.ts';
import { useBadges, useOptOuts, useUndoOptOut } from '../api/client-messaging.ts';

/**
 * /app/account/opt-outs: the clients who used the unsubscribe link of an automated email, and undoing
 * an opt-out (the client gets automated messages again). Clients opted out by the opt-out badge are
 * the ones with that badge in ServiceM8: removing the badge there undoes it.
 */
export function OptOutsPage({ vendorId, canUndo }: { vendorId: string; canUndo: boolean }) {
  const optOuts = useOptOuts(vendorId);
  const timeZone = useVendorTimeZone(vendorId);
  const undo = useUndoOptOut(vendorId);
  const { toast } = useNotifications();
  if (optOuts.isError) {
    return (
      <LoadError error={optOuts.error} fallback="The opt-outs could not be loaded." onRetry={() => optOuts.refetch()} />
    );
  }
  if (!optOuts.data) return <Skeleton variant="rounded" height={160} />;
  return (
    <Stack spacing={2} sx={{ maxWidth: 960 }}>
      <OptOutBadgeNote vendorId={vendorId} />
      {optOuts.data.length === 0 ? (
        <Alert severity="info">
          No client has unsubscribed. Every automated email carries an unsubscribe link; clients who use it are listed
          here.
        </Alert>
      ) : (
        <Paper variant="outlined">
          <Table size="small" aria-label="Opt-outs">
            <TableHead>
              <TableRow>
                <TableCell>Who</TableCell>
                <TableCell>Email</TableCell>
                <TableCell>Unsubscribed</TableCell>
                <TableCell align="right">Action</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {optOuts.data.map((optOut) => (
                <TableRow key={optOut.clientUuid} data-testid="opt-out">
                  <TableCell>{optOut.contactName || 'A client'}</TableCell>
                  <TableCell>{optOut.email}</TableCell>
                  <TableCell>
                    <VendorTime timeZone={timeZone} value={optOut.optedOutAt} />
                  </TableCell>
                  <TableCell align="right">
                    {canUndo && (
                      <Button
                        size="small"
                        aria-label={`Undo the opt-out of ${optOut.contactName || optOut.email}`}
                        disabled={undo.isPending}
                        onClick={() =>
                          undo.mutate(optOut.clientUuid, {
                            onSuccess: ({ message }) => toast(message ?? 'The opt-out was undone.', 'success'),
                            onError: (error) =>
                              toast(getErrorMessage(error, 'The opt-out could not be undone.'), 'error'),
                          })
                        }
                      >
                        Undo opt-out
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}

/** The other way a client is opted out: the badge chosen in Client messages, kept in ServiceM8. */
function OptOutBadgeNote({ vendorId }: { vendorId: string }) {
  const badgeUuid = useVendor(vendorId).data?.clientMessaging.optOutBadgeUuid ?? null;
  const badges = useBadges(vendorId);
  // Shown once the badge's name is known (or cannot be).
  if (!badgeUuid || (!badges.data && !badges.isError)) return null;
  const name = badges.data?.find((badge) => badge.uuid === badgeUuid)?.name ?? 'chosen in Client messages';
  return (
    <Typography variant="body2" color="text.secondary" data-testid="opt-out-badge">
      Clients with the ServiceM8 badge “{name}” get no automated messages either: remove the badge in ServiceM8 to undo
      it.
    </Typography>
  );
}
