import { useSearchParams } from 'react-router';
import { UnsubscribePage } from '@/features/client-messaging/components/unsubscribe-page.tsx';

/** /unsubscribe?token=…: the public page of an automated email's unsubscribe link. */
export function UnsubscribeRoute() {
  const [params] = useSearchParams();
  return <UnsubscribePage token={params.get('token') ?? ''} />;
}
