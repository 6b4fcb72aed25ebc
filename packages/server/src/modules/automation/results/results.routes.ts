import {
  AutomationResults,
  RESULTS_MIN_SAMPLE,
  RESULTS_OUTCOME_DAYS,
  RESULTS_PERIOD_DAYS,
  WeekResults,
} from '@automate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../../deps.ts';
import { vendorRoute } from '../../../http/vendor-route.ts';
import { TRIGGER_BASE as base, TriggerParams, triggerRoute, VendorParams } from '../../triggers/trigger-paths.ts';
import { automationResults, weekResults } from './results.service.ts';

const RESULTS_DESCRIPTION =
  `What followed the automation's succeeded runs of the last ${RESULTS_PERIOD_DAYS} days, compared with what happened ` +
  `without it; an observation after its runs, not a measure of what it caused. Quote follow-ups (runs on a job in Quote): ` +
  `the share of those quotes approved within ${RESULTS_OUTCOME_DAYS} days after the first run and their value (the jobs' ` +
  `totals), compared with the quotes of the same period it did not run on. Payment reminders (runs on a job whose ` +
  `invoice was sent and not paid in full): the share paid in full within ${RESULTS_OUTCOME_DAYS} days and the median ` +
  `days from the run to payment, compared with the median days to pay of the invoices paid in the ` +
  `${RESULTS_PERIOD_DAYS} days before the automation was first saved. A run counts once its ${RESULTS_OUTCOME_DAYS} days ` +
  `are over. Each figure has its sample size; below ${RESULTS_MIN_SAMPLE} records its value is null and its note says ` +
  'how many there are so far. Computed once a day.';

const WEEK_DESCRIPTION =
  "The business's last 7 days (today and the 6 before, in its time zone): the emails sent, texts sent and notes added " +
  `by its automations (succeeded actions), and the quotes approved within ${RESULTS_OUTCOME_DAYS} days after an ` +
  'automation ran on them while they were in Quote, with their value.';

/** The results of automations, under /vendor/{vendorId}/Trigger. */
export function resultsRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    vendorRoute(app, {
      ...triggerRoute,
      method: 'GET',
      url: `${base}/results/week`,
      summary: "The business's last 7 days: what its automations sent and the quotes approved after them",
      description: WEEK_DESCRIPTION,
      params: VendorParams,
      data: WeekResults,
      answer: (vendorId) => weekResults(deps, vendorId),
    });

    vendorRoute(app, {
      ...triggerRoute,
      method: 'GET',
      url: `${base}/:triggerId/results`,
      summary: "What followed one automation's runs, compared with what happened without it",
      description: RESULTS_DESCRIPTION,
      params: TriggerParams,
      data: AutomationResults,
      answer: (vendorId, request) => automationResults(deps, vendorId, request.params.triggerId),
    });
  };
}
