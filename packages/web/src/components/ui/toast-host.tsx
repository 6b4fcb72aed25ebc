import { TOASTS } from '@automate/contract';
import CloseIcon from '@mui/icons-material/Close';
import GlobalStyles from '@mui/material/GlobalStyles';
import IconButton from '@mui/material/IconButton';
import { closeSnackbar, type SnackbarKey, SnackbarProvider, useSnackbar } from 'notistack';
import { useEffect } from 'react';
import { attachToastHost } from '@/lib/toasts.ts';

/** Toasts stack top-right below the header (64 px high on wide screens), not over its buttons. */
const TOASTS_BELOW_HEADER = 'automate-toasts-below-header';
const toastStyles = { [`.${TOASTS_BELOW_HEADER}`]: { top: '72px !important' } };

function AttachToQueue() {
  const { enqueueSnackbar } = useSnackbar();
  useEffect(
    () =>
      attachToastHost(({ message, variant, anchorOrigin }) => {
        enqueueSnackbar(message, anchorOrigin ? { variant, anchorOrigin } : { variant });
      }),
    [enqueueSnackbar],
  );
  return null;
}

/**
 * A toast's own close button: a toast sits over the top right of the page, where its action buttons are,
 * and whoever wants the button under it need not wait out the 5 s.
 */
function dismissButton(key: SnackbarKey) {
  return (
    <IconButton size="small" color="inherit" aria-label="Dismiss" onClick={() => closeSnackbar(key)}>
      <CloseIcon fontSize="small" />
    </IconButton>
  );
}

/** The toasts: 5000 ms, at most 20, top-right, each with a Dismiss button; the same sentence twice shows once. */
export function ToastHost() {
  return (
    <>
      <GlobalStyles styles={toastStyles} />
      <SnackbarProvider
        maxSnack={TOASTS.max}
        autoHideDuration={TOASTS.timeoutMs}
        anchorOrigin={TOASTS.position}
        classes={{ containerAnchorOriginTopRight: TOASTS_BELOW_HEADER }}
        preventDuplicate
        action={dismissButton}
      >
        <AttachToQueue />
      </SnackbarProvider>
    </>
  );
}
