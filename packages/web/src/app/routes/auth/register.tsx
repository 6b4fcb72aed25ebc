import { FormCard } from '@/components/ui/form-card.tsx';
import { RegisterForm } from '@/features/auth/components/register-form.tsx';

export function RegisterRoute() {
  return (
    <FormCard title="Create your account" subtitle="Set up Automate for your business. It takes a minute.">
      <RegisterForm />
    </FormCard>
  );
}
