import type { ActivityEntry, WeekResults } from '@automate/contract';

/** A week of automations' work, as `GET /api/vendor/{id}/Trigger/results/week` answers. */
export const WEEK_RESULTS: WeekResults = {
  from: '2026-03-24T11:00:00.000Z',
  to: '2026-03-31T02:00:00.000Z',
  emailsSent: 84,
  textsSent: 31,
  notesAdded: 120,
  quotesApprovedAfterFollowUp: 12,
  quotesApprovedValue: 18_400,
};

/**
 * A change to job `jobNumber` as the activity answers it: its status moved from Quote to Work Order, one
 * automation's conditions did not hold and another ran.
 */
export const testActivityEntry = (
  id: string,
  jobNumber: string,
  overrides: Partial<ActivityEntry> = {},
): ActivityEntry => ({
  id,
  observedAt: '2026-04-01T09:00:00.000Z',
  object: 'job',
  recordUuid: `job-${jobNumber}`,
  source: 'webhook',
  jobUuid: `job-${jobNumber}`,
  jobNumber,
  clientUuid: 'client-1',
  clientName: 'Wei Chen',
  changes: [{ field: 'status', label: 'Status', before: 'Quote', after: 'Work Order' }],
  ownWrite: null,
  events: [
    {
      event: 'JobStatusChanged',
      seenBefore: false,
      pending: false,
      automations: [
        {
          triggerId: 'trigger-1',
          triggerName: 'Thank you when completed',
          run: null,
          reason: 'conditions',
          explanation: "The job's status is Completed? no: it is Work Order.",
        },
        {
          triggerId: 'trigger-2',
          triggerName: 'Status note',
          run: { id: 'run-1', status: 'Succeeded', reason: null },
          reason: null,
          explanation: null,
        },
      ],
    },
  ],
  ...overrides,
});
