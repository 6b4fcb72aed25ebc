// @vitest-environment happy-dom
import type { EmailTemplate, VendorMembership } from '@automate/contract';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '@/lib/session/session.ts';
import { createSessionStore } from '@/lib/session/session-store.ts';
import { renderAsRoute, stubFetch } from '@/testing/render.tsx';
import { makeUser, memoryStorage, VENDOR_A, VENDOR_B } from '@/testing/sessions.ts';
import { write } from '@/testing/write.ts';
import { EmailTemplateEditor } from './email-template-editor.tsx';

const user = userEvent.setup({ delay: null });

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

const ID = 'a1c7c1e0-3a1b-4f7e-9a39-0a4b8e0f8a11';
const NEW_ID = 'd1c7c1e0-3a1b-4f7e-9a39-0a4b8e0f8a11';
const BASE = `/api/Vendor/${VENDOR_A.vendorId}/email/templates`;
const TEMPLATE: EmailTemplate = {
  id: ID,
  vendorId: VENDOR_A.vendorId,
  name: 'Booking confirmed',
  subject: 'Job {{ job.number }} is booked',
  body: 'Kia ora {{ contact.first_name }},\n\nSee you on {{ job.date }}.',
  createdAt: '2026-01-01T09:00:00.000Z',
  updatedAt: '2026-03-01T09:00:00.000Z',
};

let stub: ReturnType<typeof stubFetch>;
afterEach(() => stub.restore());

const ok = (data: unknown, status = 200) => ({ status, body: { success: true, data } });
const textbox = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

function EditorRoute() {
  const { id = '' } = useParams();
  return <EmailTemplateEditor id={id} />;
}

function open(at: string, vendor: VendorMembership = VENDOR_A) {
  const store = createSessionStore(memoryStorage());
  store.login(makeUser({ vendors: [vendor] }));
  return renderAsRoute(
    <SessionProvider store={store}>
      <EditorRoute />
    </SessionProvider>,
    { path: '/app/account/emails/:id', at, elsewhere: ['/app/account/emails/search'] },
  );
}

/** The server: GET answers the template, POST answers what was sent. */
function serveTemplate(onPost?: (body: unknown) => { status: number; body: unknown } | undefined) {
  stub = stubFetch(({ method, url, body }) => {
    if (url.pathname !== `${BASE}/${ID}`) return undefined;
    if (method === 'GET') return ok(TEMPLATE);
    if (method === 'POST') {
      return onPost?.(body) ?? ok({ ...TEMPLATE, ...(body as object), updatedAt: '2026-05-01T09:00:00.000Z' });
    }
    return undefined;
  });
}

describe('the email template editor: a new template', () => {
  it('checks the fields before sending anything', async () => {
    stub = stubFetch(() => undefined);
    open('/app/account/emails/new');
    await user.click(await screen.findByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Name: give the template a name.')).toBeTruthy();
    expect(screen.getByText('Subject: write the subject.')).toBeTruthy();
    expect(textbox('Body').getAttribute('aria-invalid')).toBe('true');
    // Nothing is sent (the business's record may be read, for its clock).
    expect(stub.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('creates the template and opens it', async () => {
    const created: EmailTemplate = { ...TEMPLATE, id: NEW_ID, name: 'Thanks', subject: 'Thank you', body: 'Ka pai.' };
    stub = stubFetch(({ method, url }) => {
      if (method === 'POST' && url.pathname === BASE) return ok(created, 201);
      if (method === 'GET' && url.pathname === `${BASE}/${NEW_ID}`) return ok(created);
      return undefined;
    });
    const { router } = open('/app/account/emails/new');
    await write(user, await screen.findByRole('textbox', { name: 'Name' }), ' Thanks ');
    await write(user, textbox('Subject'), 'Thank you');
    await write(user, textbox('Body'), 'Ka pai.');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/app/account/emails/${NEW_ID}`));
    expect(stub.calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Thanks',
      subject: 'Thank you',
      body: 'Ka pai.',
    });
    await screen.findByText('“Thanks” was created.');
    expect(await screen.findByRole('heading', { name: 'Thanks' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
  });

  it('tells members who are not Admins that they cannot create one', async () => {
    stub = stubFetch(() => undefined);
    open('/app/account/emails/new', VENDOR_B);
    expect((await screen.findByTestId('read-only-note')).textContent).toContain('Only Admins of Bravo Electrical');
    expect(screen.queryByRole('button', { name: 'Create' })).toBeNull();
  });
});

describe('the email template editor: an existing template', () => {
  it('shows the server’s 400 next to the field it is about', async () => {
    // The server's own sentence for a misspelt merge field.
    const sentence = 'Body: {{ job.nmber }} is not a merge field. Did you mean {{ job.number }}?';
    serveTemplate(() => ({
      status: 400,
      body: { success: false, code: 'VALIDATION_FAILED', message: sentence, errors: { body: [sentence] } },
    }));
    open(`/app/account/emails/${ID}`);
    const body = await screen.findByRole('textbox', { name: 'Body' });
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    await write(user, body, ' {{ job.nmber }}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(body.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(body.getAttribute('aria-describedby') ?? '')?.textContent).toBe(sentence);
    expect(textbox('Subject').getAttribute('aria-invalid')).toBe('false');
    // Changing the field clears its error.
    await user.type(body, ' ');
    expect(body.getAttribute('aria-invalid')).toBe('false');
  });

  it('shows a taken name (409) under the name', async () => {
    serveTemplate(() => ({
      status: 409,
      body: {
        success: false,
        code: 'CONFLICT',
        message: 'An email template named "Job completed" already exists.',
        errors: { name: ['Name: another email template has this name.'] },
      },
    }));
    open(`/app/account/emails/${ID}`);
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await write(user, name, 'Job completed');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('An email template named "Job completed" already exists.');
    expect(screen.getByText('Name: another email template has this name.')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
  });

  it('inserts a merge field at the cursor and previews it with sample data', async () => {
    serveTemplate();
    open(`/app/account/emails/${ID}`);
    const subject = (await screen.findByRole('textbox', { name: 'Subject' })) as HTMLInputElement;
    expect(screen.getByTestId('preview-subject').textContent).toBe('Job 1042 is booked');
    expect(screen.getByText(/Merge fields are filled with a made-up job/)).toBeTruthy();
    expect(screen.getByText('Sample data')).toBeTruthy();

    await user.clear(subject);
    await write(user, subject, 'Hi , job booked');
    await user.keyboard('{ArrowLeft>12/}');
    await user.click(screen.getByRole('button', { name: 'Insert merge field into the subject' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('First name of the contact the message goes to')).toBeTruthy();
    await user.click(within(menu).getByText('{{ contact.first_name }}'));
    await waitFor(() => expect(subject.value).toBe('Hi {{ contact.first_name }}, job booked'));
    await waitFor(() => expect(screen.getByTestId('preview-subject').textContent).toBe('Hi Aroha, job booked'));
    // The cursor stays after the inserted field, so typing goes on from there.
    await waitFor(() => expect(document.activeElement).toBe(subject));
    await user.keyboard('!');
    expect(subject.value).toBe('Hi {{ contact.first_name }}!, job booked');

    // Into the body, where nobody has been yet: at the end.
    await user.click(screen.getByRole('button', { name: 'Insert merge field into the body' }));
    await user.click(within(await screen.findByRole('menu')).getByText('{{ vendor.name }}'));
    await waitFor(() => expect(textbox('Body').value).toBe(`${TEMPLATE.body}{{ vendor.name }}`));
    await waitFor(() =>
      expect(screen.getByTestId('preview-body').textContent).toContain('See you on 2026-03-14.Alpha Plumbing'),
    );
    expect(screen.getByTestId('unsaved-changes')).toBeTruthy();
  });

  it('highlights unknown merge fields in the preview', async () => {
    serveTemplate();
    open(`/app/account/emails/${ID}`);
    await write(user, await screen.findByRole('textbox', { name: 'Body' }), '\n{{ job.colour | upcase }}');
    const unknown = await screen.findByTestId('unknown-merge-field');
    expect(unknown.textContent).toBe('{{ job.colour | upcase }}');
    expect(screen.getByTestId('unknown-fields-alert').textContent).toContain(
      '{{ job.colour }} is not a merge field. Use one of the fields in “Insert merge field”.',
    );

    // A near miss gets the field meant, in the same words as the trigger editor and the server.
    await write(user, screen.getByRole('textbox', { name: 'Body' }), ' {{ job.nmber }}');
    await waitFor(() =>
      expect(screen.getByTestId('unknown-fields-alert').textContent).toContain(
        '{{ job.nmber }} is not a merge field. Did you mean {{ job.number }}?',
      ),
    );
  });

  it('saves with Ctrl+S, then reads as saved', async () => {
    serveTemplate();
    open(`/app/account/emails/${ID}`);
    await write(user, await screen.findByRole('textbox', { name: 'Subject' }), ' today');
    expect(screen.getByTestId('unsaved-changes')).toBeTruthy();
    await user.keyboard('{Control>}s{/Control}');
    await screen.findByText('“Booking confirmed” was saved.');
    expect(stub.calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Booking confirmed',
      subject: 'Job {{ job.number }} is booked today',
      body: TEMPLATE.body,
    });
    expect(screen.queryByTestId('unsaved-changes')).toBeNull();
    expect(screen.getByText('All changes saved')).toBeTruthy();
  });

  it('deletes only after confirming, then goes back to the list', async () => {
    stub = stubFetch(({ method, url }) => {
      if (url.pathname !== `${BASE}/${ID}`) return undefined;
      if (method === 'GET') return ok(TEMPLATE);
      if (method === 'DELETE') return ok(null);
      return undefined;
    });
    const { router } = open(`/app/account/emails/${ID}`);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this email template?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(stub.calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete this email template?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/account/emails/search'));
    expect(stub.calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
    await screen.findByText('“Booking confirmed” was deleted.');
  });

  it('asks before leaving with unsaved changes', async () => {
    serveTemplate();
    const { router } = open(`/app/account/emails/${ID}`);
    await write(user, await screen.findByRole('textbox', { name: 'Name' }), ' (old)');
    await act(() => router.navigate('/app/account/emails/search'));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Leave this page?' })).getByRole('button', { name: 'Stay' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe(`/app/account/emails/${ID}`);
    expect(textbox('Name').value).toBe('Booking confirmed (old)');
  });

  it('is read-only for members who are not Admins', async () => {
    const template = { ...TEMPLATE, vendorId: VENDOR_B.vendorId };
    stub = stubFetch(({ method, url }) =>
      method === 'GET' && url.pathname === `/api/Vendor/${VENDOR_B.vendorId}/email/templates/${ID}`
        ? ok(template)
        : undefined,
    );
    open(`/app/account/emails/${ID}`, VENDOR_B);
    const name = (await screen.findByRole('textbox', { name: 'Name' })) as HTMLInputElement;
    expect(name.readOnly).toBe(true);
    expect(textbox('Body').readOnly).toBe(true);
    expect(screen.getByTestId('read-only-note').textContent).toContain('Only Admins of Bravo Electrical');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Insert merge field/ })).toBeNull();
    // The preview still works.
    expect(screen.getByTestId('preview-subject').textContent).toBe('Job 1042 is booked');
  });

  it('explains a missing template', async () => {
    stub = stubFetch(() => ({
      status: 404,
      body: { success: false, code: 'NOT_FOUND', message: 'The email template was not found.' },
    }));
    open(`/app/account/emails/${ID}`);
    await screen.findByText('There is no such email template: it may have been deleted, or the link is wrong.');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
