import type { SystemEmailKey } from '@automate/contract';

export type SystemEmailDefault = {
  key: SystemEmailKey;
  name: string;
  description: string;
  subject: string;
  body: string;
  /** The merge fields the platform fills in when it sends this email. */
  mergeFields: string[];
};

const COMMON_FIELDS = ['app.name', 'app.url', 'user.firstName', 'user.lastName', 'user.email'];

/**
 * The emails the platform sends, seeded into `system_emails` on start (existing rows are never
 * overwritten: super admins own them once they exist). Subjects and bodies are Liquid; bodies are
 * Markdown, sent as the text part and, converted, as the HTML part.
 */
export const SYSTEM_EMAIL_DEFAULTS: readonly SystemEmailDefault[] = [
  {
    key: 'verify-email',
    name: 'Confirm email address',
    description: 'Sent when someone registers, and when they ask for the link again.',
    subject: 'Confirm your email address for {{ app.name }}',
    body: `Hi {{ user.firstName }},

Thanks for signing up to {{ app.name }}. Please confirm that this is your email address:

[Confirm my email address]({{ link }})

The link works for {{ expiresInHours }} hours. If you did not sign up, you can ignore this email.`,
    mergeFields: [...COMMON_FIELDS, 'link', 'expiresInHours'],
  },
  {
    key: 'password-reset',
    name: 'Reset password',
    description: 'Sent when someone asks to reset a forgotten password.',
    subject: 'Reset your {{ app.name }} password',
    body: `Hi {{ user.firstName }},

Someone (hopefully you) asked to reset the password of your {{ app.name }} account. Choose a new password here:

[Choose a new password]({{ link }})

The link works for {{ expiresInHours }} hours and only once. If you did not ask for this, ignore this email: your password stays as it is.`,
    mergeFields: [...COMMON_FIELDS, 'link', 'expiresInHours'],
  },
  {
    key: 'welcome',
    name: 'Welcome',
    description: 'Sent once the email address is confirmed.',
    subject: 'Welcome to {{ app.name }}',
    body: `Hi {{ user.firstName }},

Your {{ app.name }} account is ready. Three steps get your first automation running:

1. Connect your ServiceM8 account.
2. Pick a template, or build a trigger: when something happens to a job, if conditions hold, do the work.
3. Turn it on, and watch every run in the log.

[Open {{ app.name }}]({{ link }})`,
    mergeFields: [...COMMON_FIELDS, 'link'],
  },
  {
    key: 'vendor-invitation',
    name: 'Invitation to a vendor',
    description: 'Sent when a vendor Admin invites someone to their business.',
    subject: '{{ inviter.firstName }} invited you to {{ vendor.name }} on {{ app.name }}',
    body: `Hi {{ user.firstName }},

{{ inviter.firstName }} {{ inviter.lastName }} invited you to join **{{ vendor.name }}** on {{ app.name }} as {{ role }}.

Accept the invitation to join (the link works for {{ expiresInHours }} hours). If you are new to {{ app.name }}, you choose your password there.

[Accept the invitation]({{ link }})

If you did not expect this, ignore this email: nothing happens unless you accept.`,
    mergeFields: [
      ...COMMON_FIELDS,
      'vendor.name',
      'inviter.firstName',
      'inviter.lastName',
      'role',
      'link',
      'expiresInHours',
    ],
  },
  {
    key: 'servicem8-link',
    name: 'Link a ServiceM8 login',
    description:
      'Sent when someone who opened Automate from ServiceM8 asks to prove this address to link their ServiceM8 login.',
    subject: 'Link a ServiceM8 login to your {{ app.name }} account?',
    body: `Hi {{ user.firstName }},

Someone opened {{ app.name }} from ServiceM8 as **{{ staff.name }}** of the ServiceM8 account **{{ account.name }}** and asked to link that ServiceM8 login to your {{ app.name }} account.

Only if it was you, just now, open this link and confirm. From then on, opening {{ app.name }} from ServiceM8 as that staff member signs you in to {{ app.name }} for that business.

[Review and link]({{ link }})

The link works for {{ expiresInMinutes }} minutes and only once. If it was not you, ignore this email: nothing is linked and nobody is signed in to your account.`,
    mergeFields: [...COMMON_FIELDS, 'staff.name', 'account.name', 'link', 'expiresInMinutes'],
  },
  {
    key: 'account-exists',
    name: 'Sign-up with an existing address',
    description: 'Sent instead of a confirmation when someone registers with an address that already has an account.',
    subject: 'You already have an {{ app.name }} account',
    body: `Hi {{ user.firstName }},

Someone tried to create a new {{ app.name }} account with this email address, which already has one.

If it was you, sign in instead, or choose a new password if you forgot it:

[Sign in]({{ link }})

If it was not you, ignore this email: nothing was changed.`,
    mergeFields: [...COMMON_FIELDS, 'link'],
  },
  {
    key: 'automation-needs-admin',
    name: 'Automations need an Admin',
    description:
      'Sent to the Admins of a business when a run fails for a reason only they can fix (ServiceM8 not connected or refusing the connection, a deleted email template, a change ServiceM8 refuses); at most once an hour to each.',
    subject: 'Your {{ app.name }} automations for {{ vendor.name }} have stopped',
    body: `Hi {{ user.firstName }},

An automation of **{{ vendor.name }}** could not run:

> {{ reason }}

Until this is fixed, every run fails the same way. Open {{ app.name }}, fix what the message says (connect ServiceM8 again, choose another email template, correct the record in ServiceM8), then retry the failed runs from the log.

[Open {{ app.name }}]({{ link }})`,
    mergeFields: [...COMMON_FIELDS, 'vendor.name', 'reason', 'link'],
  },
  {
    key: 'payment-failed',
    name: 'Subscription payment failed',
    description:
      "Sent to the Admins of a business when its subscription's payment fails and the subscription becomes past due.",
    subject: 'Your {{ app.name }} payment for {{ vendor.name }} did not go through',
    body: `Hi {{ user.firstName }},

We could not take the payment for the **{{ plan.name }}** plan of **{{ vendor.name }}**. Your automations keep running until {{ graceEndsAt }}; after that they pause until the payment is made.

[Update your payment details]({{ link }})`,
    mergeFields: [...COMMON_FIELDS, 'vendor.name', 'plan.name', 'graceEndsAt', 'link'],
  },
  {
    key: 'automation-daily-digest',
    name: 'Daily digest of automations',
    description:
      'Sent each morning (7:00 in the business’s time zone) to the Admins who asked for it on their profile: the previous day’s runs by status, failures grouped by cause, and warnings about runs still to come. Not sent for a day without runs or warnings.',
    subject: '{{ vendor.name }}: your automations on {{ day }}',
    body: `Hi {{ user.firstName }},

On {{ day }}, the automations of **{{ vendor.name }}** made {{ total }} run(s):
{% for row in statuses %}
- {{ row.status }}: {{ row.runs }}{% endfor %}
{% if failures.size > 0 %}
**Failures by cause**
{% for failure in failures %}
- {{ failure.cause }}: {{ failure.runs }} (latest: {{ failure.example }}){% endfor %}
{% endif %}{% if warnings.size > 0 %}
**Warnings ahead**
{% for warning in warnings %}
- {{ warning }}{% endfor %}
{% endif %}
[Open the log]({{ link }})

You get this email because you asked for it on your profile in {{ app.name }}; switch it off there.`,
    mergeFields: [...COMMON_FIELDS, 'vendor.name', 'day', 'total', 'statuses', 'failures', 'warnings', 'link'],
  },
];

export function findSystemEmailDefault(key: string): SystemEmailDefault | undefined {
  return SYSTEM_EMAIL_DEFAULTS.find((template) => template.key === key);
}
