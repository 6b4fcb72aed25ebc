// @vitest-environment happy-dom
import type { SystemEmail } from '@automate/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAsRoute, stubFetch } from '@/testing/render.tsx';
import { write } from '@/testing/write.ts';
import { SystemEmailEditor } from './system-email-editor.tsx';

const user = userEvent.setup({ delay: null });

vi.setConfig({ testTimeout: 20_000 });

const EMAIL: SystemEmail = {
  id: '33333333-3333-4333-8333-333333333333',
  key: 'welcome',
  name: 'Welcome',
  description: 'Sent once an address is confirmed.',
  subject: 'Welcome to {{ app.name }}',
  body: 'Hi {{ user.firstName }}, welcome.',
  isSystem: true,
  mergeFields: ['app.name', 'user.firstName', 'link'],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

let stub: ReturnType<typeof stubFetch>;
afterEach(() => stub.restore());

const ok = (data: unknown, message?: string) => ({ status: 200, body: { success: true, data, message } });

/** Renders Liquid the way the server's preview does for the two variables used here. */
const render = (text: string) =>
  text.replaceAll('{{ app.name }}', 'Automate').replaceAll('{{ user.firstName }}', 'Alex');

function EditorRoute() {
  const { id = '' } = useParams();
  return <SystemEmailEditor id={id} />;
}

describe('the system email editor', () => {
  it('lists the variables, previews the draft on sample data, sends a test of it and saves it', async () => {
    stub = stubFetch(({ method, url, body }) => {
      const draft = body as { subject: string; body: string };
      if (url.pathname === `/api/Admin/emails/${EMAIL.id}` && method === 'GET') return ok(EMAIL);
      if (url.pathname === '/api/Admin/emails/preview') {
        return ok({ subject: render(draft.subject), text: render(draft.body), html: '' });
      }
      if (url.pathname === `/api/Admin/emails/${EMAIL.id}/test`) {
        return ok({ to: 'root@example.com' }, 'A test was sent to root@example.com.');
      }
      if (url.pathname === `/api/Admin/emails/${EMAIL.id}` && method === 'POST') {
        return ok({ ...EMAIL, ...(body as object) }, 'The template was saved.');
      }
      return undefined;
    });
    renderAsRoute(<EditorRoute />, {
      path: '/admin/settings/emails/:id',
      at: `/admin/settings/emails/${EMAIL.id}`,
    });
    await screen.findByRole('heading', { name: 'Welcome' });
    const variables = screen.getByRole('region', { name: 'Variables' });
    expect(within(variables).getByText('{{ user.firstName }}')).toBeTruthy();
    expect(within(variables).getByText('{{ link }}')).toBeTruthy();

    const preview = await screen.findByTestId('system-email-preview');
    await within(preview).findByText('Subject: Welcome to Automate');
    expect(await within(preview).findByText('Hi Alex, welcome.')).toBeTruthy();

    const subject = screen.getByRole('textbox', { name: 'Subject' });
    await user.clear(subject);
    await write(user, subject, 'Hello {{ user.firstName }}');
    // Cleared, the preview asked for a subject; typed, it shows the new draft rendered.
    await screen.findByText('Subject: Hello Alex', {}, { timeout: 3000 });

    await user.click(screen.getByRole('button', { name: 'Send me a test' }));
    await screen.findByText('A test was sent to root@example.com.');
    const test = stub.calls.find((call) => call.url.pathname.endsWith('/test'));
    expect(test?.body).toEqual({ subject: 'Hello {{ user.firstName }}', body: EMAIL.body });

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(
        stub.calls.some((call) => call.method === 'POST' && call.url.pathname === `/api/Admin/emails/${EMAIL.id}`),
      ).toBe(true),
    );
    // A template the platform sends cannot be deleted.
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});
