import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { FormCard } from '@/components/ui/form-card.tsx';

/**
 * /payment/close: where the payment provider returns to after checkout. When checkout ran in its own
 * window, that window closes itself; otherwise the page says where to go next.
 */
export function PaymentCloseRoute() {
  useEffect(() => {
    if (window.opener) window.close();
  }, []);

  return (
    <FormCard title="Payment finished">
      <Stack spacing={2}>
        <Typography color="text.secondary">
          You can close this window. Your subscription updates as soon as the payment is confirmed.
        </Typography>
        <Button href="/app/account/subscription/overview" variant="contained">
          View your subscription
        </Button>
      </Stack>
    </FormCard>
  );
}
