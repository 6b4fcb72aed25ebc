import {
  DryRunResult,
  SavableTriggerDefinition,
  searchPage,
  successEnvelope,
  TEMPLATE_CATEGORIES,
  TemplateCopy,
  TemplateDefinition,
  TriggerSummary,
  TriggerTemplate,
  toSearchParams,
} from '@automate/contract';
import { SEED_IDS } from '@automate/servicem8-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRIGGER_TEMPLATE_LIBRARY } from '../src/seed/trigger-template-library.ts';
import { type AutomationHarness, startAutomationHarness } from './support/automation-harness.ts';
import { bearer } from './support/factories.ts';

let h: AutomationHarness;
let library: TriggerTemplate[];

beforeAll(async () => {
  h = await startAutomationHarness();
  const page = await h.app.inject({
    method: 'GET',
    url: '/api/TriggerTemplate/search?PageSize=100',
    headers: bearer(h.token),
  });
  library = successEnvelope(searchPage(TriggerTemplate)).parse(page.json()).data.rows;
}, 60_000);
afterAll(() => h.cleanup());

/** The demo record each kind of trigger is tried on: a quote for quote events, a completed job otherwise. */
function demoRecordFor(template: TriggerTemplate) {
  const { event } = template.definition;
  if (event === 'ClientIsCreated') return { clientUuid: SEED_IDS.companies.emmaEllis };
  if (event === 'FormIsSubmitted') return { formResponseUuid: SEED_IDS.formResponses[1] };
  if (event.startsWith('JobQuote')) return { jobUuid: SEED_IDS.jobs.quoteKitchenTap };
  // A job with a visit booked: the booking's merge fields speak of it.
  if (event === 'JobIsScheduled') return { jobUuid: SEED_IDS.jobs.workOrderBlockedSewer };
  return { jobUuid: SEED_IDS.jobs.completedHotWater };
}

describe('the seeded template library', () => {
  it('is published in full, with at least 12 templates covering every category', () => {
    expect(library.map((template) => template.title).sort()).toEqual(
      TRIGGER_TEMPLATE_LIBRARY.map((template) => template.title).sort(),
    );
    expect(library.length).toBeGreaterThanOrEqual(12);
    expect(new Set(library.map((template) => template.category))).toEqual(new Set(TEMPLATE_CATEGORIES));
  });

  it('recommends templates that copy onto the demo account without asking anything', async () => {
    const recommended = successEnvelope(searchPage(TriggerTemplate)).parse(
      (
        await h.app.inject({
          method: 'GET',
          url: '/api/TriggerTemplate/search/onboarding',
          headers: bearer(h.token),
        })
      ).json(),
    ).data.rows;
    expect(recommended.map((template) => template.onboardingOrder)).toEqual([1, 2, 3, 4, 5, 6]);
    for (const template of recommended) {
      const copied = await h.app.inject({
        method: 'POST',
        url: `/api/TriggerTemplate/${template.id}/copy/${h.vendorId}`,
        headers: bearer(h.token),
        payload: {},
      });
      expect(copied.statusCode, `${template.title}: ${copied.body}`).toBe(201);
    }
  });

  it.each(TRIGGER_TEMPLATE_LIBRARY.map((template) => [template.title]))(
    '“%s” passes the template schema, copies into a valid trigger and dry-runs on the demo data',
    async (title) => {
      const template = library.find((row) => row.title === title);
      if (!template) throw new Error(`${title} is not in the library`);
      expect(TemplateDefinition.safeParse(template.definition).error).toBeUndefined();

      const copied = await h.app.inject({
        method: 'POST',
        url: `/api/TriggerTemplate/${template.id}/copy/${h.vendorId}`,
        headers: bearer(h.token),
        payload: { createMissing: true },
      });
      expect(copied.statusCode, copied.body).toBe(201);
      const { trigger } = successEnvelope(TemplateCopy).parse(copied.json()).data;
      expect(SavableTriggerDefinition.safeParse(trigger.definition).error).toBeUndefined();
      expect(trigger.definition.enabled).toBe(false);

      const dryRun = await h.app.inject({
        method: 'POST',
        url: `/api/vendor/${h.vendorId}/Trigger/${trigger.id}/dryrun`,
        headers: bearer(h.token),
        payload: demoRecordFor(template),
      });
      expect(dryRun.statusCode, dryRun.body).toBe(200);
      const result = successEnvelope(DryRunResult).parse(dryRun.json()).data;
      expect(result.actions.map((action) => action.actionId)).toEqual(
        template.definition.actions.map((action) => action.id),
      );
      expect(result.actions.filter((action) => action.problem !== null)).toEqual([]);
      expect(result.missingMergeFields).toEqual([]);
    },
  );
});

describe('a recommendation turned on', () => {
  it('runs on a change in ServiceM8: “On my way text” texts the client when the badge is added to a job', async () => {
    const template = library.find((row) => row.title === 'On my way text');
    if (!template) throw new Error('“On my way text” is not in the library');
    // Turned on as onboarding does: copied onto the vendor's records, then saved switched on.
    const copied = await h.app.inject({
      method: 'POST',
      url: `/api/TriggerTemplate/${template.id}/copy/${h.vendorId}`,
      headers: bearer(h.token),
      payload: {},
    });
    expect(copied.statusCode, copied.body).toBe(201);
    const { trigger } = successEnvelope(TemplateCopy).parse(copied.json()).data;
    expect(trigger.definition.conditions.items[0]).toMatchObject({ params: { badgeUuid: SEED_IDS.badges.onMyWay } });
    const saved = await h.app.inject({
      method: 'POST',
      url: `/api/vendor/${h.vendorId}/Trigger/${trigger.id}`,
      headers: bearer(h.token),
      payload: { ...trigger.definition, enabled: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const enabled = await h.app.inject({
      method: 'GET',
      url: `/api/vendor/${h.vendorId}/Trigger/search?${new URLSearchParams(
        toSearchParams({ Filters: [{ action: 'Eq', field: 'enabled', value: true }] }),
      )}`,
      headers: bearer(h.token),
    });
    expect(successEnvelope(searchPage(TriggerSummary)).parse(enabled.json()).data.rows).toMatchObject([
      { id: trigger.id, name: 'On my way' },
    ]);
    expect(h.sim.controls.messages()).toEqual([]);

    // Leaving for Greenway Strata's blocked sewer: its job contact gets the text, and the badge comes off.
    const { badges, jobs } = SEED_IDS;
    await h.change('job', jobs.workOrderBlockedSewer, { badges: JSON.stringify([badges.urgent, badges.onMyWay]) });
    const [run] = await h.settledRuns(trigger.id, 1);
    expect(run?.status).toBe('Succeeded');
    expect(h.sim.controls.messages('sms')).toMatchObject([
      { to: '+61411555204', message: expect.stringContaining('we are on our way to 41 Victoria Road') },
    ]);
    const job = h.sim.controls.records('job').find((record) => record.uuid === jobs.workOrderBlockedSewer);
    expect(JSON.parse(String(job?.badges))).toEqual([badges.urgent]);
  });
});
