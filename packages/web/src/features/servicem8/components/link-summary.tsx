import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';

/** What linking a ServiceM8 login does, in words, with the warning a link sent by someone else needs. */
export function LinkSummary({ summary }: { summary: { staffName: string; accountName: string; vendorName: string } }) {
  return (
    <>
      <Typography>
        Link <strong>{summary.staffName}</strong>, a staff member of the ServiceM8 account{' '}
        <strong>{summary.accountName}</strong>, to your Automate account. From then on, opening Automate from ServiceM8
        as that staff member signs you in to <strong>{summary.vendorName}</strong>.
      </Typography>
      <Alert severity="warning">
        Only do this if you opened Automate from ServiceM8 yourself, just now. If someone sent you this, do not link:
        they could then open Automate as you.
      </Alert>
    </>
  );
}
