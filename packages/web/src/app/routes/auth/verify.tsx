import { useParams } from 'react-router';
import { FormCard } from '@/components/ui/form-card.tsx';
import { VerifyEmail } from '@/features/auth/components/verify-email.tsx';

/** /auth/verify/{token}/{userId}: the link in the confirmation email. */
export function VerifyRoute() {
  const { token = '', userId = '' } = useParams();
  return (
    <FormCard title="Confirm your email address">
      <VerifyEmail link={{ token, userId }} />
    </FormCard>
  );
}
