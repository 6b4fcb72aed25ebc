import type { Sm8WebhookSubscription } from '@automate/contract';
import type { Deps } from '../../deps.ts';
import type { Sm8Client } from '../../integrations/servicem8/sm8-client.ts';
import { webhookSecretOf } from './sm8-access.ts';

/** The field webhooks the automation engine listens to (the events are derived from them). */
const OBJECT_SUBSCRIPTIONS = [
  {
    object: 'job',
    fields: [
      'status',
      'category_uuid',
      'queue_uuid',
      'badges',
      'quote_sent',
      'invoice_sent',
      'payment_received',
      'completion_date',
      'job_is_scheduled_until_stamp',
      'active',
    ],
  },
  { object: 'company', fields: ['name', 'badges', 'active'] },
  { object: 'jobactivity', fields: ['start_date', 'end_date', 'activity_was_scheduled', 'active'] },
  { object: 'jobpayment', fields: ['amount', 'active'] },
  { object: 'formresponse', fields: ['field_data', 'form_uuid'] },
] as const;

/** Event webhooks for what field webhooks cannot say: that a record was created, that a client accepted a quote. */
const EVENT_SUBSCRIPTIONS = ['job.created', 'company.created', 'form.response_created', 'job.quote_accepted'] as const;

function webhookCallbackUrl(deps: Deps, vendorId: string, secret: string): string {
  const url = new URL(`${deps.config.publicUrl}/api/Webhook/sm8cb`);
  url.searchParams.set('vendor', vendorId);
  url.searchParams.set('secret', secret);
  return url.toString();
}

/**
 * Makes the account's subscriptions what we need: subscribes what is missing or was deactivated by
 * ServiceM8 (after failed deliveries). Answers what it (re)subscribed.
 */
export async function ensureWebhookSubscriptions(deps: Deps, vendorId: string, client: Sm8Client): Promise<string[]> {
  const secret = await webhookSecretOf(deps, vendorId);
  if (!secret) return [];
  const callback = webhookCallbackUrl(deps, vendorId, secret);
  const existing = await client.listWebhookSubscriptions();
  const isLive = (match: (s: Sm8WebhookSubscription) => boolean) =>
    existing.some((s) => match(s) && (s.callback_url ?? s.url) === callback && (s.status ?? 'active') === 'active');
  const done: string[] = [];
  for (const { object, fields } of OBJECT_SUBSCRIPTIONS) {
    if (!isLive((s) => s.object?.toLowerCase() === object)) {
      await client.subscribeObject(object, fields, callback);
      done.push(object);
    }
  }
  for (const event of EVENT_SUBSCRIPTIONS) {
    if (!isLive((s) => s.event === event)) {
      await client.subscribeEvent(event, callback);
      done.push(event);
    }
  }
  return done;
}
