import {
  ACTION_WORDS,
  AUTOMATION_ACTIONS,
  AUTOMATION_CONDITIONS,
  CONDITION_WORDS,
  EVENT_HELP,
  TRIGGER_EVENT_LABELS,
  TRIGGER_EVENTS,
} from '@automate/contract';

/** The help content a new installation starts with; super admins edit it from then on. */

export type SeedArticle = { category: string; slug: string; title: string; summary: string; content: string };
export type SeedFaq = { question: string; answer: string };

/**
 * The help's lists say each event, condition and action in the words the editor shows, from the same
 * labels and lines of help, so the two cannot drift apart.
 */
const list = (entries: ReadonlyArray<readonly [label: string, help: string]>) =>
  entries.map(([label, help]) => `- **${label}**: ${help}`).join('\n');

const EVENTS = list(TRIGGER_EVENTS.map((event) => [TRIGGER_EVENT_LABELS[event], EVENT_HELP[event]] as const));
const CONDITIONS = list(
  AUTOMATION_CONDITIONS.map((type) => [CONDITION_WORDS[type].label, CONDITION_WORDS[type].help] as const),
);
const ACTIONS = list(AUTOMATION_ACTIONS.map((type) => [ACTION_WORDS[type].label, ACTION_WORDS[type].help] as const));

export const HELP_ARTICLES: readonly SeedArticle[] = [
  {
    category: 'getting-started',
    slug: 'welcome-to-automate',
    title: 'Welcome to Automate',
    summary: 'What Automate does for a ServiceM8 business, and the three steps to your first automation.',
    content: `Automate does the routine work in ServiceM8 for you: following up quotes, thanking clients, tidying
badges and queues, booking the next service. You describe the rule once; Automate watches your jobs and
acts when the rule says so.

## Your first automation in three steps

1. **Connect ServiceM8.** Sign in with ServiceM8 and allow Automate to read and update your jobs.
2. **Pick a template** or build a trigger: *when* something happens, *if* conditions hold, *after* a
   delay, *do* actions.
3. **Turn it on** and watch the log: every run shows each condition and each action it took.

Nothing is sent or changed while a trigger is off, and you can test any trigger on a real job first.`,
  },
  {
    category: 'servicem8',
    slug: 'connecting-servicem8',
    title: 'Connecting your ServiceM8 account',
    summary: 'Sign in with ServiceM8, choose the account, and what Automate may then read and change.',
    content: `Choose **Sign in with ServiceM8** on the sign-in page. ServiceM8 asks you to allow Automate; once you
do, pick the account to activate.

Automate then:

- subscribes to ServiceM8's change notifications, so it hears about job changes within seconds;
- copies your badges, queues, categories, staff, forms and price list, for the pickers in the trigger
  editor (refresh them any time from the dashboard);
- keeps within ServiceM8's limits of 180 requests a minute and 20,000 a day, so your other apps keep
  working.

Your ServiceM8 password never reaches Automate. An Admin can disconnect the account at any time from
ServiceM8's add-on settings.`,
  },
  {
    category: 'automations',
    slug: 'building-a-trigger',
    title: 'Building a trigger',
    summary: 'Event, conditions, delay and actions: how a trigger decides and what it does.',
    content: `A trigger has four parts.

1. **Event**: what happened in ServiceM8, e.g. *a job is completed*.
2. **Conditions**: what must also be true, combined with *And* / *Or* groups, e.g. *the job has the
   badge "Warranty"*.
3. **Delay** (optional): how long to wait, in minutes, hours, days, months or years. Days, months and
   years count in your business's time zone, so "1 day" is the same clock time tomorrow, even across a
   daylight-saving change. For *a job is scheduled*, the wait can count back from the visit instead:
   **before the booking starts** (e.g. a text to the client 1 day before the visit). A visit booked sooner
   than that gets it at once, a cancelled visit gets none, and a moved one gets it before its new time.
4. **Actions**: what to do, in order, e.g. *add a note*, then *send an email*.

With **re-check conditions before running** on (the default), a delayed run checks the conditions again
when its time comes: a quote follow-up is not sent if the quote was accepted meanwhile.

Use **Test on a job** to see, without changing anything, which conditions hold for a real job and what
each action would do.`,
  },
  {
    category: 'automations',
    slug: 'events',
    title: 'Events: what starts a trigger',
    summary: 'Every event a trigger can start from, and when it happens.',
    content: `Each event happens once per real change in ServiceM8, however many notifications ServiceM8 sends.

${EVENTS}`,
  },
  {
    category: 'automations',
    slug: 'conditions',
    title: 'Conditions: when a trigger acts',
    summary: 'Every condition, what it checks, and how missing data counts.',
    content: `Conditions read the job, its client and (for form events) the submitted form as they are when the run
is checked. A condition about something that is missing (no badges, an empty queue, a form field left
blank) is false, except the *Excludes* conditions, which are then true.

${CONDITIONS}`,
  },
  {
    category: 'automations',
    slug: 'actions',
    title: 'Actions: what a trigger does',
    summary: 'Every action, and what happens when one cannot be done.',
    content: `Actions run in order. An action that succeeded is never repeated, even if a later one is retried. When
ServiceM8 is busy, Automate waits and tries again; when an action cannot be done (no email address on the
contact, a badge that was deleted) the run stops with the reason in its log.

Texts for emails and SMS can use merge fields such as \`{{ job.number }}\` and
\`{{ client.name }}\`. A trigger on “A job is scheduled” can also say when the visit is:
\`{{ booking.date }}\` (“Tuesday 3 March”) and \`{{ booking.time }}\` (“9:30 AM”), as the booking stands
when the message is sent, so a message about a visit that was moved gives its new time.

${ACTIONS}`,
  },
  {
    category: 'automations',
    slug: 'sending-to-a-web-address',
    title: 'Sending to a web address',
    summary:
      'Telling another system (a chat channel, your website, a spreadsheet) what happened in ServiceM8, and checking it came from you.',
    content: `The action **Send to a web address** posts what happened to another system's web address: a Slack or
Teams channel's incoming webhook, your website, a spreadsheet or CRM service, any address that takes a
POST. Two templates start you off: *Post completed jobs to a channel* and *Send new clients to my
website* (under **Templates**, “Other systems”).

## What is sent

- **The record as JSON** (the default): the event, the run, your business, the records the event has
  (job, client, form response, booking, with their ServiceM8 fields) and their merge values.
- **A body you write**, with merge fields such as \`{{ job.number }}\` and \`{{ client.name }}\`. It is
  sent as JSON when it is JSON. To put a value inside JSON safely, add \`| json\`:
  \`{"text": {{ client.name | json }}}\`.

Extra headers (an API key the other system asks for) are kept secret: once saved, the editor shows them
as kept, and typing replaces them. **Send a test** posts a sample and shows what the address answered.

## Trusting and de-duplicating what arrives

Make your signing secret in **Account › Web addresses** (it is shown once; rotate it any time). Every
delivery carries two headers:

- \`Automate-Signature: t=<time>,v1=<signature>\`: an HMAC-SHA256 under your secret of the time, a dot and
  the body exactly as received. Check it, and that the time is recent, before trusting the body:

\`\`\`js
const { createHmac, timingSafeEqual } = require('node:crypto');
function verifyAutomateSignature(secret, header, rawBody, nowSeconds = Date.now() / 1000) {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=')));
  const expected = createHmac('sha256', secret).update(parts.t + '.' + rawBody).digest('hex');
  const fresh = Math.abs(nowSeconds - Number(parts.t)) <= 300;
  return fresh && typeof parts.v1 === 'string' && parts.v1.length === expected.length
    && timingSafeEqual(Buffer.from(parts.v1), Buffer.from(expected));
}
\`\`\`

- \`Idempotency-Key\`: the same on every attempt of one action of one run. If you have seen it, drop the
  delivery: it is a repeat. Repeats happen: when Automate cannot tell whether a delivery arrived (the
  answer was lost, or a server stopped while it waited), it sends it again rather than lose it.

## When the other system does not answer

An answer in the 200s counts as delivered, and the run log shows the start of the answer. When there is
no answer within 10 seconds, or the answer is 408, 429 or in the 500s, the run waits (a minute, then
longer, at most an hour, or as long as the answer's Retry-After asks) and sends the same thing again,
for up to 24 hours. Any other answer (a 400, a 401 for a wrong key) fails the action at once, with the
answer in the log, so you can put it right and retry the run. Redirects are not followed: give the
address they point to.

Only https:// addresses of public servers are allowed, never one inside a private network. Your plan sets
how many deliveries your business can send a day; **Account › Web addresses** shows today's count beside
it.`,
  },
  {
    category: 'automations',
    slug: 'runs-and-logs',
    title: 'Runs, the schedule and the log',
    summary: 'Following every run, cancelling a scheduled one, and reading why a run was skipped.',
    content: `Every time a trigger fires it creates a **run**. A run with a delay is *Scheduled* until its time,
then *Running*, and ends *Succeeded*, *Failed* (with the reason), *Skipped* (its conditions no longer
held) or *Cancelled* (by you, from the log or the schedule).

The **log** lists runs with their job number, event and times; open one to see each condition and each
action with its outcome. The **schedule** shows the runs waiting for their time, day by day.`,
  },
  {
    category: 'automations',
    slug: 'why-did-it-not-run',
    title: 'Activity: why an automation did or did not run',
    summary: 'Every change ServiceM8 reported, the events it made, and what each automation did about it.',
    content: `**Automation › Activity** lists every change ServiceM8 reported for your business over the last
30 days, newest first. Each entry shows the record (a job with its number and client, a client, a
booking, a payment or a form response), what changed — status, badges, queue, category or booking time,
before → after — and the events the change made.

Under each event, every automation listening to it says what it did: the run it started (open it to
see each condition and action), or why it did not run:

- **Switched off**: the automation is off.
- **Conditions not met**: which condition was false, with the value found ("The job's status is
  Completed? no: it is Work Order.").
- **Record does not fit**: the automation works on jobs, and the form was not filled in on one.
- **Already ran for this event**: the same event had happened before (a quote is approved once); it
  is not run twice.
- **Its own change**: the automation's own run made this change, so it does not start itself again.
- **Chain of automations stopped**: automations started one another three times in a row.
- **Automations suspended**: the Automate team has suspended your business's automations; the run is
  skipped with their reason.
- **No active plan**: the run waits for a payment and is skipped if none comes in time.

A change that made no event (a field no automation starts on) says so, and so does an event no
automation listens to. Search by job number, client, event and day; **Load more** shows older changes.
Filter **Automation › Logs** by a job number to see the same timeline for that job below its runs.`,
  },
  {
    category: 'billing',
    slug: 'plans-and-billing',
    title: 'Plans and billing',
    summary: 'How the subscription works, invoices, and what happens if a payment fails.',
    content: `Automate is a monthly subscription per business. Admins choose a plan under **Account → Subscription**
and pay by card; invoices are under **Account → Invoicing**.

If a payment fails we email the Admins and try again. Triggers keep running for a short grace period;
after that they pause (nothing is lost: they resume when the subscription is active again).`,
  },
  {
    category: 'legal',
    slug: 'privacy-policy',
    title: 'Privacy policy',
    summary: 'What we collect, why, and your rights.',
    content: `**Who we are.** Automate provides automation for businesses that use ServiceM8.

**What we collect.** Your account details (name, email), your business's details, and the ServiceM8
data our automations need: jobs, clients and their contacts, forms, badges, queues and categories.
We log each automation run so you can see what happened.

**Why.** Only to run the automations you set up, to bill you, and to support you. We do not sell data
or use it for advertising.

**Where and how long.** Data is stored encrypted in transit and, for credentials, at rest. We keep run
logs for as long as your account is active; when you close it we delete your data within 30 days.

**Your rights.** You can see, correct and delete your personal data: email the support address.`,
  },
  {
    category: 'legal',
    slug: 'terms-and-conditions',
    title: 'Terms and conditions',
    summary: 'The agreement between your business and Automate.',
    content: `By using Automate you agree to these terms on behalf of your business.

1. **The service.** We run the automations you configure against your ServiceM8 account. You decide
   what they do; please test them before turning them on.
2. **Your account.** Keep your sign-in details safe. Admins of your business control who has access.
3. **Fair use.** Do not use Automate to send spam or marketing messages without consent, or against
   ServiceM8's terms.
4. **Payment.** Subscriptions are billed monthly in advance and can be cancelled at any time; the
   service continues to the end of the paid period.
5. **Liability.** We take great care to run every action exactly once, but we are not liable for
   indirect losses. Our total liability is limited to the fees you paid in the last 12 months.
6. **Changes.** We will tell you by email about material changes to these terms.`,
  },
  {
    category: 'communication',
    slug: 'changelog',
    title: "What's new in Automate 1.8",
    summary: 'The changes in the latest release.',
    content: `## 1.8.0

- **Sign in with ServiceM8**, and open Automate straight from ServiceM8.
- **Safer automations**: conditions are checked again when a delay ends, and an action that succeeded
  is never repeated.
- **Respectful of ServiceM8's limits**: Automate shares your account's request allowance between all
  its work, so nothing gets refused.
- **Help center** with a guide to every event, condition and action.`,
  },
];

export const HELP_FAQS: readonly SeedFaq[] = [
  {
    question: 'Do I need to keep Automate open for my automations to run?',
    answer: 'No. Automate runs on our servers and hears about changes from ServiceM8 directly.',
  },
  {
    question: 'Will Automate send anything while I am setting a trigger up?',
    answer: 'No. A trigger does nothing until you turn it on. Use **Test on a job** to see what it would do.',
  },
  {
    question: 'What happens if I change a job back before a delayed action runs?',
    answer:
      'With **re-check conditions before running** on (the default), the run checks again when its time comes and is skipped if the conditions no longer hold. The log says why.',
  },
  {
    question: 'Can an automation send the same email twice?',
    answer:
      'No. Each change in ServiceM8 starts a trigger at most once, and an action that succeeded is never repeated on a retry.',
  },
  {
    question: 'Which ServiceM8 plan do I need?',
    answer:
      'Any plan that includes add-ons and the messaging services. Emails and SMS are sent through your own ServiceM8 account.',
  },
  {
    question: 'How do I give a colleague access?',
    answer:
      'An Admin can invite them by email under **Account → Team** and choose whether they are an Admin or a User.',
  },
  {
    question: 'Where do I see what an automation did?',
    answer:
      'Open **Automation → Logs**. Each run shows its event, every condition it checked and every action with its result. **Automation → Activity** shows every change ServiceM8 reported and, for each automation, why it did or did not run.',
  },
  {
    question: 'Can I cancel a scheduled run?',
    answer: 'Yes, from the log or the schedule, any time before it runs.',
  },
  {
    question: 'What if ServiceM8 is down or busy?',
    answer: 'Automate waits and retries automatically. Nothing is lost: runs continue once ServiceM8 answers again.',
  },
];
