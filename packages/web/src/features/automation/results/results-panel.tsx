import {
  type AutomationResults,
  RESULTS_FORM_DAYS,
  RESULTS_OUTCOME_DAYS,
  RESULTS_PERIOD_DAYS,
  type ResultFigure,
} from '@automate/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { getErrorMessage } from '@/lib/api-client.ts';
import { formatCurrency, formatNumber } from '@/lib/format.ts';
import { useAutomationResults } from '../api/get-results.ts';

const percent = (share: number) => formatNumber(share, { style: 'percent', maximumFractionDigits: 0 });
const days = (value: number) => `${formatNumber(value, { maximumFractionDigits: 1 })} day${value === 1 ? '' : 's'}`;

/** One figure: its value with its sample size, or why it is not shown yet. */
function Figure({
  label,
  figure,
  show,
  records,
  testId,
}: {
  label: string;
  figure: ResultFigure;
  show: (value: number) => string;
  records: string;
  testId: string;
}) {
  return (
    <Box data-testid={testId}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      {figure.value === null ? (
        <Typography>{figure.note ?? `No ${records} yet.`}</Typography>
      ) : (
        <Typography>
          <Box component="strong" sx={{ fontSize: '1.25rem' }}>
            {show(figure.value)}
          </Box>{' '}
          of {formatNumber(figure.sample)} {records}
        </Typography>
      )}
    </Box>
  );
}

function QuoteFigures({ results }: { results: NonNullable<AutomationResults['quoteFollowUps']> }) {
  return (
    <Stack spacing={1.5}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        Quotes followed up
      </Typography>
      <Figure
        label={`Approved within ${RESULTS_OUTCOME_DAYS} days after a follow-up`}
        figure={results.approvedAfterFollowUp}
        show={percent}
        records="quotes"
        testId="results-quotes-followed"
      />
      {results.approvedAfterFollowUp.value !== null ? (
        <Typography variant="body2" data-testid="results-quotes-value">
          {formatNumber(results.approvedCount)} approved after a follow-up, worth{' '}
          {formatCurrency(results.approvedValue)}
        </Typography>
      ) : null}
      <Figure
        label="Compared with quotes of the same period not followed up"
        figure={results.approvedWithoutFollowUp}
        show={percent}
        records="quotes"
        testId="results-quotes-others"
      />
    </Stack>
  );
}

function PaymentFigures({ results }: { results: NonNullable<AutomationResults['paymentReminders']> }) {
  return (
    <Stack spacing={1.5}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        Invoices reminded
      </Typography>
      <Figure
        label={`Paid within ${RESULTS_OUTCOME_DAYS} days after a reminder`}
        figure={results.paidAfterReminder}
        show={percent}
        records="invoices"
        testId="results-paid"
      />
      <Figure
        label="Median time from reminder to payment"
        figure={results.medianDaysToPayAfterReminder}
        show={days}
        records="paid invoices"
        testId="results-days-after"
      />
      <Figure
        label="Compared with the median time to pay before this automation was switched on"
        figure={results.medianDaysToPayBefore}
        show={days}
        records="paid invoices"
        testId="results-days-before"
      />
    </Stack>
  );
}

function FormFigures({ results }: { results: NonNullable<AutomationResults['formRequests']> }) {
  return (
    <Stack spacing={1.5}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        Forms requested
      </Typography>
      <Figure
        label={`A form filled in on the job within ${RESULTS_FORM_DAYS} days after the request`}
        figure={results.submittedAfterRequest}
        show={percent}
        records="requests"
        testId="results-forms"
      />
      {results.submittedAfterRequest.value !== null ? (
        <Typography variant="body2">{formatNumber(results.submittedCount)} forms filled in after a request</Typography>
      ) : null}
    </Stack>
  );
}

/**
 * The automation's Results: what followed its runs of the last 90 days (quotes approved, invoices paid,
 * forms filled in),
 * compared with what happened without it. Observations after its runs, not what it caused.
 */
export function ResultsPanel({ vendorId, triggerId }: { vendorId: string; triggerId: string }) {
  const results = useAutomationResults(vendorId, triggerId);
  return (
    <Card variant="outlined" component="section" aria-label="Results" sx={{ mb: 3 }} data-testid="results-panel">
      <CardContent>
        <Typography variant="h6" component="h2">
          Results
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          What happened after this automation ran in the last {RESULTS_PERIOD_DAYS} days, compared with what happened
          without it. A run counts once {RESULTS_OUTCOME_DAYS} days have passed.
        </Typography>
        {results.isPending ? (
          <Skeleton variant="rounded" height={96} role="status" aria-label="Loading the results" />
        ) : results.isError ? (
          <Alert severity="error">{getErrorMessage(results.error, 'The results could not be loaded.')}</Alert>
        ) : results.data.quoteFollowUps || results.data.paymentReminders || results.data.formRequests ? (
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={4}>
            {results.data.quoteFollowUps ? <QuoteFigures results={results.data.quoteFollowUps} /> : null}
            {results.data.paymentReminders ? <PaymentFigures results={results.data.paymentReminders} /> : null}
            {results.data.formRequests ? <FormFigures results={results.data.formRequests} /> : null}
          </Stack>
        ) : (
          <Typography data-testid="results-empty">
            No results to show: in the last {RESULTS_PERIOD_DAYS} days this automation did not run on a quote or on an
            unpaid invoice, and its messages do not ask for a form.
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
