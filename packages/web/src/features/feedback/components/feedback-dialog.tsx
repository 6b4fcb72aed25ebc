import { DIALOG_WIDTHS } from '@automate/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

/**
 * The feedback dialog (max width 800) embeds the external feedback form. Its URL is
 * configuration (`feedbackFormUrl` of `GET /api/Public/fetchdata`); the shell hides Feedback without one.
 */
export function FeedbackDialog({ open, formUrl, onClose }: { open: boolean; formUrl: string; onClose: () => void }) {
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
    </Dialog>
  );
}
