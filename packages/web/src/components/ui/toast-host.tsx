import { TOASTS } from '@automate/contract';
import GlobalStyles from '@mui/material/GlobalStyles';
import { SnackbarProvider, useSnackbar } from 'notistack';
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

/** The toasts: 5000 ms, at most 20, top-right; the same sentence twice shows once. */
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
      >
        <AttachToQueue />
      </SnackbarProvider>
    </>
  );
}
