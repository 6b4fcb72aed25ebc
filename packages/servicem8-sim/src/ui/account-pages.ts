import type { FastifyInstance } from 'fastify';
import type { SimControls } from '../control/sim-controls.ts';
import { bodyFields } from '../http/body-parsers.ts';
import type { SimContext } from '../sim-context.ts';
import { html } from './html.ts';
import { badgeCheckboxes, badgeChips, badgesFromForm, nameOf, sendPage, submitForm, textField } from './ui-helpers.ts';

/** Clients and badges to edit; messages, webhooks and API calls to watch. */
export function registerAccountPages(app: FastifyInstance, context: SimContext, controls: SimControls): void {
  const { store } = context;

  app.get('/ui/clients', async (_request, reply) =>
    sendPage(
      reply,
      'Clients',
      html`<h2>Clients</h2>
      <table><tr><th>Name</th><th>Address</th><th>Primary contact</th><th>Badges</th><th>Jobs</th></tr>
      ${store.list('company').map((company) => {
        const primary = store
          .list('companycontact')
          .find((contact) => contact.company_uuid === company.uuid && contact.is_primary_contact === '1');
        return html`<tr style="${company.active === 1 ? '' : 'opacity:.45'}"><td><a href="/ui/clients/${company.uuid}">${company.name}</a></td>
          <td>${company.address}</td><td>${primary ? `${primary.first} ${primary.last} ${primary.email}` : ''}</td>
          <td>${badgeChips(store, company.badges)}</td>
          <td>${store.list('job').filter((job) => job.company_uuid === company.uuid).length}</td></tr>`;
      })}</table>
      <h3>New client</h3>
      <form method="post" action="/ui/clients"><fieldset>
        <label>Name <input type="text" name="name" required></label>
        <label>Address <input type="text" name="address"></label>
        <button type="submit">Create client</button></fieldset></form>`,
    ),
  );

  app.post('/ui/clients', async (request, reply) => {
    const fields = bodyFields(request.body) ?? {};
    let uuid = '';
    return submitForm(
      reply,
      () => `/ui/clients/${uuid}`,
      () => {
        uuid = controls.writeRecord('company', undefined, {
          name: textField(fields, 'name') ?? '',
          address: textField(fields, 'address') ?? '',
        }).record.uuid;
      },
    );
  });

  app.get('/ui/clients/:uuid', async (request, reply) => {
    const company = store.get('company', (request.params as { uuid: string }).uuid);
    if (!company) return sendPage(reply.code(404), 'Not found', html`<p>No such client.</p>`);
    return sendPage(
      reply,
      String(company.name),
      html`<h2>${company.name} <span class="muted">${company.uuid}</span></h2>
      <form method="post" action="/ui/clients/${company.uuid}"><fieldset>
        <label>Name <input type="text" name="name" value="${company.name}"></label>
        <label>Address <input type="text" name="address" value="${company.address}"></label>
        <label>Billing address <input type="text" name="billing_address" value="${company.billing_address}"></label>
        <div>Badges: ${badgeCheckboxes(store, company.badges)}</div>
        <button type="submit">Save</button></fieldset></form>
      <h3>Contacts</h3>
      <table><tr><th>Name</th><th>Type</th><th>Email</th><th>Mobile</th><th>Phone</th><th>Primary</th></tr>
      ${store
        .list('companycontact')
        .filter((contact) => contact.company_uuid === company.uuid)
        .map(
          (contact) =>
            html`<tr><td>${contact.first} ${contact.last}</td><td>${contact.type}</td><td>${contact.email}</td>
            <td>${contact.mobile}</td><td>${contact.phone}</td><td>${contact.is_primary_contact === '1' ? 'yes' : ''}</td></tr>`,
        )}</table>
      <h3>Jobs</h3>
      <ul>${store
        .list('job')
        .filter((job) => job.company_uuid === company.uuid)
        .map(
          (job) =>
            html`<li><a href="/ui/jobs/${job.uuid}">${job.generated_job_id}</a> ${job.status} · ${job.job_description}</li>`,
        )}</ul>`,
    );
  });

  app.post('/ui/clients/:uuid', async (request, reply) => {
    const { uuid } = request.params as { uuid: string };
    const fields = bodyFields(request.body) ?? {};
    const badges = badgesFromForm(fields);
    return submitForm(
      reply,
      () => `/ui/clients/${uuid}`,
      () =>
        controls.writeRecord('company', uuid, {
          name: textField(fields, 'name') ?? '',
          address: textField(fields, 'address') ?? '',
          billing_address: textField(fields, 'billing_address') ?? '',
          ...(badges !== undefined ? { badges } : {}),
        }),
    );
  });

  app.get('/ui/badges', async (_request, reply) =>
    sendPage(
      reply,
      'Badges',
      html`<h2>Badges</h2>
      <table><tr><th>Name</th><th>uuid</th><th></th></tr>
      ${store.list('badge').map(
        (badge) => html`<tr style="${badge.active === 1 ? '' : 'opacity:.45'}">
          <td><form method="post" action="/ui/badges/${badge.uuid}" class="inline">
            <input type="text" name="name" value="${badge.name}"> <button>Rename</button></form></td>
          <td class="muted">${badge.uuid}</td>
          <td><form method="post" action="/ui/badges/${badge.uuid}" class="inline">
            <input type="hidden" name="active" value="${badge.active === 1 ? 0 : 1}">
            <button>${badge.active === 1 ? 'Delete' : 'Restore'}</button></form></td></tr>`,
      )}</table>
      <h3>New badge</h3>
      <form method="post" action="/ui/badges"><input type="text" name="name" required> <button>Create badge</button></form>`,
    ),
  );

  app.post('/ui/badges', async (request, reply) => {
    const name = textField(bodyFields(request.body) ?? {}, 'name') ?? '';
    return submitForm(
      reply,
      () => '/ui/badges',
      () => controls.writeRecord('badge', undefined, { name }),
    );
  });

  app.post('/ui/badges/:uuid', async (request, reply) => {
    const { uuid } = request.params as { uuid: string };
    const fields = bodyFields(request.body) ?? {};
    const name = textField(fields, 'name');
    const active = textField(fields, 'active');
    return submitForm(
      reply,
      () => '/ui/badges',
      () =>
        controls.writeRecord('badge', uuid, {
          ...(name !== undefined ? { name } : {}),
          ...(active !== undefined ? { active } : {}),
        }),
    );
  });

  app.get('/ui/messages', async (_request, reply) =>
    sendPage(
      reply,
      'Messages',
      html`<h2>Sent email and SMS</h2>
      <table><tr><th>When</th><th>Channel</th><th>To</th><th>Subject / message</th><th>Job</th></tr>
      ${[...controls.messages()].reverse().map(
        (message) => html`<tr><td class="muted">${message.at}</td><td>${message.channel}</td><td>${message.to}</td>
          <td>${message.channel === 'email' ? message.subject : message.message}</td>
          <td>${message.regardingJobUUID ? html`<a href="/ui/jobs/${message.regardingJobUUID}">${nameOfJob(message.regardingJobUUID)}</a>` : ''}</td></tr>`,
      )}</table>`,
    ),
  );

  const nameOfJob = (uuid: string) => String(store.get('job', uuid)?.generated_job_id ?? uuid);

  app.get('/ui/webhooks', async (_request, reply) =>
    sendPage(
      reply,
      'Webhooks',
      html`<h2>Webhook subscriptions</h2>
      <table><tr><th>App</th><th>Object / event</th><th>Fields</th><th>Callback</th><th>Status</th><th>Last failure</th></tr>
      ${controls.subscriptions().map(
        (subscription) => html`<tr><td>${subscription.appId}</td><td>${subscription.object ?? subscription.event}</td>
          <td>${subscription.fields.join(', ')}</td><td>${subscription.callbackUrl}</td><td>${subscription.status}</td>
          <td>${subscription.lastFailureAt ?? ''} ${subscription.lastFailureReason ?? ''}</td></tr>`,
      )}</table>
      <h3>Recent deliveries</h3>
      <table><tr><th>When</th><th>Kind</th><th>URL</th><th>Result</th><th>Body</th></tr>
      ${controls
        .deliveries()
        .slice(-100)
        .reverse()
        .map(
          (delivery) => html`<tr><td class="muted">${delivery.at}</td><td>${delivery.kind}</td><td>${delivery.url}</td>
            <td>${delivery.ok ? `${delivery.status} ok` : (delivery.error ?? 'pending')}</td>
            <td><pre>${JSON.stringify(delivery.body).slice(0, 400)}</pre></td></tr>`,
        )}</table>`,
    ),
  );

  app.get('/ui/calls', async (_request, reply) =>
    sendPage(
      reply,
      'API calls',
      html`<h2>API calls (latest 200)</h2>
      <table><tr><th>When</th><th>Method</th><th>Path</th><th>Status</th><th>ms</th><th>App</th><th>Staff</th><th>Notes</th></tr>
      ${controls
        .calls()
        .slice(-200)
        .reverse()
        .map(
          (
            call,
          ) => html`<tr><td class="muted">${call.at}</td><td>${call.method}</td><td>${call.path}${call.query ? `?${decodeQuery(call.query)}` : ''}</td>
            <td>${call.status}</td><td>${call.durationMs}</td><td>${call.appId}</td><td>${nameOf(store, 'staff', call.staffUuid)}</td>
            <td>${[call.fault, ...call.warnings].filter(Boolean).join('; ')}</td></tr>`,
        )}</table>`,
    ),
  );
}

function decodeQuery(query: string): string {
  try {
    return decodeURIComponent(query.replace(/\+/g, ' '));
  } catch {
    return query;
  }
}
