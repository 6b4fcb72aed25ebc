import { type AssumptionChoices, SEED_IDS } from '@automate/servicem8-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AutomationHarness, startAutomationHarness } from './support/automation-harness.ts';
import { bearer } from './support/factories.ts';

/**
 * The engine's journey from a change in ServiceM8 to a note and an emailed attachment under each
 * reading of how ServiceM8 spells paths, compares text in a filter and orders a list: every choice of
 * `pathSpelling`, `textComparison` and `orderBy` is in at least one row.
 */

let h: AutomationHarness;
beforeAll(async () => {
  h = await startAutomationHarness();
}, 60_000);
afterAll(() => h.cleanup());

const { jobs, categories } = SEED_IDS;
const JOB = jobs.quoteKitchenTap; // job 1001 for Emma Ellis, whose job contact has an email
let flip = false;

type Readings = Pick<AssumptionChoices, 'pathSpelling' | 'textComparison' | 'orderBy'>;
const READINGS: Readings[] = [
  { pathSpelling: 'any', textComparison: 'case-insensitive', orderBy: 'ignored' },
  { pathSpelling: 'sdk-exact', textComparison: 'case-sensitive', orderBy: 'honoured' },
  { pathSpelling: 'plain-exact', textComparison: 'case-insensitive', orderBy: 'honoured' },
  { pathSpelling: 'plain-exact', textComparison: 'case-sensitive', orderBy: 'ignored' },
];

async function uploadGuide(triggerId: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new TextEncoder().encode('%PDF-1.4 guide')], { type: 'application/pdf' }), 'guide.pdf');
  const upload = await fetch(`${h.baseUrl}/api/vendor/${h.vendorId}/Trigger/${triggerId}/action/att/attachment`, {
    method: 'POST',
    headers: bearer(h.token),
    body: form,
  });
  expect(upload.status).toBe(201);
  return ((await upload.json()) as { data: { id: string } }).data.id;
}

describe.each(READINGS)('ServiceM8 read as %o', (readings) => {
  it('a category change adds the note and emails the attachment, with no call ServiceM8 would refuse or ignore', async () => {
    const previous = h.sim.controls.assumptions().current;
    h.sim.controls.setAssumptions(readings);
    const triggerId = await h.createTrigger({ event: 'JobCategoryChanged', enabled: false });
    try {
      const attachmentId = await uploadGuide(triggerId);
      const label = `${readings.pathSpelling}/${readings.textComparison}/${readings.orderBy}`;
      const saved = await h.app.inject({
        method: 'POST',
        url: `/api/vendor/${h.vendorId}/Trigger/${triggerId}`,
        headers: bearer(h.token),
        payload: {
          name: `Readings ${label}`,
          event: 'JobCategoryChanged',
          targetKind: 'Job',
          enabled: true,
          actions: [
            { id: 'n', type: 'Job_AddNote', params: { text: `Noted under ${label}` } },
            { id: 'att', type: 'Job_SendAttachment', params: { attachmentId, subject: `Guide ${label}`, body: 'Hi.' } },
          ],
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      h.sim.controls.clearMessages();
      h.sim.controls.clearCalls();
      flip = !flip;
      await h.change('job', JOB, { category_uuid: flip ? categories.drainage : categories.plumbing });
      const [run] = await h.settledRuns(triggerId, 1);
      expect(run?.status, run?.reason ?? '').toBe('Succeeded');
      expect(h.sim.controls.records('note').map((note) => note.note)).toContain(`Noted under ${label}`);
      const [email] = h.sim.controls.messages('email');
      expect(email).toMatchObject({ subject: `Guide ${label}`, attachments: [expect.any(String)] });
      const attached = h.sim.controls.records('attachment').find((record) => record.uuid === email?.attachments?.[0]);
      expect(attached).toMatchObject({ related_object_uuid: JOB, attachment_name: 'guide.pdf' });

      const calls = h.sim.controls.calls({ path: '/api_1.0/' });
      // Refused as unknown objects (400): at most the one a plain-spelling account answers before the
      // client keeps to that spelling. (The 404 of the attachment's existence check is expected.)
      const refused = calls.filter((call) => call.status === 400);
      expect(refused.length).toBeLessThanOrEqual(readings.pathSpelling === 'plain-exact' ? 1 : 0);
      expect(
        calls.flatMap((call) => call.warnings).filter((warning) => /unknown query parameter/.test(warning)),
      ).toEqual([]);
    } finally {
      await h.deleteTrigger(triggerId);
      h.sim.controls.setAssumptions(previous);
    }
  });
});
