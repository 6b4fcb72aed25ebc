import { PlaceholderPage } from '@/components/ui/placeholder-page.tsx';

export function PrivacyPolicyRoute() {
  return (
    <PlaceholderPage
      title="Privacy policy"
      description="How Automate collects, uses, stores and protects your data and your ServiceM8 data will be set out here."
    />
  );
}

export function TermsRoute() {
  return (
    <PlaceholderPage
      title="Terms and conditions"
      description="The terms of using Automate, including subscriptions, billing and acceptable use, will be set out here."
    />
  );
}
