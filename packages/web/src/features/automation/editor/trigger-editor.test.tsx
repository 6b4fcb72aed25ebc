// @vitest-environment happy-dom
import {
  ACTION_WORDS,
  actionsFor,
  CONDITION_WORDS,
  conditionsFor,
  MERGE_FIELDS,
  mergeFieldsFor,
  TRIGGER_EVENTS,
  type Trigger,
  type TriggerAttachment,
} from '@automate/contract';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_CONDITIONS } from '@/testing/dry-runs.ts';
import { renderAsRoute, stubFetch } from '@/testing/render.tsx';
import { write } from '@/testing/write.ts';
import { TriggerEditor } from './trigger-editor.tsx';

const user = userEvent.setup({ delay: null });

configure({ asyncUtilTimeout: 5000 });
// A test clicks and types through several menus; while the rest of the suite shares the two cores that
// can take many times its 1–2 s alone.
vi.setConfig({ testTimeout: 60_000 });

const VENDOR = '11111111-1111-4111-8111-111111111111';
const ID = '7a0d8f2e-5b1c-4c3d-8e9f-0a1b2c3d4e5f';
const BADGE = '0b7d5c4e-1111-4a2b-9c3d-000000000001';
const BASE = `/api/vendor/${VENDOR}/Trigger`;

const TRIGGER: Trigger = {
  id: ID,
  vendorId: VENDOR,
  version: 3,
  definition: {
    name: 'Quote follow-up',
    description: '',
    enabled: false,
    event: 'JobQuoteSent',
    targetKind: 'Job',
    conditions: { combiner: 'And', items: [] },
    recheckBeforeRun: true,
    ignoreQuietHours: false,
    actions: [
      { id: 'badge-1', type: 'Job_AddBadge', params: { badgeUuid: BADGE } },
      { id: 'note-1', type: 'Job_AddNote', params: { text: 'Followed up' } },
      { id: 'sms-1', type: 'Job_SendText', params: { message: 'Hi {{ contact.first_name }}' } },
    ],
  },
  attachments: [],
  createdAt: '2026-04-01T09:00:00.000Z',
  updatedAt: '2026-04-02T09:00:00.000Z',
};

const FORM_A = '0b7d5c4e-1111-4a2b-9c3d-00000000f00a';
const FORM_B = '0b7d5c4e-1111-4a2b-9c3d-00000000f00b';
const REFERENCE = [
  { kind: 'badge', uuid: BADGE, name: 'Follow up', active: true, details: {} },
  { kind: 'badge', uuid: '0b7d5c4e-1111-4a2b-9c3d-000000000009', name: 'Old badge', active: false, details: {} },
  { kind: 'queue', uuid: '0b7d5c4e-1111-4a2b-9c3d-000000000002', name: 'Parts', active: true, details: {} },
  { kind: 'form', uuid: FORM_A, name: 'Safety check', active: true, details: {} },
  { kind: 'form', uuid: FORM_B, name: 'Site survey', active: true, details: {} },
  {
    kind: 'formfield',
    uuid: '0b7d5c4e-1111-4a2b-9c3d-0000000ff0a1',
    name: 'Hazards found',
    active: true,
    details: { formUuid: FORM_A, sortOrder: 1 },
  },
  {
    kind: 'formfield',
    uuid: '0b7d5c4e-1111-4a2b-9c3d-0000000ff0b1',
    name: 'Roof pitch',
    active: true,
    details: { formUuid: FORM_B, sortOrder: 1 },
  },
];

const ok = (data: unknown, status = 200) => ({ status, body: { success: true, data } });

/** A PDF stored for an attachment action, as the server lists it. */
const pdfAttachment = (
  attachment: Pick<TriggerAttachment, 'id' | 'actionId' | 'fileName' | 'size'>,
): TriggerAttachment => ({
  ...attachment,
  contentType: 'application/pdf',
  createdAt: '2026-04-03T09:00:00.000Z',
});

/** The reference data (`records`, REFERENCE unless told) and templates every editor loads; `more` answers the rest. */
function serve(more: Parameters<typeof stubFetch>[0], records: { status: number; body: unknown } = ok(REFERENCE)) {
  return stubFetch((request) => {
    const { method, url } = request;
    if (method === 'GET' && url.pathname === `/api/Vendor/${VENDOR}/servicem8/reference`) return records;
    if (method === 'GET' && url.pathname === `/api/Vendor/${VENDOR}/email/templates/fetch`) return ok([]);
    return more(request);
  });
}

/** The trigger, saved as sent (version 4). */
function serveTrigger() {
  return serve(({ method, url, body }) => {
    if (url.pathname !== `${BASE}/${ID}`) return undefined;
    if (method === 'GET') return ok(TRIGGER);
    if (method === 'POST') return ok({ ...TRIGGER, version: 4, definition: body });
    return undefined;
  });
}

let stub: ReturnType<typeof stubFetch>;
afterEach(() => stub?.restore());

function EditorRoute() {
  const { id = '' } = useParams();
  return <TriggerEditor key={id} vendorId={VENDOR} id={id} />;
}

function open(at: string) {
  return renderAsRoute(<EditorRoute />, {
    path: '/app/automation/view/:id',
    at,
    elsewhere: ['/app/automation/search'],
  });
}

const posts = () => stub.calls.filter((call) => call.method === 'POST');
const actionGroups = () => screen.getAllByTestId('action').map((element) => element.getAttribute('aria-label'));

async function addAction(label: RegExp) {
  await user.click(screen.getByRole('button', { name: 'Add action' }));
  await user.click(await screen.findByRole('menuitem', { name: label }));
}

describe("the trigger editor: the vendor's ServiceM8 records and email templates", () => {
  const NOTHING_SYNCED = /No ServiceM8 data has been synced yet/;

  it('says the pickers are empty when nothing has been synced', async () => {
    stub = serve(() => undefined, ok([]));
    open('/app/automation/view/new');
    expect(await screen.findByText(NOTHING_SYNCED)).toBeTruthy();
  });

  it('offers the records once they arrive, without the empty notice', async () => {
    stub = serve(() => undefined);
    open('/app/automation/view/new');
    await addAction(/^Add a badge to the job/);
    await user.click(within(screen.getByRole('group', { name: '1. Add a badge to the job' })).getByRole('combobox'));
    expect(await screen.findByRole('option', { name: 'Follow up' })).toBeTruthy();
    expect(screen.queryByText(NOTHING_SYNCED)).toBeNull();
  });

  it('says why the records could not be loaded, and keeps the form usable', async () => {
    const message = 'The records could not be read from the database; try again in a minute.';
    stub = serve(() => undefined, { status: 503, body: { success: false, code: 'UNAVAILABLE', message } });
    open('/app/automation/view/new');
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(await screen.findByText(message)).toBeTruthy();
    await write(user, name, 'Still editable');
    expect((name as HTMLInputElement).value).toBe('Still editable');
    expect(screen.queryByText(NOTHING_SYNCED)).toBeNull();
  });
});

describe('the trigger editor: a new trigger', () => {
  it('starts at the name: its field has the focus once the editor is drawn', async () => {
    stub = serve(() => undefined);
    open('/app/automation/view/new');
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(document.activeElement).toBe(name));
  });

  it('asks before leaving with unsaved changes: Stay keeps them, Leave goes', async () => {
    stub = serve(() => undefined);
    const { router } = open('/app/automation/view/new');
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await write(user, name, 'Half written');

    await act(() => router.navigate('/app/automation/search'));
    const ask = () => screen.findByRole('dialog', { name: 'Leave this page?' });
    await user.click(within(await ask()).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/app/automation/view/new');
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Half written');

    await act(() => router.navigate('/app/automation/search'));
    await user.click(within(await ask()).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/automation/search'));
  });

  it('refuses an action without its required text, says why under it, and sends nothing', async () => {
    stub = serve(() => undefined);
    const { router } = open('/app/automation/view/new');
    await write(user, await screen.findByRole('textbox', { name: 'Name' }), 'Note on new jobs');
    await addAction(/^Add a note to the job/);
    await user.click(screen.getByRole('button', { name: 'Create' }));

    const action = screen.getByRole('group', { name: '1. Add a note to the job' });
    expect(await within(action).findByText('Action 1, Note: write the note.')).toBeTruthy();
    expect(within(action).getByRole('textbox', { name: 'Note' }).getAttribute('aria-invalid')).toBe('true');
    await screen.findByText('Check the highlighted fields, then save again.');
    expect(posts()).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/app/automation/view/new');

    // Typing clears the problem.
    await user.type(within(action).getByRole('textbox', { name: 'Note' }), 'Call them');
    expect(within(action).queryByText('Action 1, Note: write the note.')).toBeNull();
  });

  it('highlights an unknown merge field as it is typed, and saving takes the person to the first highlighted field', async () => {
    stub = serve(() => undefined);
    open('/app/automation/view/new');
    await write(user, await screen.findByRole('textbox', { name: 'Name' }), 'Note on new jobs');
    await addAction(/^Add a note to the job/);
    const action = screen.getByRole('group', { name: '1. Add a note to the job' });
    const note = within(action).getByRole('textbox', { name: 'Note' });
    await user.type(note, 'Job {{{{ job.numbr }}');

    // Before any save: the field is marked, with the sentence the email-template editor uses.
    expect(
      await within(action).findByText('{{ job.numbr }} is not a merge field. Did you mean {{ job.number }}?'),
    ).toBeTruthy();
    expect(note.getAttribute('aria-invalid')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByText('Check the highlighted fields, then save again.');
    await waitFor(() => expect(document.activeElement).toBe(note));
    expect(posts()).toHaveLength(0);

    await user.clear(note);
    await user.type(note, 'Job {{{{ job.number }}');
    await waitFor(() => expect(note.getAttribute('aria-invalid')).toBe('false'));
  });

  it('refuses a merge field that does not exist, suggesting the one meant, and sends nothing', async () => {
    stub = serve(() => undefined);
    open('/app/automation/view/new');
    await write(user, await screen.findByRole('textbox', { name: 'Name' }), 'Note on new jobs');
    await addAction(/^Add a note to the job/);
    const action = screen.getByRole('group', { name: '1. Add a note to the job' });
    await user.click(within(action).getByRole('textbox', { name: 'Note' }));
    await user.paste('Job {{ job.generated_job_id }} is booked');
    await user.click(screen.getByRole('button', { name: 'Create' }));

    const sentence =
      'Action 1, “Add a note to the job”, Note: {{ job.generated_job_id }} is not a merge field. Did you mean {{ job.number }}?';
    expect(await within(action).findByText(sentence)).toBeTruthy();
    expect(within(action).getByRole('textbox', { name: 'Note' }).getAttribute('aria-invalid')).toBe('true');
    expect(posts()).toHaveLength(0);
  });

  it('creates the trigger with a merge field inserted at the cursor, then opens it', async () => {
    stub = serve(({ method, url, body }) => {
      if (method === 'POST' && url.pathname === BASE) {
        return ok({ ...TRIGGER, version: 1, definition: body }, 201);
      }
      if (method === 'GET' && url.pathname === `${BASE}/${ID}`) return ok(TRIGGER);
      return undefined;
    });
    const { router } = open('/app/automation/view/new');
    await write(user, await screen.findByRole('textbox', { name: 'Name' }), 'Say hello');
    await addAction(/^Text the job contact/);
    const message = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    await write(user, message, 'Hi , thanks');
    message.setSelectionRange(3, 3);
    await user.click(screen.getByRole('button', { name: 'Insert merge field into the message' }));
    await user.click(await screen.findByRole('menuitem', { name: /contact\.first_name/ }));
    expect(message.value).toBe('Hi {{ contact.first_name }}, thanks');

    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/app/automation/view/${ID}`));
    const sent = posts()[0]?.body as { actions: Array<{ id: string; type: string; params: unknown }> };
    expect(sent).toMatchObject({
      name: 'Say hello',
      enabled: false,
      event: 'JobIsCreated',
      targetKind: 'Job',
      conditions: { combiner: 'And', items: [] },
      recheckBeforeRun: true,
      ignoreQuietHours: false,
    });
    expect(sent.actions).toHaveLength(1);
    expect(sent.actions[0]).toMatchObject({
      type: 'Job_SendText',
      params: { message: 'Hi {{ contact.first_name }}, thanks' },
    });
    expect(sent.actions[0]?.id).toMatch(/^action-[0-9a-f]{10}$/);
    await screen.findByText('“Say hello” was created.');
  });

  it('creates an enabled trigger with a badge condition, a delay in minutes, a note and an email, then heads the page with its name', async () => {
    let created: Trigger | null = null;
    stub = serve(({ method, url, body }) => {
      if (method === 'POST' && url.pathname === BASE) {
        created = { ...TRIGGER, version: 1, definition: body as Trigger['definition'] };
        return ok(created, 201);
      }
      if (method === 'GET' && url.pathname === `${BASE}/${ID}` && created) return ok(created);
      return undefined;
    });
    const { router } = open('/app/automation/view/new');
    await write(user, await screen.findByRole('textbox', { name: 'Name' }), 'Urgent job completed');
    await user.click(screen.getByRole('switch', { name: 'Enabled' }));
    await user.click(screen.getByRole('combobox', { name: 'When' }));
    await user.click(await screen.findByRole('option', { name: 'A job is completed' }));

    const conditions = screen.getByRole('group', { name: 'Conditions' });
    await user.click(within(conditions).getByRole('button', { name: 'Add condition' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Job has badge' }));
    const hasBadge = within(conditions).getByRole('group', { name: 'Job has badge' });
    await user.click(within(hasBadge).getByRole('combobox', { name: /Badge/ }));
    await user.click(await screen.findByRole('option', { name: 'Follow up' }));

    await user.click(screen.getByRole('radio', { name: 'After a delay' }));
    const wait = screen.getByRole('textbox', { name: /Wait/ });
    await user.clear(wait);
    await write(user, wait, '5');
    await user.click(screen.getByRole('combobox', { name: 'Unit' }));
    await user.click(await screen.findByRole('option', { name: 'minutes' }));

    await addAction(/^Add a note to the job/);
    const note = screen.getByRole('group', { name: '1. Add a note to the job' });
    await write(user, within(note).getByRole('textbox', { name: 'Note' }), 'Urgent job {{ job.number }} completed.');
    await addAction(/^Email the job contact/);
    const email = screen.getByRole('group', { name: '2. Email the job contact' });
    await write(user, within(email).getByRole('textbox', { name: 'Subject' }), 'Job {{ job.number }} is done');
    await write(user, within(email).getByRole('textbox', { name: 'Body' }), 'Hi {{ contact.first_name }}.');

    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/app/automation/view/${ID}`));
    expect(posts()).toHaveLength(1);
    expect(posts()[0]?.body).toMatchObject({
      name: 'Urgent job completed',
      enabled: true,
      event: 'JobCompleted',
      targetKind: 'Job',
      conditions: { combiner: 'And', items: [{ type: 'JobHasBadge', params: { badgeUuid: BADGE } }] },
      delay: { amount: 5, unit: 'Minute' },
      actions: [
        { type: 'Job_AddNote', params: { text: 'Urgent job {{ job.number }} completed.' } },
        {
          type: 'Job_SendEmail',
          params: { subject: 'Job {{ job.number }} is done', body: 'Hi {{ contact.first_name }}.' },
        },
      ],
    });
    await screen.findByText('“Urgent job completed” was created.');
    expect(await screen.findByRole('heading', { level: 1, name: 'Urgent job completed' })).toBeTruthy();
    expect(screen.getByText('All changes saved')).toBeTruthy();
  });

  it('adds and removes nested condition groups, and says an empty group cannot be saved', async () => {
    stub = serve(() => undefined);
    open('/app/automation/view/new');
    await write(user, await screen.findByRole('textbox', { name: 'Name' }), 'Grouped');
    const top = screen.getByRole('group', { name: 'Conditions' });
    await user.click(within(top).getByRole('button', { name: 'Add group' }));
    const level2 = await screen.findByRole('group', { name: 'Condition group, level 2' });
    await user.click(within(level2).getByRole('button', { name: 'Add group' }));
    const level3 = await screen.findByRole('group', { name: 'Condition group, level 3' });

    await user.click(within(level3).getByRole('button', { name: 'Add condition' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Job is completed' }));
    expect(within(level3).getByRole('group', { name: 'Job is completed' })).toBeTruthy();

    // Level 2 holds only the level-3 group; removing that leaves level 2 empty, which the contract refuses.
    await user.click(within(level3).getByRole('button', { name: 'Remove group' }));
    expect(screen.queryByRole('group', { name: 'Condition group, level 3' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(
      await within(level2).findByText('Group 1, the group is empty: add a condition to it or remove it.'),
    ).toBeTruthy();
    expect(posts()).toHaveLength(0);

    await user.click(within(level2).getByRole('button', { name: 'Remove group' }));
    expect(screen.queryByRole('group', { name: 'Condition group, level 2' })).toBeNull();
    expect(within(top).getByText('No conditions: the actions run every time the event happens.')).toBeTruthy();
  });

  it('offers only the fields of the chosen form, and badges by name', async () => {
    stub = serve(() => undefined);
    open('/app/automation/view/new');
    await user.click(await screen.findByRole('combobox', { name: 'When' }));
    await user.click(await screen.findByRole('option', { name: 'A form is submitted' }));
    const top = await screen.findByRole('group', { name: 'Conditions' });
    await user.click(within(top).getByRole('button', { name: 'Add condition' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Form text field contains' }));
    const condition = within(top).getByRole('group', { name: 'Form text field contains' });
    const field = within(condition).getByRole('combobox', { name: /Field/ }) as HTMLInputElement;
    expect(field.disabled).toBe(true);
    expect(within(condition).getByText('Pick the form first.')).toBeTruthy();

    await user.click(within(condition).getByRole('combobox', { name: /Form/ }));
    await user.click(await screen.findByRole('option', { name: 'Site survey' }));
    await user.click(field);
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['Roof pitch']);
    await user.keyboard('{Escape}');

    await user.click(within(top).getByRole('button', { name: 'Add condition' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Job has none of the badges' }));
    const badges = within(top).getByRole('group', { name: 'Job has none of the badges' });
    await user.click(within(badges).getByRole('combobox', { name: /Badges/ }));
    const badgeOptions = await screen.findAllByRole('option');
    expect(badgeOptions.map((option) => option.textContent)).toEqual(['Follow up', 'Old badge (inactive)']);
    expect(badgeOptions[1]?.getAttribute('aria-disabled')).toBe('true');
    await user.click(badgeOptions[0] as HTMLElement);
    expect(within(badges).getByRole('button', { name: 'Follow up' })).toBeTruthy();
  });

  it('says the trigger in one sentence with the records by name, as a template card does', async () => {
    stub = serveTrigger();
    open(`/app/automation/view/${ID}`);
    const summary = await screen.findByTestId('trigger-summary');
    await waitFor(() =>
      expect(summary.textContent).toBe(
        'When a quote is sent: add the badge “Follow up” to the job, then add a note to the job, then text the job contact.',
      ),
    );
    const top = screen.getByRole('group', { name: 'Conditions' });
    await user.click(within(top).getByRole('button', { name: 'Add condition' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Job has none of the badges' }));
    expect(summary.textContent).toBe('The sentence appears here once every condition and action is filled in.');
    const badges = within(top).getByRole('group', { name: 'Job has none of the badges' });
    await user.click(within(badges).getByRole('combobox', { name: /Badges/ }));
    await user.click(await screen.findByRole('option', { name: 'Follow up' }));
    expect(summary.textContent).toBe(
      'When a quote is sent, if the job has none of the badges “Follow up”: add the badge “Follow up” to the job, then add a note to the job, then text the job contact.',
    );
  });

  it('stops nesting groups at the depth limit', async () => {
    stub = serve(() => undefined);
    open('/app/automation/view/new');
    let group = await screen.findByRole('group', { name: 'Conditions' });
    for (let level = 2; level <= 5; level += 1) {
      await user.click(within(group).getAllByRole('button', { name: 'Add group' }).at(-1) as HTMLElement);
      group = await screen.findByRole('group', { name: `Condition group, level ${level}` });
    }
    const deepest = within(group).getByRole('button', { name: 'Add group' }) as HTMLButtonElement;
    expect(deepest.disabled).toBe(true);
  });
});

describe('the trigger editor: an existing trigger', () => {
  it('leaves the focus where it was: the name is already written', async () => {
    stub = serveTrigger();
    open(`/app/automation/view/${ID}`);
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    expect((name as HTMLInputElement).value).toBe('Quote follow-up');
    expect(document.activeElement).not.toBe(name);
  });

  it('reorders and removes actions, and saves them in the new order', async () => {
    stub = serveTrigger();
    open(`/app/automation/view/${ID}`);
    await screen.findByRole('group', { name: '1. Add a badge to the job' });
    expect(actionGroups()).toEqual([
      '1. Add a badge to the job',
      '2. Add a note to the job',
      '3. Text the job contact',
    ]);
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    expect(
      (screen.getByRole('button', { name: 'Move 1. Add a badge to the job up' }) as HTMLButtonElement).disabled,
    ).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Move 3. Text the job contact up' }));
    expect(actionGroups()).toEqual([
      '1. Add a badge to the job',
      '2. Text the job contact',
      '3. Add a note to the job',
    ]);
    await user.click(screen.getByRole('button', { name: 'Move 1. Add a badge to the job down' }));
    expect(actionGroups()).toEqual([
      '1. Text the job contact',
      '2. Add a badge to the job',
      '3. Add a note to the job',
    ]);
    await user.click(screen.getByRole('button', { name: 'Remove 3. Add a note to the job' }));
    await addAction(/^Change the job status/);
    expect(actionGroups()).toEqual([
      '1. Text the job contact',
      '2. Add a badge to the job',
      '3. Change the job status',
    ]);
    expect(screen.getByTestId('unsaved-changes')).toBeTruthy();

    // The new status action has no status yet: it says so and nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const statusAction = screen.getByRole('group', { name: '3. Change the job status' });
    expect(
      await within(statusAction).findByText(
        'Action 3, New status: choose Quote, Work Order, Unsuccessful or Completed.',
      ),
    ).toBeTruthy();
    expect(posts()).toHaveLength(0);

    await user.click(within(statusAction).getByRole('combobox', { name: /New status/ }));
    await user.click(await screen.findByRole('option', { name: 'Completed' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('“Quote follow-up” was saved.');
    const sent = posts()[0]?.body as { actions: Array<{ id: string; type: string; params: unknown }> };
    expect(sent.actions.map((action) => action.id).slice(0, 2)).toEqual(['sms-1', 'badge-1']);
    expect(sent.actions[2]).toMatchObject({ type: 'Job_ChangeStatus', params: { status: 'Completed' } });
    expect(screen.queryByTestId('unsaved-changes')).toBeNull();
    expect(screen.getByText('All changes saved')).toBeTruthy();
  });

  it('saves the “Ignore quiet hours” switch for urgent messages', async () => {
    stub = serveTrigger();
    open(`/app/automation/view/${ID}`);
    const toggle = await screen.findByRole('switch', { name: 'Ignore quiet hours' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText(/due outside your business hours wait until the next opening/)).toBeTruthy();
    await user.click(toggle);
    expect(screen.getByText('Urgent: the emails and texts go out as soon as they are due, at any hour.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('“Quote follow-up” was saved.');
    expect(posts()[0]?.body).toMatchObject({ ignoreQuietHours: true, recheckBeforeRun: true });
  });

  it('counts the delay of “A job is scheduled” back from the booking’s start, and refuses that for other events', async () => {
    stub = serveTrigger();
    open(`/app/automation/view/${ID}`);
    await user.click(await screen.findByRole('radio', { name: 'After a delay' }));
    // A quote has no booking: the wait counts from the event, and there is nothing to choose.
    expect(screen.queryByRole('combobox', { name: 'Counted from' })).toBeNull();
    expect(screen.getByText('after the event')).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: 'When' }));
    await user.click(await screen.findByRole('option', { name: 'A job is scheduled' }));
    await user.click(await screen.findByRole('combobox', { name: 'Counted from' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'after the job is scheduled',
      'before the booking starts',
    ]);
    await user.click(screen.getByRole('option', { name: 'before the booking starts' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('“Quote follow-up” was saved.');
    expect(posts()[0]?.body).toMatchObject({
      event: 'JobIsScheduled',
      delay: { amount: 1, unit: 'Day', from: 'BookingStart' },
    });

    // Back to a quote event: the choice stays in view with why it cannot be saved, and nothing is sent.
    await user.click(screen.getByRole('combobox', { name: 'When' }));
    await user.click(await screen.findByRole('option', { name: 'A quote is sent' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'Waiting “before the booking starts” needs a booking, and “A quote is sent” has none: wait after the event or choose “A job is scheduled”.',
      ),
    ).toBeTruthy();
    expect(posts()).toHaveLength(1);
  });

  it('shows the server’s problems under the inputs they are about', async () => {
    stub = serve(({ method, url }) => {
      if (url.pathname !== `${BASE}/${ID}`) return undefined;
      if (method === 'GET') return ok(TRIGGER);
      return {
        status: 400,
        body: {
          success: false,
          code: 'VALIDATION_FAILED',
          message: 'The trigger has 2 problems.',
          errors: {
            'actions.0.params.badgeUuid': ['Action 1, “Add a badge to the job”: the badge is inactive in ServiceM8.'],
            enabled: ['Connect your ServiceM8 account before enabling a trigger.'],
          },
        },
      };
    });
    open(`/app/automation/view/${ID}`);
    await user.click(await screen.findByRole('switch', { name: 'Enabled' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('The trigger has 2 problems.');
    const badge = screen.getByRole('group', { name: '1. Add a badge to the job' });
    expect(
      within(badge).getByText('Action 1, “Add a badge to the job”: the badge is inactive in ServiceM8.'),
    ).toBeTruthy();
    expect(screen.getByText('Connect your ServiceM8 account before enabling a trigger.')).toBeTruthy();
  });

  it('uploads the file of an attachment action, shows its name and size, and removes it', async () => {
    const attachment = pdfAttachment({
      id: '9d8c7b6a-0000-4000-8000-0000000000f1',
      actionId: 'x',
      fileName: 'price-list.pdf',
      size: 2048,
    });
    stub = serve(({ method, url }) => {
      if (method === 'GET' && url.pathname === `${BASE}/${ID}`) return ok(TRIGGER);
      const upload = new RegExp(`^${BASE}/${ID}/action/([^/]+)/attachment$`).exec(url.pathname);
      if (method === 'POST' && upload) return ok({ ...attachment, actionId: upload[1] }, 201);
      if (method === 'DELETE' && url.pathname.endsWith(`/attachment/${attachment.id}`)) return ok(null);
      return undefined;
    });
    open(`/app/automation/view/${ID}`);
    await screen.findByRole('group', { name: '1. Add a badge to the job' });
    await addAction(/^Email a file to the job contact/);
    const action = screen.getByRole('group', { name: '4. Email a file to the job contact' });
    const input = within(action).getByTestId(/^attachment-file-/) as HTMLInputElement;
    const actionId = input.dataset.testid?.replace('attachment-file-', '') ?? '';
    await user.upload(input, new File(['%PDF-1.4'], 'price-list.pdf', { type: 'application/pdf' }));

    expect(await within(action).findByText('price-list.pdf')).toBeTruthy();
    expect(within(action).getByText('2 KB')).toBeTruthy();
    const upload = stub.calls.find((call) => call.method === 'POST');
    expect(upload?.url.pathname).toBe(`${BASE}/${ID}/action/${actionId}/attachment`);
    expect(upload?.body instanceof FormData && upload.body.get('file')).toBeInstanceOf(File);

    await user.click(within(action).getByRole('button', { name: 'Remove file' }));
    expect(within(action).queryByText('price-list.pdf')).toBeNull();
    // Not used by the saved trigger: deleted at once.
    await waitFor(() => expect(stub.calls.filter((call) => call.method === 'DELETE')).toHaveLength(1));
  });

  it('uploads the file of an attachment action on a trigger not saved yet, then creates the trigger with it', async () => {
    const attachmentId = '9d8c7b6a-0000-4000-8000-0000000000f2';
    stub = serve(({ method, url, body }) => {
      const upload = new RegExp(`^${BASE}/action/([^/]+)/attachment$`).exec(url.pathname);
      if (method === 'POST' && upload) {
        return ok(
          {
            id: attachmentId,
            actionId: upload[1],
            fileName: 'brochure.pdf',
            contentType: 'application/pdf',
            size: 1024,
            createdAt: '2026-04-03T09:00:00.000Z',
          },
          201,
        );
      }
      if (method === 'POST' && url.pathname === BASE) return ok({ ...TRIGGER, version: 1, definition: body }, 201);
      if (method === 'GET' && url.pathname === `${BASE}/${ID}`) return ok(TRIGGER);
      return undefined;
    });
    open('/app/automation/view/new');
    await write(user, await screen.findByRole('textbox', { name: 'Name' }), 'Send the brochure');
    await addAction(/^Email a file to the job contact/);
    const action = screen.getByRole('group', { name: '1. Email a file to the job contact' });
    await user.upload(
      within(action).getByTestId(/^attachment-file-/) as HTMLInputElement,
      new File(['%PDF-1.4'], 'brochure.pdf', { type: 'application/pdf' }),
    );
    expect(await within(action).findByText('brochure.pdf')).toBeTruthy();
    await write(user, within(action).getByRole('textbox', { name: 'Subject' }), 'Our brochure');
    await write(user, within(action).getByRole('textbox', { name: 'Body' }), 'Attached.');
    await user.click(screen.getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(posts().some((call) => call.url.pathname === BASE)).toBe(true));
    const created = posts().find((call) => call.url.pathname === BASE)?.body as Trigger['definition'];
    expect(created.actions[0]).toMatchObject({ type: 'Job_SendAttachment', params: { attachmentId } });
  });

  it('tests the unsaved definition on a job from the editor', async () => {
    stub = serve(({ method, url, body }) => {
      if (method === 'GET' && url.pathname === `${BASE}/${ID}`) return ok(TRIGGER);
      if (method === 'GET' && url.pathname === `/api/Vendor/${VENDOR}/servicem8/jobs`) {
        return ok([
          { uuid: 'job-1', number: '1042', status: 'Quote', address: '1 Main St', clientName: 'Ann', description: '' },
        ]);
      }
      if (method === 'POST' && url.pathname === `${BASE}/${ID}/dryrun`) {
        const { definition } = body as { definition: Trigger['definition'] };
        return ok({
          wouldRun: true,
          eventFit: { fits: true, sentence: 'This record fits the event.' },
          timing: { at: null, sentence: 'It would act at once, as soon as the event happens.' },
          warnings: [],
          conditions: NO_CONDITIONS,
          actions: definition.actions.map((action) => ({
            actionId: action.id,
            type: action.type,
            description: `Planned ${action.id}`,
            preview: {},
            problem: null,
          })),
          missingMergeFields: [],
        });
      }
      return undefined;
    });
    open(`/app/automation/view/${ID}`);
    await user.click(await screen.findByRole('button', { name: 'Remove 2. Add a note to the job' }));
    await user.click(screen.getByRole('button', { name: 'Test on a job' }));
    const dialog = await screen.findByRole('dialog', { name: 'Test on a job' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Job' }), '1042');
    await user.click(await screen.findByRole('option', { name: /Job 1042/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Run test' }));
    expect(await within(dialog).findByText('Would run: the conditions hold on this record.')).toBeTruthy();
    expect(within(dialog).getByText('Planned sms-1')).toBeTruthy();
    expect(within(dialog).queryByText('Planned note-1')).toBeNull();
    expect(posts()).toHaveLength(1);
    expect(posts()[0]?.body).toMatchObject({ jobUuid: 'job-1' });

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Test on a job' })).toBeNull());
  });

  it('previews the unsaved definition on the last 30 days from the editor', async () => {
    stub = serve(({ method, url }) => {
      if (method === 'GET' && url.pathname === `${BASE}/${ID}`) return ok(TRIGGER);
      if (method === 'POST' && url.pathname === `${BASE}/preview`) {
        return ok({
          period: { from: null, to: '2026-04-03T00:00:00.000Z', days: 0 },
          coverage: 'No changes have been kept yet.',
          changesWithEvent: 0,
          runCount: 0,
          runs: [],
          skippedCount: 0,
          skippedByReason: {
            conditions: 0,
            kind: 0,
            'already-ran': 0,
            'own-change': 0,
            'cascade-limit': 0,
            booking: 0,
          },
          skipped: [],
          limits: [],
        });
      }
      return undefined;
    });
    open(`/app/automation/view/${ID}`);
    await user.click(await screen.findByRole('button', { name: 'Remove 2. Add a note to the job' }));
    const section = screen.getByRole('region', { name: 'Preview on the last 30 days' });
    await user.click(within(section).getByRole('button', { name: 'Preview on the last 30 days' }));
    expect(await within(section).findByText('No change in this period had this event.')).toBeTruthy();
    const sent = posts().find((call) => call.url.pathname === `${BASE}/preview`)?.body as {
      definition: Trigger['definition'];
      triggerId: string;
    };
    expect(sent.triggerId).toBe(ID);
    expect(sent.definition.actions.map((action) => action.id)).toEqual(['badge-1', 'sms-1']);
    expect(posts()).toHaveLength(1);
  });

  it('links to its runs and deletes only after confirming', async () => {
    stub = serve(({ method, url }) => {
      if (url.pathname !== `${BASE}/${ID}`) return undefined;
      if (method === 'GET') return ok(TRIGGER);
      if (method === 'DELETE') return ok(null);
      return undefined;
    });
    const { router } = open(`/app/automation/view/${ID}`);
    const runs = await screen.findByRole('link', { name: 'Runs' });
    expect(runs.getAttribute('href')).toBe(`/app/automation/view/${ID}/logs`);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this trigger?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/automation/search'));
    expect(stub.calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  it('shows a skeleton while loading, then explains a missing trigger', async () => {
    stub = serve(() => ({
      status: 404,
      body: { success: false, code: 'NOT_FOUND', message: 'Trigger was not found.' },
    }));
    open(`/app/automation/view/${ID}`);
    expect(screen.getByRole('progressbar', { name: 'Loading the trigger' })).toBeTruthy();
    await screen.findByText('There is no trigger here: it may have been deleted, or the link is wrong.');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('shows the file of a saved attachment action by its name and size when the trigger is opened again', async () => {
    const attachment = pdfAttachment({
      id: '9d8c7b6a-0000-4000-8000-0000000000f3',
      actionId: 'file-1',
      fileName: 'brochure.pdf',
      size: 1024,
    });
    const withFile: Trigger = {
      ...TRIGGER,
      definition: {
        ...TRIGGER.definition,
        event: 'JobCompleted',
        actions: [
          {
            id: 'file-1',
            type: 'Job_SendAttachment',
            params: {
              attachmentId: attachment.id,
              subject: 'Your job {{ job.number }} is done',
              body: 'Hi {{ contact.first_name }}, our brochure is attached.',
            },
          },
        ],
      },
      attachments: [attachment],
    };
    stub = serve(({ method, url }) =>
      method === 'GET' && url.pathname === `${BASE}/${ID}` ? ok(withFile) : undefined,
    );
    open(`/app/automation/view/${ID}`);
    const action = await screen.findByRole('group', { name: '1. Email a file to the job contact' });
    const file = within(action).getByTestId('attachment');
    expect(within(file).getByText('brochure.pdf')).toBeTruthy();
    expect(within(file).getByText('1 KB')).toBeTruthy();
    expect(within(action).queryByText(`File ${attachment.id}`)).toBeNull();
    expect(within(action).getByRole('button', { name: 'Replace file' })).toBeTruthy();
    expect(posts()).toHaveLength(0);
  });
});

describe('the trigger editor: Send to a web address', () => {
  const TEST = `/api/vendor/${VENDOR}/WebAddress/test`;
  const ADDRESS = 'https://hooks.example.com/automate';
  const ANSWER = '{"queued":"test-1"}';

  it('sends a test with the typed headers and shows the answer, then keeps a saved header value secret', async () => {
    let created: Trigger | null = null;
    stub = serve(({ method, url, body }) => {
      if (method === 'POST' && url.pathname === TEST) {
        return ok({
          status: 202,
          answer: ANSWER,
          outcome: `Sent to hooks.example.com, which answered 202. It answered: ${ANSWER}`,
          ok: true,
        });
      }
      if (method === 'POST' && url.pathname === BASE) {
        // The server seals each header value: the editor gets the sealed form back.
        const definition = body as Trigger['definition'];
        const actions = definition.actions.map((action) =>
          action.type === 'SendToWebAddress'
            ? {
                ...action,
                params: {
                  ...action.params,
                  headers: action.params.headers.map(({ name }) => ({ name, value: 'sealed:v1.c2VhbGVk' })),
                },
              }
            : action,
        );
        created = { ...TRIGGER, version: 1, definition: { ...definition, actions } };
        return ok(created, 201);
      }
      if (method === 'GET' && url.pathname === `${BASE}/${ID}` && created) return ok(created);
      return undefined;
    });
    const { router } = open('/app/automation/view/new');
    await write(user, await screen.findByRole('textbox', { name: 'Name' }), 'Tell the website about completed jobs');
    await addAction(/^Send to a web address/);
    const action = screen.getByRole('group', { name: '1. Send to a web address' });
    const send = within(action).getByRole('button', { name: 'Send a test' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);

    await write(user, within(action).getByRole('textbox', { name: 'Web address' }), ADDRESS);
    await user.click(within(action).getByRole('button', { name: 'Add a header' }));
    await write(user, within(action).getByRole('textbox', { name: 'Header 1 name' }), 'X-Api-Key');
    const value = within(action).getByLabelText('Header 1 value') as HTMLInputElement;
    // A secret as it is typed: hidden like a password.
    expect(value.type).toBe('password');
    await write(user, value, 'key-for-the-website-77');

    await user.click(send);
    const result = await within(action).findByRole('status');
    expect(
      within(result).getByText(`Sent to hooks.example.com, which answered 202. It answered: ${ANSWER}`),
    ).toBeTruthy();
    expect(within(result).getByText('Status 202')).toBeTruthy();
    expect(within(result).getByText(ANSWER)).toBeTruthy();
    expect(stub.calls.filter((call) => call.url.pathname === TEST).map((call) => call.body)).toMatchObject([
      { url: ADDRESS, bodyMode: 'json', headers: [{ name: 'X-Api-Key', value: 'key-for-the-website-77' }] },
    ]);

    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/app/automation/view/${ID}`));
    const sent = posts().find((call) => call.url.pathname === BASE)?.body as Trigger['definition'];
    expect(sent.actions).toMatchObject([
      {
        type: 'SendToWebAddress',
        params: { url: ADDRESS, headers: [{ name: 'X-Api-Key', value: 'key-for-the-website-77' }] },
      },
    ]);
    await screen.findByText('All changes saved');
    const saved = await screen.findByRole('group', { name: '1. Send to a web address' });
    expect(await within(saved).findByText('Saved and kept secret.')).toBeTruthy();
    const kept = within(saved).getByLabelText('Header 1 value') as HTMLInputElement;
    expect(kept.value).toBe('');
    expect(kept.placeholder).toBe('Kept secret: type to replace');
    expect((within(saved).getByRole('textbox', { name: 'Header 1 name' }) as HTMLInputElement).value).toBe('X-Api-Key');
    expect(screen.queryByText(/sealed:/)).toBeNull();
  });
});

describe('the trigger editor offers what the event can give a value to', () => {
  const menuItems = async (button: string) => {
    await user.click(screen.getByRole('button', { name: button }));
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent ?? '');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    return items;
  };

  it.each(TRIGGER_EVENTS)('%s: exactly the contract’s conditions, actions and merge fields', async (event) => {
    const trigger: Trigger = {
      ...TRIGGER,
      definition: {
        ...TRIGGER.definition,
        event,
        actions: [{ id: 'sms-1', type: 'JobClient_SendText', params: { message: 'Hi' } }],
      },
    };
    stub = serve(({ method, url }) => (method === 'GET' && url.pathname === `${BASE}/${ID}` ? ok(trigger) : undefined));
    open(`/app/automation/view/${ID}`);
    await screen.findByRole('heading', { name: 'Quote follow-up' });

    const conditions = await menuItems('Add condition');
    // The menu groups them by record: compare as sets.
    expect(conditions).toEqual(expect.arrayContaining(conditionsFor(event).map((type) => CONDITION_WORDS[type].label)));
    expect(conditions.length).toBe(conditionsFor(event).length);

    const actions = await menuItems('Add action');
    expect(
      actions.map((text) => Object.values(ACTION_WORDS).find((words) => text.startsWith(words.label))?.label),
    ).toEqual(actionsFor(event).map((type) => ACTION_WORDS[type].label));

    const fields = await menuItems('Insert merge field into the message');
    const offered = MERGE_FIELDS.filter((field) => fields.some((text) => text.startsWith(`{{ ${field.name} }}`)));
    expect(offered.map((field) => field.name)).toEqual(mergeFieldsFor(event));
  });
});
