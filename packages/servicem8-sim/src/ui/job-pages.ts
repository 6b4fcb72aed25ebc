import type { FastifyInstance } from 'fastify';
import type { SimControls } from '../control/sim-controls.ts';
import { bodyFields } from '../http/body-parsers.ts';
import { JOB_STATUSES } from '../objects/object-types.ts';
import type { SimRecord } from '../objects/record-store.ts';
import type { SimContext } from '../sim-context.ts';
import { html, raw } from './html.ts';
import {
  badgeCheckboxes,
  badgeChips,
  badgesFromForm,
  nameOf,
  options,
  sendPage,
  submitForm,
  textField,
} from './ui-helpers.ts';

const FLAGS = [
  ['quote_sent', 'Quote sent'],
  ['invoice_sent', 'Invoice sent'],
  ['payment_received', 'Paid in full'],
] as const;

function statusOptions(selected: unknown) {
  return html`${JOB_STATUSES.map((status) => html`<option ${status === selected ? 'selected' : ''}>${status}</option>`)}`;
}

/** `/` (jobs), `/ui/jobs/{uuid}`: browse and edit jobs as a ServiceM8 user would; webhooks fire. */
export function registerJobPages(app: FastifyInstance, context: SimContext, controls: SimControls): void {
  const { store } = context;

  app.get('/', async (request, reply) => {
    const refresh = Number((request.query as Record<string, unknown>).refresh);
    const jobs = [...store.list('job')].sort((a, b) => Number(b.generated_job_id) - Number(a.generated_job_id));
    const counts = JOB_STATUSES.map(
      (status) => `${status}: ${jobs.filter((job) => job.status === status && job.active === 1).length}`,
    );
    return sendPage(
      reply,
      'Jobs',
      html`${Number.isFinite(refresh) && refresh > 0 ? raw(`<meta http-equiv="refresh" content="${Math.max(1, Math.floor(refresh))}">`) : ''}
      <h2>Jobs <span class="muted">${counts.join(' · ')}</span></h2>
      <p class="muted">${String(store.list('vendor')[0]?.name ?? '')} · changes here fire webhooks like the ServiceM8 app would ·
        <a href="/?refresh=3">auto-refresh</a></p>
      <table><tr><th>#</th><th>Status</th><th>Client</th><th>Description</th><th>Category</th><th>Queue</th><th>Badges</th><th>Edited</th></tr>
      ${jobs.map(
        (job) => html`<tr style="${job.active === 1 ? '' : 'opacity:.45'}">
          <td><a href="/ui/jobs/${job.uuid}">${job.generated_job_id}</a></td>
          <td class="status">${job.status}${job.active === 1 ? '' : ' (deleted)'}</td>
          <td><a href="/ui/clients/${job.company_uuid}">${nameOf(store, 'company', job.company_uuid)}</a></td>
          <td>${String(job.job_description).slice(0, 80)}</td>
          <td>${nameOf(store, 'category', job.category_uuid)}</td>
          <td>${nameOf(store, 'queue', job.queue_uuid)}</td>
          <td>${badgeChips(store, job.badges)}</td>
          <td class="muted">${job.edit_date}</td></tr>`,
      )}</table>
      <h3>New job</h3>
      <form method="post" action="/ui/jobs"><fieldset>
        <label>Status <select name="status">${statusOptions('Quote')}</select></label>
        <label>Client <select name="company_uuid">${options(store.list('company'), '')}</select></label>
        <label>Category <select name="category_uuid">${options(store.list('category'), '', '—')}</select></label>
        <label>Address <input type="text" name="job_address"></label>
        <label>Description <textarea name="job_description" rows="2"></textarea></label>
        <button type="submit">Create job</button></fieldset></form>`,
    );
  });

  app.post('/ui/jobs', async (request, reply) => {
    const fields = bodyFields(request.body) ?? {};
    let uuid = '';
    return submitForm(
      reply,
      () => `/ui/jobs/${uuid}`,
      () => {
        uuid = controls.writeRecord('job', undefined, {
          status: textField(fields, 'status'),
          company_uuid: textField(fields, 'company_uuid') ?? '',
          category_uuid: textField(fields, 'category_uuid') ?? '',
          job_address: textField(fields, 'job_address') ?? '',
          job_description: textField(fields, 'job_description') ?? '',
        }).record.uuid;
      },
    );
  });

  app.get('/ui/jobs/:uuid', async (request, reply) => {
    const job = store.get('job', (request.params as { uuid: string }).uuid);
    if (!job) return sendPage(reply.code(404), 'Not found', html`<p>No such job.</p>`);
    const about = (record: SimRecord) => record.related_object === 'job' && record.related_object_uuid === job.uuid;
    const diary = [
      ...store
        .list('note')
        .filter(about)
        .map((note) => ({ at: String(note.create_date), kind: 'Note', text: String(note.note) })),
      ...store
        .list('attachment')
        .filter(about)
        .map((file) => ({
          at: String(file.timestamp),
          kind: 'Attachment',
          text: `${file.attachment_name} ${file.attachment_source}`,
        })),
      ...store
        .list('sms')
        .filter(about)
        .map((sms) => ({ at: String(sms.timestamp), kind: `SMS to ${sms.to}`, text: String(sms.message) })),
      ...store
        .list('email')
        .filter(about)
        .map((email) => ({ at: String(email.timestamp), kind: `Email to ${email.to}`, text: String(email.subject) })),
      ...store
        .list('jobactivity')
        .filter((activity) => activity.job_uuid === job.uuid)
        .map((activity) => ({
          at: String(activity.start_date),
          kind: Number(activity.activity_was_recorded) === 1 ? 'Check-in' : 'Booking',
          text: `${nameOf(store, 'staff', activity.staff_uuid)} until ${activity.end_date}`,
        })),
    ].sort((a, b) => (a.at < b.at ? 1 : -1));
    return sendPage(
      reply,
      `Job ${job.generated_job_id}`,
      html`<h2>Job ${job.generated_job_id} <span class="muted">${nameOf(store, 'company', job.company_uuid)} · ${job.uuid}</span></h2>
      <form method="post" action="/ui/jobs/${job.uuid}"><fieldset>
        <label>Status <select name="status">${statusOptions(job.status)}</select></label>
        <label>Category <select name="category_uuid">${options(store.list('category'), job.category_uuid, '—')}</select></label>
        <label>Queue <select name="queue_uuid">${options(store.list('queue'), job.queue_uuid, '— not queued —')}</select></label>
        <div>Badges: ${badgeCheckboxes(store, job.badges)}</div>
        <div>${FLAGS.map(
          ([flag, label]) =>
            html`<label style="display:inline-block;margin-right:12px"><input type="hidden" name="${flag}" value="0"><input type="checkbox" name="${flag}" value="1" ${Number(job[flag]) === 1 ? 'checked' : ''}> ${label}</label>`,
        )}</div>
        <label>Address <input type="text" name="job_address" value="${job.job_address}"></label>
        <label>Description <textarea name="job_description" rows="3">${job.job_description}</textarea></label>
        <label>Work done <textarea name="work_done_description" rows="2">${job.work_done_description}</textarea></label>
        <button type="submit">Save</button>
      </fieldset></form>
      <form method="post" action="/ui/jobs/${job.uuid}/active" class="inline">
        <input type="hidden" name="active" value="${job.active === 1 ? 0 : 1}">
        <button type="submit">${job.active === 1 ? 'Delete job (active = 0)' : 'Restore job'}</button></form>
      <p class="muted">Total ${job.total_invoice_amount} · Quote ${job.quote_date} · Work order ${job.work_order_date} ·
        Completed ${job.completion_date} · Unsuccessful ${job.unsuccessful_date} · Edited ${job.edit_date}</p>
      <h3>Diary</h3>
      <form method="post" action="/ui/jobs/${job.uuid}/notes"><input type="text" name="note" placeholder="Add a note"> <button>Add note</button></form>
      <table><tr><th>When</th><th>What</th><th></th></tr>
      ${diary.map((entry) => html`<tr><td class="muted">${entry.at}</td><td>${entry.kind}</td><td>${entry.text}</td></tr>`)}</table>`,
    );
  });

  app.post('/ui/jobs/:uuid', async (request, reply) => {
    const { uuid } = request.params as { uuid: string };
    const fields = bodyFields(request.body) ?? {};
    const flag = (name: string) => {
      const value = fields[name];
      return Array.isArray(value) ? (value.includes('1') ? 1 : 0) : value === '1' ? 1 : 0;
    };
    const badges = badgesFromForm(fields);
    return submitForm(
      reply,
      () => `/ui/jobs/${uuid}`,
      () =>
        controls.writeRecord('job', uuid, {
          status: textField(fields, 'status'),
          category_uuid: textField(fields, 'category_uuid') ?? '',
          queue_uuid: textField(fields, 'queue_uuid') ?? '',
          job_address: textField(fields, 'job_address') ?? '',
          job_description: textField(fields, 'job_description') ?? '',
          work_done_description: textField(fields, 'work_done_description') ?? '',
          ...Object.fromEntries(FLAGS.map(([name]) => [name, flag(name)])),
          ...(badges !== undefined ? { badges } : {}),
        }),
    );
  });

  app.post('/ui/jobs/:uuid/active', async (request, reply) => {
    const { uuid } = request.params as { uuid: string };
    const active = textField(bodyFields(request.body) ?? {}, 'active') === '1' ? 1 : 0;
    return submitForm(
      reply,
      () => `/ui/jobs/${uuid}`,
      () => (active === 0 ? controls.removeRecord('job', uuid) : controls.writeRecord('job', uuid, { active: 1 })),
    );
  });

  app.post('/ui/jobs/:uuid/notes', async (request, reply) => {
    const { uuid } = request.params as { uuid: string };
    const note = textField(bodyFields(request.body) ?? {}, 'note') ?? '';
    return submitForm(
      reply,
      () => `/ui/jobs/${uuid}`,
      () => {
        if (note.trim() !== '')
          controls.writeRecord('note', undefined, { related_object: 'job', related_object_uuid: uuid, note });
      },
    );
  });
}
