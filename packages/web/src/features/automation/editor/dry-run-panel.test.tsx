// @vitest-environment happy-dom
import type { DryRunResult } from '@automate/contract';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_CONDITIONS } from '@/testing/dry-runs.ts';
import { renderWithProviders, stubFetch } from '@/testing/render.tsx';
import { QUOTE_FOLLOW_UP } from '@/testing/trigger-definitions.ts';
import { DryRunPanel } from './dry-run-panel.tsx';

const user = userEvent.setup({ delay: null });

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

const VENDOR = '11111111-1111-4111-8111-111111111111';
const ID = '7a0d8f2e-5b1c-4c3d-8e9f-0a1b2c3d4e5f';
const JOB = '3f0c2b1a-0000-4000-8000-00000000a001';

const DEFINITION = QUOTE_FOLLOW_UP;

const RESULT: DryRunResult = {
  wouldRun: false,
  eventFit: {
    fits: false,
    sentence:
      'This record does not fit “A quote is sent” yet (the quote was sent? no): a real run starts only once a quote is sent in ServiceM8.',
  },
  timing: {
    at: '2026-11-29T19:00:00.000Z',
    sentence: 'It would act 2 hours after the event, at Mon, 30 Nov 2026, 8:00 am NZDT.',
  },
  warnings: ['“Text the job contact” would not be sent: The job contact has no mobile number.'],
  conditions: {
    kind: 'group',
    where: 'conditions',
    combiner: 'And',
    result: false,
    reason: '1 of 2 conditions hold; all must hold.',
    items: [
      {
        kind: 'condition',
        where: 'conditions.items[0]',
        type: 'JobQuoted',
        result: true,
        reason: 'The job is a quote.',
      },
      {
        kind: 'group',
        where: 'conditions.items[1]',
        combiner: 'Or',
        result: false,
        reason: 'None of 1 conditions holds; one is enough.',
        items: [
          {
            kind: 'condition',
            where: 'conditions.items[1].items[0]',
            type: 'JobHasBadge',
            result: false,
            reason: 'The job does not have the badge “VIP”.',
          },
        ],
      },
    ],
  },
  actions: [
    {
      actionId: 'sms-1',
      type: 'Job_SendText',
      description: 'Text Sam Client (+64 21 000 000): "Hi "',
      preview: { to: '+64 21 000 000', message: 'Hi ' },
      problem: null,
    },
    {
      actionId: 'mail-1',
      type: 'JobClient_SendEmail',
      description: '“Email the client” could not run on this record.',
      preview: {},
      problem: 'The client has no contact with an email address.',
    },
  ],
  missingMergeFields: ['contact.first_name'],
};

let stub: ReturnType<typeof stubFetch>;
afterEach(() => stub?.restore());

const JOB_CHOICE = {
  uuid: JOB,
  number: '1042',
  status: 'Work Order',
  address: '12 Harbour View Road',
  clientName: 'Harbour Cafe',
  description: 'Replace the cylinder',
};
const JOBS_PATH = `/api/Vendor/${VENDOR}/servicem8/jobs`;

/** Chooses job 1042 in the job picker by typing its number. */
async function pickJob() {
  await user.type(screen.getByRole('combobox', { name: 'Job' }), '1042');
  await user.click(await screen.findByRole('option', { name: /Job 1042 · Work Order/ }));
}

describe('the dry-run panel', () => {
  it('tests the definition being edited on a job and shows the result tree, actions and missing fields', async () => {
    stub = stubFetch(({ method, url }) => {
      if (method === 'GET' && url.pathname === JOBS_PATH)
        return { status: 200, body: { success: true, data: [JOB_CHOICE] } };
      return method === 'POST' && url.pathname === `/api/vendor/${VENDOR}/Trigger/${ID}/dryrun`
        ? { status: 200, body: { success: true, data: RESULT } }
        : undefined;
    });
    renderWithProviders(
      <DryRunPanel vendorId={VENDOR} triggerId={ID} targetKind="Job" getDefinition={() => DEFINITION} />,
    );
    await pickJob();
    await user.click(screen.getByRole('button', { name: 'Run test' }));

    const result = await screen.findByTestId('dry-run-result');
    expect(stub.calls.find((call) => call.method === 'POST')?.body).toEqual({ jobUuid: JOB, definition: DEFINITION });
    expect(within(result).getByText('Would not run: the conditions do not hold on this record.')).toBeTruthy();
    // Whether the record fits the event, when a real run would act, and what it would warn of.
    expect(within(result).getByTestId('dry-run-event-fit').textContent).toBe(RESULT.eventFit.sentence);
    expect(within(result).getByTestId('dry-run-timing').textContent).toBe(RESULT.timing.sentence);
    expect(
      within(result)
        .getAllByTestId('dry-run-warning')
        .map((warning) => warning.textContent),
    ).toEqual(RESULT.warnings);

    const conditions = within(result).getAllByTestId('dry-run-condition');
    expect(conditions).toHaveLength(4);
    expect(within(conditions[0] as HTMLElement).getByText('Conditions · All of these hold (And) · false')).toBeTruthy();
    expect(within(conditions[0] as HTMLElement).getByText('1 of 2 conditions hold; all must hold.')).toBeTruthy();
    expect(within(result).getByText('Job is a quote · true')).toBeTruthy();
    expect(within(result).getByText('The job is a quote.')).toBeTruthy();
    expect(within(result).getByText('Group · Any of these holds (Or) · false')).toBeTruthy();
    expect(within(result).getByText('Job has badge · false')).toBeTruthy();
    expect(within(result).getByText('The job does not have the badge “VIP”.')).toBeTruthy();

    const [sms, mail] = within(result).getAllByTestId('dry-run-action') as [HTMLElement, HTMLElement];
    expect(within(sms).getByText('1. Text the job contact')).toBeTruthy();
    expect(within(sms).getByText('Text Sam Client (+64 21 000 000): "Hi "')).toBeTruthy();
    expect(within(sms).getByText('+64 21 000 000')).toBeTruthy();
    expect(within(mail).getByText('The client has no contact with an email address.')).toBeTruthy();
    expect(within(result).getByText('{{ contact.first_name }}')).toBeTruthy();
  });

  it('tests a trigger not saved yet on a client picked by name, and shows the server’s sentence when it fails', async () => {
    const CLIENT = {
      uuid: '5e1d0000-0000-4000-8000-00000000c001',
      name: 'Harbour Cafe',
      address: '12 Harbour View Road',
    };
    stub = stubFetch(({ method, url }) => {
      if (method === 'GET' && url.pathname === `/api/Vendor/${VENDOR}/servicem8/clients`) {
        return { status: 200, body: { success: true, data: url.searchParams.get('search') ? [CLIENT] : [] } };
      }
      return method === 'POST' && url.pathname === `/api/vendor/${VENDOR}/Trigger/dryrun`
        ? {
            status: 404,
            body: { success: false, code: 'NOT_FOUND', message: 'The client in ServiceM8 was not found.' },
          }
        : undefined;
    });
    renderWithProviders(
      <DryRunPanel vendorId={VENDOR} triggerId={null} targetKind="Client" getDefinition={() => DEFINITION} />,
    );
    await user.type(screen.getByRole('combobox', { name: 'Client' }), 'harbour');
    await user.click(await screen.findByRole('option', { name: /Harbour Cafe/ }));
    await user.click(screen.getByRole('button', { name: 'Run test' }));
    await screen.findByText('The client in ServiceM8 was not found.');
    expect(stub.calls.find((call) => call.method === 'POST')?.body).toMatchObject({ clientUuid: CLIENT.uuid });
    expect(
      stub.calls
        .find((call) => call.url.pathname.endsWith('/clients') && call.url.searchParams.get('search'))
        ?.url.searchParams.get('search'),
    ).toBe('harbour');
  });

  it('tests a trigger not saved yet on a job picked by its number: the conditions hold, but the job does not fit the event yet', async () => {
    const NOT_YET: DryRunResult = {
      ...RESULT,
      wouldRun: true,
      eventFit: {
        fits: false,
        sentence:
          'This record does not fit “A job is completed” yet (the job is completed? no: its status is Work Order): a real run starts only once a job is completed in ServiceM8.',
      },
      warnings: [],
      conditions: NO_CONDITIONS,
    };
    stub = stubFetch(({ method, url }) => {
      if (method === 'GET' && url.pathname === JOBS_PATH)
        return { status: 200, body: { success: true, data: [JOB_CHOICE] } };
      return method === 'POST' && url.pathname === `/api/vendor/${VENDOR}/Trigger/dryrun`
        ? { status: 200, body: { success: true, data: NOT_YET } }
        : undefined;
    });
    renderWithProviders(
      <DryRunPanel vendorId={VENDOR} triggerId={null} targetKind="Job" getDefinition={() => DEFINITION} />,
    );
    await pickJob();
    await user.click(screen.getByRole('button', { name: 'Run test' }));

    const result = await screen.findByTestId('dry-run-result');
    expect(
      within(result).getByText('Would not run yet: the conditions hold, but this record does not fit the event now.'),
    ).toBeTruthy();
    expect(within(result).queryByText('Would run: the conditions hold on this record.')).toBeNull();
    expect(within(result).getByTestId('dry-run-event-fit').textContent).toBe(NOT_YET.eventFit.sentence);
    expect(stub.calls.find((call) => call.method === 'POST')?.body).toEqual({ jobUuid: JOB, definition: DEFINITION });
  });

  it('tests a trigger on a submitted form picked by its form and job', async () => {
    const RESPONSE = {
      uuid: '5e1d0000-0000-4000-8000-00000000f001',
      formName: 'Job Safety Assessment',
      regarding: 'Job 1042 · Harbour Cafe',
      submittedAt: '2026-03-02 09:00:00',
    };
    stub = stubFetch(({ method, url }) => {
      if (method === 'GET' && url.pathname === `/api/Vendor/${VENDOR}/servicem8/form-responses`) {
        return { status: 200, body: { success: true, data: [RESPONSE] } };
      }
      return method === 'POST' && url.pathname === `/api/vendor/${VENDOR}/Trigger/${ID}/dryrun`
        ? { status: 200, body: { success: true, data: RESULT } }
        : undefined;
    });
    renderWithProviders(
      <DryRunPanel vendorId={VENDOR} triggerId={ID} targetKind="Form" getDefinition={() => DEFINITION} />,
    );
    await user.click(screen.getByRole('button', { name: 'Run test' }));
    expect(screen.getByText('Pick the submitted form to test on.')).toBeTruthy();
    await user.type(screen.getByRole('combobox', { name: 'Form response' }), '1042');
    await user.click(await screen.findByRole('option', { name: /Job Safety Assessment.*Job 1042 · Harbour Cafe/ }));
    await user.click(screen.getByRole('button', { name: 'Run test' }));
    await screen.findByTestId('dry-run-result');
    expect(stub.calls.find((call) => call.method === 'POST')?.body).toEqual({
      formResponseUuid: RESPONSE.uuid,
      definition: DEFINITION,
    });
  });

  it('sends nothing while the trigger has problems or no record is given', async () => {
    stub = stubFetch(({ method, url }) =>
      method === 'GET' && url.pathname === JOBS_PATH
        ? { status: 200, body: { success: true, data: [JOB_CHOICE] } }
        : undefined,
    );
    renderWithProviders(<DryRunPanel vendorId={VENDOR} triggerId={ID} targetKind="Job" getDefinition={() => null} />);
    await user.click(screen.getByRole('button', { name: 'Run test' }));
    expect(screen.getByText('Pick the job to test on.')).toBeTruthy();
    await pickJob();
    await user.click(screen.getByRole('button', { name: 'Run test' }));
    expect(screen.getByText('The trigger has problems (marked in the form): fix them, then test again.')).toBeTruthy();
    expect(stub.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });
});
