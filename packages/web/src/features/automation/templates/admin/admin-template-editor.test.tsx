// @vitest-environment happy-dom
import type { TriggerTemplate, TriggerTemplateInput } from '@automate/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAsRoute, stubFetch } from '@/testing/render.tsx';
import { AdminTemplateEditor } from './admin-template-editor.tsx';

const user = userEvent.setup({ delay: null });

vi.setConfig({ testTimeout: 20_000 });

const BASE = '/admin/settings/trigger/templates';
const TEMPLATE: TriggerTemplate = {
  id: '44444444-4444-4444-8444-444444444444',
  title: 'Check the invoice',
  description: 'When a job is completed, it gets the Check invoice badge.',
  category: 'Invoices & payments',
  published: false,
  onboardingOrder: null,
  definition: {
    name: 'Check invoice on completion',
    description: '',
    enabled: false,
    event: 'JobCompleted',
    targetKind: 'Job',
    conditions: { combiner: 'And', items: [] },
    recheckBeforeRun: true,
    ignoreQuietHours: false,
    actions: [
      { id: 'badge', type: 'Job_AddBadge', params: { badgeUuid: 'Check invoice' } },
      {
        id: 'email',
        type: 'JobClient_SendEmail',
        params: { subject: 'Done', body: 'We finished job {{ job.number }}.' },
      },
    ],
  },
  createdAt: '2026-03-01T09:00:00.000Z',
  updatedAt: '2026-03-01T09:00:00.000Z',
};

let stub: ReturnType<typeof stubFetch>;
afterEach(() => stub.restore());
const ok = (data: unknown, status = 200) => ({ status, body: { success: true, data } });

function renderEditor(id: string) {
  return renderAsRoute(<AdminTemplateEditor basePath={BASE} id={id} />, {
    path: `${BASE}/view/:id`,
    at: `${BASE}/view/${id}`,
  });
}

describe('the admin template editor', () => {
  it('edits a template with the trigger editor, its records written by name, and publishes it', async () => {
    let posted: TriggerTemplateInput | undefined;
    stub = stubFetch(({ method, url, body }) => {
      if (url.pathname !== `/api/TriggerTemplate/${TEMPLATE.id}`) return undefined;
      if (method === 'GET') return ok(TEMPLATE);
      posted = body as TriggerTemplateInput;
      return ok({ ...TEMPLATE, ...posted, updatedAt: '2026-03-02T09:00:00.000Z' });
    });
    renderEditor(TEMPLATE.id);
    const badge = await screen.findByRole('combobox', { name: /Badge \(name\)/ });
    expect((badge as HTMLInputElement).value).toBe('Check invoice');
    // A template has no switch of its own, and its emails are written out.
    expect(screen.queryByRole('switch', { name: 'Enabled' })).toBeNull();
    expect(screen.queryByRole('radio', { name: 'Use an email template' })).toBeNull();

    await user.clear(badge);
    await user.type(badge, 'Paid');
    await user.click(screen.getByRole('switch', { name: 'Published: vendors see it' }));
    await user.type(screen.getByRole('textbox', { name: 'Onboarding order' }), '7');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(posted).toBeDefined());
    expect(posted).toMatchObject({ published: true, onboardingOrder: 7, category: 'Invoices & payments' });
    expect(posted?.definition.actions[0]?.params).toEqual({ badgeUuid: 'Paid' });
    expect(posted?.definition.enabled).toBe(false);
  });

  it('says what is missing under each input before anything is sent', async () => {
    stub = stubFetch(() => undefined);
    renderEditor('new');
    await user.click(await screen.findByRole('button', { name: 'Create' }));
    const library = screen.getByRole('region', { name: 'In the library' });
    expect(await within(library).findByText('Title: give the template a title.')).toBeTruthy();
    expect(within(library).getByText('Description: say what the automation does for the business.')).toBeTruthy();
    expect(screen.getByText('Name: give the trigger a name.')).toBeTruthy();
    expect(stub.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });
});
