import Alert from '@mui/material/Alert';

/** Automation screens belong to a vendor: what to do when the session has none. */
export function NoVendorNotice() {
  return (
    <Alert severity="info" sx={{ maxWidth: 760 }} data-testid="no-vendor">
      Automations belong to a business. Choose a vendor in the sidebar, ask your business’s Admin to invite you, or
      connect ServiceM8 to set one up.
    </Alert>
  );
}
