import { useParams } from 'react-router';
import { FormCard } from '@/components/ui/form-card.tsx';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form.tsx';
import { ResetRequestForm } from '@/features/auth/components/reset-request-form.tsx';

/** /auth/reset: ask for a link to choose a new password. */
export function ResetRequestRoute() {
  return (
    <FormCard title="Reset your password">
      <ResetRequestForm />
    </FormCard>
  );
}

/** /auth/reset/{token}/{userId}: the link in the reset email. */
export function ResetPasswordRoute() {
  const { token = '', userId = '' } = useParams();
  return (
    <FormCard title="Choose a new password">
      <ResetPasswordForm link={{ token, userId }} />
    </FormCard>
  );
}
