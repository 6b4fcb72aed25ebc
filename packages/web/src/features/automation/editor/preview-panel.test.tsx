// @vitest-environment happy-dom
import type { PreviewResult, TriggerDefinition } from '@automate/contract';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatVendorTime } from '@/lib/vendor-time.ts';
import { renderWithProviders, stubFetch } from '@/testing/render.tsx';
import { QUOTE_FOLLOW_UP } from '@/testing/trigger-definitions.ts';
import { testVendor } from '@/testing/vendors.ts';
import { PreviewPanel } from './preview-panel.tsx';

const user = userEvent.setup({ delay: null });

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

const VENDOR = '11111111-1111-4111-8111-111111111111';
const ID = '7a0d8f2e-5b1c-4c3d-8e9f-0a1b2c3d4e5f';
const PREVIEW_PATH = `/api/vendor/${VENDOR}/Trigger/preview`;
const ZONE = 'Pacific/Auckland';

/** The definition as edited, not as saved: the preview must replay this one. */
const DEFINITION: TriggerDefinition = {
  ...QUOTE_FOLLOW_UP,
  name: 'Quote follow-up (edited)',
  actions: [{ id: 'sms-1', type: 'Job_SendText', params: { message: 'Hi {{ job.job_address }}' } }],
};

const subject = (changeId: string, occurredAt: string, jobNumber: string | null, clientName: string | null) => ({
  changeId,
  occurredAt,
  event: 'JobQuoteSent' as const,
  object: 'job',
  recordUuid: `${changeId}-record`,
  jobUuid: `${changeId}-record`,
  jobNumber,
  clientName,
});

const RESULT: PreviewResult = {
  period: { from: '2026-10-31T00:00:00.000Z', to: '2026-11-30T00:00:00.000Z', days: 30 },
  coverage: 'From Sat, 31 Oct 2026, 1:00 pm NZDT to now (30 days): the last 30 days of changes.',
  changesWithEvent: 42,
  runCount: 12,
  runs: [
    {
      ...subject('change-2', '2026-11-29T19:00:00.000Z', '1042', 'Harbour Cafe'),
      actsAt: '2026-11-29T21:00:00.000Z',
      timing: 'It would have acted 2 hours after the event, at Mon, 30 Nov 2026, 10:00 am NZDT.',
      actions: [
        {
          actionId: 'sms-1',
          type: 'Job_SendText',
          label: 'Text the job contact',
          texts: [{ label: 'Message', text: 'Hi 12 Harbour View Road' }],
          missingMergeFields: ['job.po_number'],
          problem: null,
        },
        {
          actionId: 'mail-1',
          type: 'JobClient_SendEmail',
          label: 'Email the client',
          texts: [],
          missingMergeFields: [],
          problem: 'The email template chosen for this action was deleted; choose another one.',
        },
      ],
    },
    {
      ...subject('change-1', '2026-11-20T02:30:00.000Z', null, 'Wei Chen'),
      actsAt: '2026-11-20T02:30:00.000Z',
      timing: 'It would have acted at once, at Fri, 20 Nov 2026, 3:30 pm NZDT.',
      actions: [],
    },
  ],
  skippedCount: 30,
  skippedByReason: {
    conditions: 28,
    kind: 0,
    'already-ran': 2,
    'own-change': 0,
    'cascade-limit': 0,
    booking: 0,
  },
  skipped: [
    {
      ...subject('change-3', '2026-11-28T01:00:00.000Z', '1043', 'Bay Motors'),
      reason: 'conditions',
      explanation: 'The job is not a quote.',
    },
  ],
  limits: ['Contacts are read from ServiceM8 when a message is sent, so contact fields are left empty here.'],
};

const EMPTY: PreviewResult = {
  period: { from: null, to: '2026-11-30T00:00:00.000Z', days: 0 },
  coverage: 'No changes have been kept yet: changes are kept from the day ServiceM8 was connected, for 30 days.',
  changesWithEvent: 0,
  runCount: 0,
  runs: [],
  skippedCount: 0,
  skippedByReason: { conditions: 0, kind: 0, 'already-ran': 0, 'own-change': 0, 'cascade-limit': 0, booking: 0 },
  skipped: [],
  limits: [],
};

let stub: ReturnType<typeof stubFetch>;
afterEach(() => stub?.restore());

/** The vendor's record (for its time zone) and the preview's answer. */
function answer(preview: { status: number; body: unknown }) {
  stub = stubFetch(({ method, url }) => {
    if (method === 'GET' && url.pathname === `/api/Vendor/${VENDOR}`) {
      return { status: 200, body: { success: true, data: testVendor({ id: VENDOR, timeZone: ZONE }) } };
    }
    return method === 'POST' && url.pathname === PREVIEW_PATH ? preview : undefined;
  });
}

const region = () => screen.getByRole('region', { name: 'Preview on the last 30 days' });

describe('the preview panel', () => {
  it('replays the definition being edited and shows the runs, the skipped changes by reason and what it cannot know', async () => {
    answer({ status: 200, body: { success: true, data: RESULT } });
    renderWithProviders(<PreviewPanel vendorId={VENDOR} triggerId={ID} getDefinition={() => DEFINITION} />);
    expect(within(region()).getByText(/Nothing is sent and ServiceM8 is not asked\./)).toBeTruthy();
    await user.click(within(region()).getByRole('button', { name: 'Preview on the last 30 days' }));

    const result = await screen.findByTestId('preview-result');
    expect(stub.calls.find((call) => call.method === 'POST')?.body).toEqual({ definition: DEFINITION, triggerId: ID });
    expect(within(result).getByTestId('preview-coverage').textContent).toBe(RESULT.coverage);
    expect(within(result).getByTestId('preview-summary').textContent).toBe(
      'It would have started 12 runs and skipped 30 of 42 changes with this event.',
    );

    // The runs, newest first, each with its record, when it changed (the business's clock), when it would act and what.
    const runs = within(within(result).getByRole('list', { name: 'Runs it would have started' })).getAllByTestId(
      'preview-run',
    );
    expect(runs).toHaveLength(2);
    const [newest, older] = runs as [HTMLElement, HTMLElement];
    expect(within(newest).getByRole('heading', { name: 'Job 1042 · Harbour Cafe' })).toBeTruthy();
    const changed = await within(newest).findByText(formatVendorTime('2026-11-29T19:00:00.000Z', ZONE));
    expect(changed.getAttribute('datetime')).toBe('2026-11-29T19:00:00.000Z');
    expect(changed.parentElement?.textContent).toBe(`Changed ${changed.textContent}`);
    expect(within(newest).getByText(RESULT.runs[0]?.timing ?? '')).toBeTruthy();
    const [sms, mail] = within(newest).getAllByTestId('preview-action') as [HTMLElement, HTMLElement];
    expect(within(sms).getByText('Text the job contact')).toBeTruthy();
    expect(within(sms).getByText('Message')).toBeTruthy();
    expect(within(sms).getByText('Hi 12 Harbour View Road')).toBeTruthy();
    expect(within(sms).getByText('Empty on this record: {{ job.po_number }}')).toBeTruthy();
    expect(within(mail).getByRole('alert').textContent).toContain(
      'The email template chosen for this action was deleted',
    );
    expect(within(older).getByRole('heading', { name: 'Job · Wei Chen' })).toBeTruthy();
    expect(within(result).getByText('Showing the newest 2 of 12.')).toBeTruthy();

    // Only the reasons that skipped something are counted.
    expect(
      within(within(result).getByRole('list', { name: 'Skipped changes by reason' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Conditions not met: 28', 'Event had happened before: 2']);
    const [skip] = within(within(result).getByRole('list', { name: 'Changes it would have skipped' })).getAllByTestId(
      'preview-skip',
    ) as [HTMLElement];
    expect(within(skip).getByRole('heading', { name: 'Job 1043 · Bay Motors' })).toBeTruthy();
    expect(within(skip).getByText('Conditions not met')).toBeTruthy();
    expect(within(skip).getByText('The job is not a quote.')).toBeTruthy();
    expect(within(result).getByText('Showing the newest 1 of 30.')).toBeTruthy();

    expect(within(result).getByRole('heading', { name: 'What a preview cannot know' })).toBeTruthy();
    expect(within(result).getByText(RESULT.limits[0] ?? '')).toBeTruthy();
  });

  it('is busy while the replay runs, sends no triggerId for a new trigger, and shows the server’s sentence when it fails', async () => {
    answer({
      status: 400,
      body: {
        success: false,
        code: 'VALIDATION_ERROR',
        message: 'Action 1 (Text the job contact): the merge field {{ job.nope }} does not exist.',
      },
    });
    // The answer waits until the test has seen the busy state.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const answerAtOnce = globalThis.fetch;
    globalThis.fetch = async (...args: Parameters<typeof fetch>) => {
      if (args[1]?.method === 'POST') await held;
      return answerAtOnce(...args);
    };
    renderWithProviders(<PreviewPanel vendorId={VENDOR} triggerId={null} getDefinition={() => DEFINITION} />);
    await user.click(screen.getByRole('button', { name: 'Preview on the last 30 days' }));

    const busy = await screen.findByRole('button', { name: 'Replaying the last 30 days…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    release();
    expect(
      (await screen.findByRole('alert')).textContent?.includes(
        'Action 1 (Text the job contact): the merge field {{ job.nope }} does not exist.',
      ),
    ).toBe(true);
    expect(stub.calls.find((call) => call.method === 'POST')?.body).toEqual({ definition: DEFINITION });
    expect(screen.queryByTestId('preview-result')).toBeNull();
    expect((screen.getByRole('button', { name: 'Preview on the last 30 days' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('says when no change in the period had the event, with the period it covers', async () => {
    answer({ status: 200, body: { success: true, data: EMPTY } });
    renderWithProviders(<PreviewPanel vendorId={VENDOR} triggerId={ID} getDefinition={() => DEFINITION} />);
    await user.click(screen.getByRole('button', { name: 'Preview on the last 30 days' }));
    const result = await screen.findByTestId('preview-result');
    expect(within(result).getByTestId('preview-coverage').textContent).toBe(EMPTY.coverage);
    expect(within(result).getByTestId('preview-summary').textContent).toBe('No change in this period had this event.');
    expect(within(result).queryAllByRole('list')).toHaveLength(0);
  });

  it('sends nothing while the trigger has problems', async () => {
    answer({ status: 200, body: { success: true, data: RESULT } });
    renderWithProviders(<PreviewPanel vendorId={VENDOR} triggerId={ID} getDefinition={() => null} />);
    await user.click(screen.getByRole('button', { name: 'Preview on the last 30 days' }));
    expect(
      screen.getByText('The trigger has problems (marked in the form): fix them, then preview again.'),
    ).toBeTruthy();
    expect(stub.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });
});
