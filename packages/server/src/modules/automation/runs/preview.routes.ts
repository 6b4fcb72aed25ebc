import { PREVIEW_DAYS, PREVIEW_LISTED_MAX, PreviewRequest, PreviewResult } from '@automate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../../deps.ts';
import { limitPerPerson } from '../../../http/per-person-limit.ts';
import { vendorRoute } from '../../../http/vendor-route.ts';
import { TRIGGER_BASE as base, triggerRoute } from '../../triggers/trigger-paths.ts';
import { previewTrigger } from './preview.service.ts';

/** Each preview replays up to 30 days of changes, so a person may start this many a minute. */
const PREVIEWS_PER_MINUTE = 10;

/** "Preview on the last 30 days": a trigger definition, saved or not, replayed over the changes kept. */
export function previewRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    limitPerPerson(app, { name: 'preview', max: PREVIEWS_PER_MINUTE, doing: 'preview triggers' });

    vendorRoute(app, {
      ...triggerRoute,
      method: 'POST',
      url: `${base}/preview`,
      document: { errors: ['RATE_LIMITED'] },
      summary: `Preview a trigger definition on the last ${PREVIEW_DAYS} days of changes`,
      description:
        `Replays the changes kept for the business over the last ${PREVIEW_DAYS} days (from the day ServiceM8 was connected, when that is later) through the definition, which need not be saved, by the engine's own rules. ` +
        `Answers how many runs it would have started and how many changes it would have skipped, by reason, with the newest ${PREVIEW_LISTED_MAX} of each: when each run's actions would have happened and their texts filled in from the record as the change left it. ` +
        'Nothing is sent and ServiceM8 is not asked. Give triggerId when editing a saved trigger, so changes its own runs wrote are skipped as a real run skips them. ' +
        `A text that cannot be filled in is refused with 400 naming its action; a person may preview ${PREVIEWS_PER_MINUTE} times a minute (then 429).`,
      body: PreviewRequest,
      data: PreviewResult,
      answer: (vendorId, request) => previewTrigger(deps, vendorId, request.body),
    });
  };
}
