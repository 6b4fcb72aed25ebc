import DeleteIcon from '@mui/icons-material/Delete';
import SaveIcon from '@mui/icons-material/Save';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

type FormActionBarProps = {
  /** The form differs from what was last saved. */
  dirty: boolean;
  /** The record exists (created or loaded): the button says Save, else Create, and Delete shows. */
  exists: boolean;
  saving: boolean;
  /** A line beside "Unsaved changes" on wider screens, e.g. a keyboard shortcut. */
  hint?: string;
  /** Deletes the record (after the caller's confirmation); without it there is no Delete button. */
  onDelete?: () => void;
  deleting?: boolean;
};

/**
 * The actions of an editor (Delete, Save or Create) with whether its changes are saved, stuck to the
 * bottom of the window while the form is longer than it: always in reach, and away from the toasts in
 * the top-right corner. The Save button submits the surrounding form.
 */
export function FormActionBar({ dirty, exists, saving, hint, onDelete, deleting = false }: FormActionBarProps) {
  return (
    <Paper
      variant="outlined"
      sx={{
        position: 'sticky',
        bottom: 0,
        zIndex: 2,
        mt: 2,
        px: { xs: 2, sm: 3 },
        py: 1.5,
        '@media print': { display: 'none' },
      }}
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
          {dirty ? (
            <>
              <Chip label="Unsaved changes" size="small" color="info" data-testid="unsaved-changes" />
              {hint ? (
                <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' } }}>
                  {hint}
                </Typography>
              ) : null}
            </>
          ) : exists ? (
            <Typography variant="body2" color="text.secondary">
              All changes saved
            </Typography>
          ) : null}
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexShrink: 0 }}>
          {exists && onDelete ? (
            <Button
              color="error"
              startIcon={deleting ? <CircularProgress size={16} color="inherit" /> : <DeleteIcon />}
              onClick={onDelete}
              disabled={deleting || saving}
            >
              Delete
            </Button>
          ) : null}
          <Button
            type="submit"
            variant="contained"
            startIcon={saving ? <CircularProgress size={16} color="inherit" /> : <SaveIcon />}
            disabled={saving || deleting || (exists && !dirty)}
          >
            {saving ? 'Saving…' : exists ? 'Save' : 'Create'}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
