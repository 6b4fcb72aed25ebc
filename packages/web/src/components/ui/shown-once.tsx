import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';

/** A secret the server answers once (an API key, a signing secret): a warning to copy it now, and the value to copy. */
export function ShownOnce({ label, value, warning }: { label: string; value: string; warning: string }) {
  return (
    <Box sx={{ mt: 2 }}>
      <Alert severity="warning" sx={{ mb: 1 }}>
        {warning}
      </Alert>
      <TextField
        label={label}
        value={value}
        fullWidth
        slotProps={{ htmlInput: { readOnly: true } }}
        onFocus={(event) => event.target.select()}
      />
    </Box>
  );
}
