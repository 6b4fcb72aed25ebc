import type { TriggerDefinitionInput, TriggerTemplateInput } from '@automate/contract';

/**
 * The template library a new installation starts with: the automations ServiceM8's own Automation
 * add-on offers (booking confirmation, appointment reminder, quote follow-up, invoice reminder,
 * feedback request) and more, each editable once copied. Records are named as a plumbing or
 * electrical business would name them; a copy matches them to the vendor's own (ignoring case) or asks.
 * `onboardingOrder` marks the ones recommended to a new vendor, first first.
 */

type Definition = Omit<TriggerDefinitionInput, 'enabled'>;
const HI = 'Hi {{ contact.first_name | default: "there" }},';
const SIGN_OFF = 'Thanks,\n{{ vendor.name }}';

const email = (id: string, subject: string, body: string) =>
  ({ id, type: 'JobClient_SendEmail', params: { subject, body } }) as const;
const text = (id: string, message: string) => ({ id, type: 'JobClient_SendText', params: { message } }) as const;
const addBadge = (id: string, badge: string) => ({ id, type: 'Job_AddBadge', params: { badgeUuid: badge } }) as const;
const all = (...items: NonNullable<Definition['conditions']>['items']) => ({ combiner: 'And' as const, items });

function template(
  fields: Omit<TriggerTemplateInput, 'definition' | 'published'> & { definition: Definition },
): TriggerTemplateInput {
  return { ...fields, published: true, definition: { ...fields.definition, enabled: false } };
}

/** A badge on a completed job brings the client back after `months`: a new quote job and an email. */
function followUpIn(months: 3 | 6 | 12): TriggerTemplateInput {
  const badge = `Follow up in ${months} months`;
  return template({
    title: `Follow up ${months} months after the job`,
    description: `Put the “${badge}” badge on a job. ${months} months after it is completed, a new quote job is created for the client and they get an email asking whether it is time for the next visit.`,
    category: 'Follow-ups',
    onboardingOrder: null,
    definition: {
      name: `Follow up after ${months} months`,
      event: 'JobCompleted',
      targetKind: 'Job',
      conditions: all({ type: 'JobHasBadge', params: { badgeUuid: badge } }),
      delay: { amount: months, unit: 'Month' },
      actions: [
        {
          id: 'follow-up-job',
          type: 'JobClient_CreateJob',
          params: {
            status: 'Quote',
            description: `${months}-month follow-up of job {{ job.number }} at {{ job.address }}: {{ job.description }}`,
          },
        },
        email(
          'follow-up-email',
          'Time for your next visit?',
          `${HI}\n\nIt has been ${months} months since we finished job {{ job.number }} at {{ job.address }}. Reply to this email and we will book your next visit.\n\n${SIGN_OFF}`,
        ),
      ],
    },
  });
}

type ChaseStep = Pick<TriggerTemplateInput, 'title' | 'description' | 'onboardingOrder'> & {
  days: number;
  actions: Definition['actions'];
};

/** Chasing a quote the client has not accepted: `days` after it is sent, while the job is still a quote. */
function quoteFollowUp({ days, actions, ...fields }: ChaseStep): TriggerTemplateInput {
  return template({
    ...fields,
    category: 'Quotes',
    definition: {
      name: fields.title,
      event: 'JobQuoteSent',
      targetKind: 'Job',
      conditions: all({ type: 'JobIsStatus', params: { status: 'Quote' } }),
      delay: { amount: days, unit: 'Day' },
      actions,
    },
  });
}

/**
 * Reminding a client of an unpaid invoice `days` after it is sent, unless the job has the “Paid” badge
 * (ServiceM8's paid-in-full flag has no negative condition; “Payment received: thank you” adds the badge).
 */
function paymentReminder({ days, actions, ...fields }: ChaseStep): TriggerTemplateInput {
  return template({
    ...fields,
    category: 'Invoices & payments',
    definition: {
      name: fields.title,
      event: 'JobInvoiceSent',
      targetKind: 'Job',
      conditions: all({ type: 'JobExcludesBadges', params: { badgeUuids: ['Paid'] } }),
      delay: { amount: days, unit: 'Day' },
      actions,
    },
  });
}

export const TRIGGER_TEMPLATE_LIBRARY: readonly TriggerTemplateInput[] = [
  template({
    title: 'Booking confirmation',
    description:
      'When a visit is booked, the job contact gets an email confirming the booking: the day and time, the address and the work.',
    category: 'Bookings',
    onboardingOrder: 1,
    definition: {
      name: 'Booking confirmation',
      event: 'JobIsScheduled',
      targetKind: 'Job',
      actions: [
        {
          id: 'confirm',
          type: 'Job_SendEmail',
          params: {
            subject: 'Your booking with {{ vendor.name }} is confirmed',
            body: `${HI}\n\nYour booking for job {{ job.number }} at {{ job.address }} on {{ booking.date }} at {{ booking.time }} is confirmed.\n\nThe work: {{ job.description }}\n\nIf anything changes, just reply to this email.\n\n${SIGN_OFF}`,
          },
        },
      ],
    },
  }),
  template({
    title: 'Appointment reminder the day before',
    description:
      'The day before a booked visit starts, if the job is not completed yet, the client gets a text reminding them of the visit. A visit booked less than a day ahead gets its reminder straight away; a cancelled one gets none, and a moved one gets it the day before its new time.',
    category: 'Bookings',
    onboardingOrder: null,
    definition: {
      name: 'Appointment reminder',
      event: 'JobIsScheduled',
      targetKind: 'Job',
      conditions: all({ type: 'JobExcludesStatuses', params: { statuses: ['Completed', 'Unsuccessful'] } }),
      delay: { amount: 1, unit: 'Day', from: 'BookingStart' },
      actions: [
        text(
          'remind',
          'Hi {{ contact.first_name }}, a reminder from {{ vendor.name }}: we are booked to visit {{ job.address }} on {{ booking.date }} at {{ booking.time }} (job {{ job.number }}). Reply if you need to change the time.',
        ),
      ],
    },
  }),
  template({
    title: 'On my way text',
    description:
      'Add the “On my way” badge to a job when you leave for it: the client gets a text that you are on your way, and the badge comes off again.',
    category: 'Bookings',
    onboardingOrder: 3,
    definition: {
      name: 'On my way',
      event: 'JobBadgesChanged',
      targetKind: 'Job',
      conditions: all({ type: 'JobHasBadge', params: { badgeUuid: 'On my way' } }),
      actions: [
        text(
          'on-my-way',
          'Hi {{ contact.first_name }}, {{ vendor.name }} here: we are on our way to {{ job.address }} and will see you soon.',
        ),
        { id: 'badge-off', type: 'Job_RemoveBadge', params: { badgeUuid: 'On my way' } },
      ],
    },
  }),
  quoteFollowUp({
    title: 'Quote follow-up after 3 days',
    description:
      'Three days after a quote is sent, if the client has not accepted it, they get a friendly email and the job gets the “Quote Follow-up” badge.',
    onboardingOrder: 2,
    days: 3,
    actions: [
      email(
        'follow-up',
        'Any questions about your quote?',
        `${HI}\n\nWe sent you a quote for job {{ job.number }} ({{ job.description }}) a few days ago. Do you have any questions? Reply to this email, or accept the quote online when you are ready.\n\n${SIGN_OFF}`,
      ),
      addBadge('badge', 'Quote Follow-up'),
    ],
  }),
  quoteFollowUp({
    title: 'Quote follow-up after 7 days',
    description:
      'A week after a quote is sent, if it is still not accepted, the client gets a second email and the job goes into the “Quotes to follow up” queue for a call.',
    onboardingOrder: null,
    days: 7,
    actions: [
      email(
        'second-follow-up',
        'Your quote from {{ vendor.name }}',
        `${HI}\n\nJust checking in on the quote for job {{ job.number }} at {{ job.address }}. We would be glad to help; reply to this email to go ahead or ask a question.\n\n${SIGN_OFF}`,
      ),
      { id: 'queue', type: 'Job_AddToQueue', params: { queueUuid: 'Quotes to follow up' } },
    ],
  }),
  template({
    title: 'Quote accepted: thank you and ready to schedule',
    description:
      'When a client accepts a quote, they get a thank-you email and the job goes into the “Ready to schedule” queue, so nobody forgets to book it.',
    category: 'Quotes',
    onboardingOrder: null,
    definition: {
      name: 'Quote accepted',
      event: 'JobQuoteApproved',
      targetKind: 'Job',
      actions: [
        email(
          'thanks',
          'Thank you for accepting our quote',
          `${HI}\n\nThank you for accepting the quote for job {{ job.number }}. We will be in touch shortly to book a time.\n\n${SIGN_OFF}`,
        ),
        { id: 'queue', type: 'Job_AddToQueue', params: { queueUuid: 'Ready to schedule' } },
      ],
    },
  }),
  paymentReminder({
    title: 'Payment reminder after 7 days',
    description:
      'A week after an invoice is sent, unless the job has the “Paid” badge, the client gets a polite reminder with the amount. Turn on “Payment received: thank you” too: it adds the Paid badge when ServiceM8 marks the invoice paid.',
    onboardingOrder: 6,
    days: 7,
    actions: [
      email(
        'reminder',
        'A reminder about invoice {{ job.number }}',
        `${HI}\n\nA friendly reminder that the invoice for job {{ job.number }} ({{ job.total }}) is waiting for payment. If you have already paid, thank you, and please ignore this email.\n\n${SIGN_OFF}`,
      ),
    ],
  }),
  paymentReminder({
    title: 'Payment reminder after 14 days',
    description:
      'Two weeks after an invoice is sent, unless the job has the “Paid” badge, the client gets a second reminder and the job gets the “Invoice Overdue” badge.',
    onboardingOrder: null,
    days: 14,
    actions: [
      email(
        'second-reminder',
        'Invoice {{ job.number }} is overdue',
        `${HI}\n\nOur records show the invoice for job {{ job.number }} ({{ job.total }}) is still unpaid. Please arrange payment, or reply to this email if something is not right.\n\n${SIGN_OFF}`,
      ),
      addBadge('overdue', 'Invoice Overdue'),
    ],
  }),
  template({
    title: 'Payment received: thank you',
    description:
      'When ServiceM8 marks an invoice paid in full, the client gets a thank-you email and the job gets the “Paid” badge (which stops payment reminders).',
    category: 'Invoices & payments',
    onboardingOrder: 4,
    definition: {
      name: 'Payment received: thank you',
      event: 'JobInvoiceApproved',
      targetKind: 'Job',
      actions: [
        email(
          'thanks',
          'Thank you for your payment',
          `${HI}\n\nWe have received your payment for job {{ job.number }}. Thank you for choosing {{ vendor.name }}.\n\n${SIGN_OFF}`,
        ),
        addBadge('paid', 'Paid'),
      ],
    },
  }),
  template({
    title: 'Review request a day after the job',
    description: 'A day after a job is completed, the client gets an email asking how it went and inviting a review.',
    category: 'Reviews',
    onboardingOrder: 5,
    definition: {
      name: 'Review request',
      event: 'JobCompleted',
      targetKind: 'Job',
      conditions: all({ type: 'JobIsCompleted', params: {} }),
      delay: { amount: 1, unit: 'Day' },
      actions: [
        email(
          'review',
          'How did we do?',
          `${HI}\n\nThank you for having us at {{ job.address }}. How did we do? A short review helps other people find a tradesperson they can trust: {{ vendor.website }}\n\n${SIGN_OFF}`,
        ),
      ],
    },
  }),
  followUpIn(3),
  followUpIn(6),
  followUpIn(12),
  template({
    title: 'Welcome a new client',
    description: 'When a new client is added in ServiceM8, they get a welcome email from your business.',
    category: 'Follow-ups',
    onboardingOrder: null,
    definition: {
      name: 'Welcome a new client',
      event: 'ClientIsCreated',
      targetKind: 'Client',
      actions: [
        email(
          'welcome',
          'Welcome to {{ vendor.name }}',
          `${HI}\n\nThank you for choosing {{ vendor.name }}. Whenever you need us, reply to this email or visit {{ vendor.website }}.\n\n${SIGN_OFF}`,
        ),
      ],
    },
  }),
  template({
    title: 'Alert the office about an unhappy client',
    description:
      'When a Customer Satisfaction Survey comes back with a rating below 3, the job gets the “Urgent” badge and a note asking the office to call the client.',
    category: 'Forms',
    onboardingOrder: null,
    definition: {
      name: 'Unhappy client alert',
      event: 'FormIsSubmitted',
      targetKind: 'Form',
      conditions: all(
        { type: 'FormIsType', params: { formUuid: 'Customer Satisfaction Survey' } },
        {
          type: 'FormFieldNumberMatches',
          params: { formUuid: 'Customer Satisfaction Survey', field: 'Rating (1-5)', operator: 'Lt', value: 3 },
        },
      ),
      actions: [
        addBadge('urgent', 'Urgent'),
        {
          id: 'note',
          type: 'Job_AddNote',
          params: {
            text: 'The client rated job {{ job.number }} below 3 in the satisfaction survey. Office: please call them today.',
          },
        },
      ],
    },
  }),
  template({
    title: 'Post completed jobs to a channel',
    description:
      'When a job is completed, a message naming the job and the client is posted to a chat channel (a Slack or Teams incoming webhook, or any service that takes {"text": …}). Paste your channel’s webhook address into the action before switching it on.',
    category: 'Other systems',
    onboardingOrder: null,
    definition: {
      name: 'Post completed jobs to a channel',
      event: 'JobCompleted',
      targetKind: 'Job',
      actions: [
        {
          id: 'post-to-channel',
          type: 'SendToWebAddress',
          params: {
            url: 'https://hooks.slack.com/services/REPLACE/WITH/YOURS',
            bodyMode: 'template',
            body: '{"text": {{ "Job " | append: job.number | append: " for " | append: client.name | append: " is completed: " | append: job.description | json }}}',
          },
        },
      ],
    },
  }),
  template({
    title: 'Send new clients to my website',
    description:
      'When a client is added in ServiceM8, their record is sent as JSON to your website or another system (a CRM, a mailing list, a spreadsheet service), signed so it can check it came from you. Put in the address that receives it before switching it on.',
    category: 'Other systems',
    onboardingOrder: null,
    definition: {
      name: 'Send new clients to my website',
      event: 'ClientIsCreated',
      targetKind: 'Client',
      actions: [
        {
          id: 'send-client',
          type: 'SendToWebAddress',
          params: { url: 'https://www.example.com/automate/new-client', bodyMode: 'json' },
        },
      ],
    },
  }),
  template({
    title: 'Check the invoice when a job is completed',
    description:
      'When a job is completed, it gets the “Check invoice” badge, so someone checks the invoice before it goes out.',
    category: 'Invoices & payments',
    onboardingOrder: null,
    definition: {
      name: 'Check invoice on completion',
      event: 'JobCompleted',
      targetKind: 'Job',
      actions: [addBadge('check-invoice', 'Check invoice')],
    },
  }),
];
