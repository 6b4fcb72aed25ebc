import { DIALOG_WIDTHS } from '@automate/contract';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { type FormEvent, useId, useState } from 'react';
import { TextArea } from '@/components/ui/text-area.tsx';

const REASON_NEEDED = 'Say why the automations are suspended: the vendor sees the reason.';

/** Asks why a vendor's automations are suspended (the vendor sees the reason) before suspending them. */
export function SuspendDialog({
  vendorName,
  open,
  onClose,
  onSuspend,
}: {
  vendorName: string;
  open: boolean;
  onClose: () => void;
  onSuspend: (reason: string) => void;
}) {
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === '') {
      setError(REASON_NEEDED);
      return;
    }
    onSuspend(reason.trim());
    setReason('');
    setError(null);
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth={false}>
      <form noValidate onSubmit={submit} style={{ width: DIALOG_WIDTHS.confirm, maxWidth: '100%' }}>
        <DialogTitle id={titleId}>Suspend {vendorName}'s automations?</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Until they are resumed, every run is skipped with this reason, which {vendorName} sees in its logs.
          </DialogContentText>
          <TextArea
            label="Reason"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            required
            fullWidth
            rows={2}
            autoFocus
            error={error !== null}
            helperText={error ?? ' '}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" color="warning" variant="contained">
            Suspend
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
