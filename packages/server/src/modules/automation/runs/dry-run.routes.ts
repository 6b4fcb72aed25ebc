import { DryRunRequest, DryRunResult } from '@automate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../../deps.ts';
import { invalidField } from '../../../http/app-error.ts';
import { limitPerPerson } from '../../../http/per-person-limit.ts';
import { vendorRoute } from '../../../http/vendor-route.ts';
import { TRIGGER_BASE as base, TriggerParams, triggerRoute } from '../../triggers/trigger-paths.ts';
import { getTrigger } from '../../triggers/triggers.service.ts';
import { dryRunTrigger } from './dry-run.service.ts';

function recordSubject(subject: { jobUuid?: string; clientUuid?: string; formResponseUuid?: string }) {
  return {
    jobUuid: subject.jobUuid ?? null,
    clientUuid: subject.clientUuid ?? null,
    formResponseUuid: subject.formResponseUuid ?? null,
  };
}

/** Each dry run reads ServiceM8 and fills in texts, so a person may start this many a minute. */
const DRY_RUNS_PER_MINUTE = 30;

const dryRunDescription =
  'Evaluates the conditions against a record read fresh from ServiceM8 and plans every action (rendered texts, recipients) without performing any. Give jobUuid, clientUuid or formResponseUuid. ' +
  'A text that cannot be filled in within the template limits (loops inside loops) is refused with 400 naming its action; ' +
  `a person may test ${DRY_RUNS_PER_MINUTE} times a minute (then 429).`;

/** "Test on a job": a trigger, saved or not, tried on a ServiceM8 record, under /vendor/{vendorId}/Trigger. */
export function dryRunRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    // One count per person for both routes.
    limitPerPerson(app, { name: 'dry-run', max: DRY_RUNS_PER_MINUTE, doing: 'test triggers' });

    vendorRoute(app, {
      ...triggerRoute,
      method: 'POST',
      url: `${base}/dryrun`,
      document: { errors: ['CONFLICT', 'RATE_LIMITED'] },
      summary: 'Test an unsaved trigger definition on a record',
      description: dryRunDescription,
      body: DryRunRequest,
      data: DryRunResult,
      answer: async (vendorId, request) => {
        const { definition, ...subject } = request.body;
        if (!definition) throw invalidField('definition', 'definition is required: give the trigger to test.');
        return dryRunTrigger(deps, vendorId, null, definition, recordSubject(subject));
      },
    });

    vendorRoute(app, {
      ...triggerRoute,
      method: 'POST',
      url: `${base}/:triggerId/dryrun`,
      document: { errors: ['CONFLICT', 'RATE_LIMITED'] },
      summary: 'Test a trigger on a record, without side effects',
      description: `${dryRunDescription} The body's definition, when given, is tested instead of the saved one.`,
      params: TriggerParams,
      body: DryRunRequest,
      data: DryRunResult,
      answer: async (vendorId, request) => {
        const { definition, ...subject } = request.body;
        const tested = definition ?? (await getTrigger(deps, vendorId, request.params.triggerId)).definition;
        return dryRunTrigger(deps, vendorId, request.params.triggerId, tested, recordSubject(subject));
      },
    });
  };
}
