import {
  DIALOG_WIDTHS,
  FEEDBACK_MESSAGE_MAX,
  FEEDBACK_PAGE_MAX,
  FeedbackMessage,
  SendFeedbackRequest,
} from '@automate/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { type FormEvent, useCallback, useId, useState } from 'react';
import { useLocation } from 'react-router';
import { ErrorAlert } from '@/components/ui/error-alert.tsx';
import { PendingButton } from '@/components/ui/pending-button.tsx';
import { TextArea } from '@/components/ui/text-area.tsx';
import { apiPost } from '@/lib/api-client.ts';
import { apiFieldErrors, type FieldErrorMap, withoutField, zodFieldErrors } from '@/lib/form-errors.ts';
import { formatNumber } from '@/lib/format.ts';
import { showToast } from '@/lib/toasts.ts';
import { useAction } from '@/lib/use-action.ts';

type FeedbackDialogProps = {
  open: boolean;
  /** The external feedback form (`feedbackFormUrl` of `GET /api/Public/fetchdata`); null for the built-in form. */
  formUrl: string | null;
  /** The business the built-in form sends for. */
  vendorId: string | null;
  onClose: () => void;
};

/**
 * The feedback dialog (max width 800). With an external form configured it embeds it; without one it
 * offers the built-in form (a message, an optional rating and the page it came from), sent to
 * `POST /api/vendor/{vendorId}/Feedback` for super admins to read.
 */
export function FeedbackDialog({ open, formUrl, vendorId, onClose }: FeedbackDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { maxWidth: DIALOG_WIDTHS.feedbackMax } } }}
    >
      <DialogTitle id={titleId}>Feedback</DialogTitle>
      {formUrl !== null ? (
        <ExternalForm formUrl={formUrl} onClose={onClose} />
      ) : open && vendorId !== null ? (
        // A new form each time the dialog opens: what was sent before is gone.
        <BuiltInForm vendorId={vendorId} onClose={onClose} />
      ) : null}
    </Dialog>
  );
}

function ExternalForm({ formUrl, onClose }: { formUrl: string; onClose: () => void }) {
  return (
    <>
      <DialogContent dividers sx={{ p: 0 }}>
        <Box
          component="iframe"
          src={formUrl}
          title="Feedback form"
          sx={{ display: 'block', width: '100%', height: 'min(70vh, 720px)', border: 0 }}
        />
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'space-between' }}>
        <Typography variant="body2" color="text.secondary" sx={{ pl: 1 }}>
          Form not showing?{' '}
          <Link href={formUrl} target="_blank" rel="noopener noreferrer" component="a">
            Open it in a new tab
          </Link>
        </Typography>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </>
  );
}

/** What the person sends: the message, the rating they chose (null for none) and the page they are on. */
function useSendFeedback(vendorId: string) {
  const send = useCallback(
    (body: SendFeedbackRequest) => apiPost(`/vendor/${vendorId}/Feedback`, FeedbackMessage, { body }),
    [vendorId],
  );
  return useAction(send);
}

function BuiltInForm({ vendorId, onClose }: { vendorId: string; onClose: () => void }) {
  const location = useLocation();
  const page = `${location.pathname}${location.search}`.slice(0, FEEDBACK_PAGE_MAX);
  const [message, setMessage] = useState('');
  const [rating, setRating] = useState<number | null>(null);
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const sending = useSendFeedback(vendorId);
  const ratingLabelId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = SendFeedbackRequest.safeParse({ message, rating, page });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    sending.mutate(parsed.data, {
      onSuccess: () => {
        showToast({ message: 'Thank you for your feedback.', variant: 'success' });
        onClose();
      },
    });
  };
  const shown = { ...apiFieldErrors(sending.error), ...errors };
  const length = message.trim().length;

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Send feedback">
      <DialogContent dividers>
        <Stack spacing={2}>
          <DialogContentText>
            Tell us what works, what got in your way or what you would like Automate to do. The team reads every
            message.
          </DialogContentText>
          <TextArea
            label="Message"
            required
            rows={5}
            value={message}
            onChange={(event) => {
              setMessage(event.target.value);
              setErrors((current) => withoutField(current, 'message'));
            }}
            error={shown.message !== undefined}
            helperText={shown.message ?? `${formatNumber(length)} of ${formatNumber(FEEDBACK_MESSAGE_MAX)} characters`}
            fullWidth
          />
          <Box>
            <Typography id={ratingLabelId} variant="body2" component="p" gutterBottom>
              How would you rate Automate, from 1 (poor) to 5 (excellent)? Optional: press a chosen number again to
              clear it.
            </Typography>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={rating}
              onChange={(_event, value: number | null) => setRating(value)}
              aria-labelledby={ratingLabelId}
            >
              {[1, 2, 3, 4, 5].map((value) => (
                <ToggleButton key={value} value={value} sx={{ minWidth: 44 }}>
                  {value}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            {shown.rating ? (
              <Typography variant="caption" color="error" component="p" role="alert">
                {shown.rating}
              </Typography>
            ) : null}
          </Box>
          <Typography variant="body2" color="text.secondary">
            Sent with the page you are on:{' '}
            <Box component="code" sx={{ wordBreak: 'break-all' }}>
              {page}
            </Box>
          </Typography>
          <ErrorAlert
            error={sending.error && Object.keys(apiFieldErrors(sending.error)).length === 0 ? sending.error : null}
            fallback="The feedback could not be sent. Try again in a moment."
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <PendingButton type="submit" variant="contained" pending={sending.isPending} pendingText="Sending…">
          Send feedback
        </PendingButton>
      </DialogActions>
    </Box>
  );
}
