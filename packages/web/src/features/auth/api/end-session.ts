import { apiPost } from '@/lib/api-client.ts';
import { lazySchema } from '@/lib/lazy-schema.ts';

/**
 * `POST /api/Auth/logout`: ends this browser's session on the server, so its token stops working even
 * if it was copied. Called as the browser forgets the session; a failure changes nothing for the person.
 */
export function endServerSession(): void {
  // The token is read as the request starts, before the browser forgets it.
  apiPost('/Auth/logout', lazySchema('NoData')).catch(() => {});
}
