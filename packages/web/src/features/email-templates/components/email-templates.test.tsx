// @vitest-environment happy-dom
import type { EmailTemplate, VendorMembership } from '@automate/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '@/lib/session/session.ts';
import { createSessionStore } from '@/lib/session/session-store.ts';
import { renderAsRoute, stubFetch } from '@/testing/render.tsx';
import { makeUser, memoryStorage, VENDOR_A, VENDOR_B } from '@/testing/sessions.ts';
import { EMPTY_TEXT, EmailTemplates } from './email-templates.tsx';

const user = userEvent.setup({ delay: null });

vi.setConfig({ testTimeout: 20_000 });

const template = (id: string, name: string, subject: string, updatedAt: string): EmailTemplate => ({
  id,
  vendorId: VENDOR_A.vendorId,
  name,
  subject,
  body: 'Kia ora {{ contact.first_name }}',
  createdAt: '2026-01-01T09:00:00.000Z',
  updatedAt,
});
const BOOKED = template(
  'a1c7c1e0-3a1b-4f7e-9a39-0a4b8e0f8a11',
  'Booking confirmed',
  'Job {{ job.number }} is booked',
  '2026-03-01T09:00:00.000Z',
);
const DONE = template(
  'b1c7c1e0-3a1b-4f7e-9a39-0a4b8e0f8a11',
  'Job completed',
  'All done at {{ job.address }}',
  '2026-04-01T09:00:00.000Z',
);
const QUOTE = template(
  'c1c7c1e0-3a1b-4f7e-9a39-0a4b8e0f8a11',
  'Quote follow-up',
  'Your quote from {{ vendor.name }}',
  '2026-02-01T09:00:00.000Z',
);

const LIST = `/api/Vendor/${VENDOR_A.vendorId}/email/templates/fetch`;
const ok = (data: unknown) => ({ status: 200, body: { success: true, data } });

let stub: ReturnType<typeof stubFetch>;
afterEach(() => stub.restore());

function open(vendor: VendorMembership = VENDOR_A, at = '/app/account/emails/search') {
  const store = createSessionStore(memoryStorage());
  store.login(makeUser({ vendors: [vendor] }));
  return renderAsRoute(
    <SessionProvider store={store}>
      <EmailTemplates />
    </SessionProvider>,
    { path: '/app/account/emails/search', at },
  );
}

const rowNames = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('the email template list', () => {
  it('lists the vendor’s templates by name, filters and sorts them here, and opens one', async () => {
    stub = stubFetch(({ url }) => (url.pathname === LIST ? ok([BOOKED, DONE, QUOTE]) : undefined));
    const { router } = open();
    const table = await screen.findByRole('table', { name: 'Email templates' });
    await within(table).findByRole('link', { name: 'Booking confirmed' });
    expect(rowNames(table)).toEqual(['Booking confirmed', 'Job completed', 'Quote follow-up']);
    expect(within(table).getByText('Job {{ job.number }} is booked')).toBeTruthy();

    // Newest first by clicking Updated twice.
    await user.click(within(table).getByRole('button', { name: 'Updated' }));
    await user.click(within(table).getByRole('button', { name: 'Updated' }));
    await waitFor(() => expect(rowNames(table)).toEqual(['Job completed', 'Booking confirmed', 'Quote follow-up']));

    // The filter matches the subject too.
    await user.type(screen.getByRole('searchbox', { name: 'Search name or subject' }), 'ADDRESS');
    await waitFor(() => expect(rowNames(table)).toEqual(['Job completed']));
    await user.clear(screen.getByRole('searchbox', { name: 'Search name or subject' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search name or subject' }), 'nothing like it');
    await within(table).findByText('No templates match “nothing like it”.');

    // One fetch: filtering and sorting happen in the browser.
    expect(stub.calls.filter((call) => call.url.pathname === LIST)).toHaveLength(1);

    await user.clear(screen.getByRole('searchbox', { name: 'Search name or subject' }));
    await user.click(await within(table).findByText('All done at {{ job.address }}'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/app/account/emails/${DONE.id}`));
  });

  it('says what to do when there are no templates yet', async () => {
    stub = stubFetch(({ url }) => (url.pathname === LIST ? ok([]) : undefined));
    open();
    const empty = await screen.findByTestId('table-empty');
    expect(empty.textContent).toContain(EMPTY_TEXT);
    expect(within(empty).getByRole('link', { name: 'New template' }).getAttribute('href')).toBe(
      '/app/account/emails/new',
    );
  });

  it('deletes a template only after confirming, and shows the server’s refusal', async () => {
    let refuse = true;
    stub = stubFetch(({ method, url }) => {
      if (url.pathname === LIST) return ok(refuse ? [BOOKED, DONE] : [DONE]);
      if (method === 'DELETE' && url.pathname === `/api/Vendor/${VENDOR_A.vendorId}/email/templates/${BOOKED.id}`) {
        if (refuse) {
          return {
            status: 409,
            body: {
              success: false,
              code: 'CONFLICT',
              message: 'The email template is used by the trigger "New job"; choose another template there first.',
            },
          };
        }
        return ok(null);
      }
      return undefined;
    });
    open();
    const deleteButton = await screen.findByRole('button', { name: 'Delete Booking confirmed' });

    await user.click(deleteButton);
    const dialog = await screen.findByRole('dialog', { name: 'Delete this email template?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(stub.calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(deleteButton);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete this email template?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await screen.findByText(
      'The email template is used by the trigger "New job"; choose another template there first.',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('link', { name: 'Booking confirmed' })).toBeTruthy();

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Delete Booking confirmed' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete this email template?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await screen.findByText('“Booking confirmed” was deleted.');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Booking confirmed' })).toBeNull());
    expect(stub.calls.filter((call) => call.method === 'DELETE')).toHaveLength(2);
  });

  it('is read-only for members who are not Admins', async () => {
    const bravoList = `/api/Vendor/${VENDOR_B.vendorId}/email/templates/fetch`;
    stub = stubFetch(({ url }) =>
      url.pathname === bravoList ? ok([{ ...BOOKED, vendorId: VENDOR_B.vendorId }]) : undefined,
    );
    open(VENDOR_B);
    await screen.findByRole('link', { name: 'Booking confirmed' });
    expect(screen.getByTestId('read-only-note').textContent).toContain('Only Admins of Bravo Electrical');
    expect(screen.queryByRole('link', { name: 'New template' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
  });

  it('shows the server’s sentence when the templates cannot be loaded', async () => {
    stub = stubFetch(() => ({
      status: 403,
      body: { success: false, code: 'FORBIDDEN', message: 'You are not a member of this vendor.' },
    }));
    open();
    // Once inline (with Try again) and once as a toast.
    await waitFor(() => expect(screen.getAllByText('You are not a member of this vendor.')).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
