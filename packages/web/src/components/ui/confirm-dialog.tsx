import { DIALOG_WIDTHS } from '@automate/contract';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { createContext, type ReactNode, useCallback, useContext, useId, useMemo, useRef, useState } from 'react';

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

type Confirm = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

/** Lets any component ask `await confirm({ message })`: true when confirmed, false when cancelled. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<{ options: ConfirmOptions; open: boolean } | null>(null);
  const resolveRef = useRef<((confirmed: boolean) => void) | null>(null);

  const confirm = useCallback<Confirm>(
    (options) =>
      new Promise<boolean>((resolve) => {
        resolveRef.current?.(false);
        resolveRef.current = resolve;
        setRequest({ options, open: true });
      }),
    [],
  );

  const close = useCallback((confirmed: boolean) => {
    resolveRef.current?.(confirmed);
    resolveRef.current = null;
    setRequest((current) => (current ? { ...current, open: false } : null));
  }, []);

  const value = useMemo(() => confirm, [confirm]);

  return (
    <ConfirmContext value={value}>
      {children}
      {request ? <ConfirmDialog {...request.options} open={request.open} onClose={close} /> : null}
    </ConfirmContext>
  );
}

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm needs a <ConfirmProvider> above it.');
  return confirm;
}
