import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { FormCard } from '@/components/ui/form-card.tsx';
import { tellOpenerPaymentClosed } from '@/features/billing/checkout-window.ts';

/**
 * /payment/close: where the payment provider returns to after checkout (`?status=success`, `canceled`
 * or `changed`). In the checkout popup it tells the app's window, which refreshes the subscription,
 * and closes itself; opened any other way it says where to go next.
 */
export function PaymentCloseRoute() {
  const [params] = useSearchParams();
  const status = params.get('status') ?? 'success';
  useEffect(() => {
    if (tellOpenerPaymentClosed(status)) window.close();
  }, [status]);

  return (
    <FormCard title={status === 'canceled' ? 'Payment canceled' : 'Payment finished'}>
      <Stack spacing={2}>
        <Typography color="text.secondary">
          {status === 'canceled'
            ? 'Nothing was charged. You can close this window.'
            : 'You can close this window. Your subscription updates as soon as the payment is confirmed.'}
        </Typography>
        <Button href={`/app/account/subscription/overview${status === 'success' ? '?paid=1' : ''}`} variant="contained">
          View your subscription
        </Button>
      </Stack>
    </FormCard>
  );
}
