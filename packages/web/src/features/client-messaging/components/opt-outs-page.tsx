import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { LoadError } from '@/components/ui/load-error.tsx';
import { VendorTime } from '@/components/ui/vendor-time.tsx';
import { getErrorMessage } from '@/lib/api-client.ts';
import { useNotifications } from '@/lib/notifications.ts';
import { useVendorTimeZone } from '@/lib/vendor-time.ts';
import { useOptOuts, useUndoOptOut } from '../api/client-messaging.ts';

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
  if (optOuts.data.length === 0) {
    return (
      <Alert severity="info" sx={{ maxWidth: 760 }}>
        No client has unsubscribed. Every automated email carries an unsubscribe link; clients who use it are listed
        here.
      </Alert>
    );
  }
  return (
    <Paper variant="outlined" sx={{ maxWidth: 960 }}>
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
                        onError: (error) => toast(getErrorMessage(error, 'The opt-out could not be undone.'), 'error'),
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
  );
}
