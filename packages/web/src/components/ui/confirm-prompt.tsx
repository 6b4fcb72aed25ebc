import { DIALOG_WIDTHS } from '@automate/contract';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { type ReactNode, useId } from 'react';

export type ConfirmOptions = {
  message: ReactNode;
  title?: string;
  confirmText?: string;
  cancelText?: string;
  /** Colours Confirm as a destructive action. */
  destructive?: boolean;
  onConfirm?: () => void;
  onCancel?: () => void;
};

type ConfirmDialogProps = ConfirmOptions & {
  open: boolean;
  /** Called once the dialog should close, after `onConfirm` or `onCancel`. */
  onClose: (confirmed: boolean) => void;
};

/**
 * A 500 px wide dialog with a message, Cancel and Confirm. Confirming closes it without
 * calling the cancel callback; cancelling (the button, Escape or a click outside) calls the cancel callback
 * and closes it.
 */
export function ConfirmDialog({
  open,
  message,
  title = 'Please confirm',
  confirmText = 'Confirm',
  cancelText = 'Cancel',
  destructive = false,
  onConfirm,
  onCancel,
  onClose,
}: ConfirmDialogProps) {
  const titleId = useId();
  const messageId = useId();
  const confirm = () => {
    onConfirm?.();
    onClose(true);
  };
  const cancel = () => {
    onCancel?.();
    onClose(false);
  };

  return (
    <Dialog
      open={open}
      onClose={cancel}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      slotProps={{ paper: { sx: { width: DIALOG_WIDTHS.confirm, maxWidth: 'calc(100% - 32px)' } } }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={messageId} component="div">
          {message}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={cancel}>{cancelText}</Button>
        <Button onClick={confirm} variant="contained" color={destructive ? 'error' : 'primary'} autoFocus>
          {confirmText}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
