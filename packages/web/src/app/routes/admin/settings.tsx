import { useParams } from 'react-router';
import { PlaceholderPage } from '@/components/ui/placeholder-page.tsx';

export function AdminEmailsRoute() {
  return (
    <PlaceholderPage
      title="System emails"
      description="The platform's own emails (confirm address, reset password, welcome, invitation) to edit."
    />
  );
}

export function AdminEmailRoute() {
  const { id = '' } = useParams();
  return (
    <PlaceholderPage
      title="System email"
      description={`The editor for system email ${id}: subject, body and a preview.`}
    />
  );
}

export function AdminTriggerTemplatesRoute() {
  return (
    <PlaceholderPage
      title="Trigger templates"
      description="The trigger templates offered during onboarding, to search, create and edit."
    />
  );
}

export function AdminTriggerTemplateRoute() {
  const { id = '' } = useParams();
  return <PlaceholderPage title="Trigger template" description={`The editor for trigger template ${id}.`} />;
}

export function AdminProductsRoute() {
  return (
    <PlaceholderPage
      title="Products"
      description="Subscription products and their prices, to create, edit and retire."
    />
  );
}
