import { z } from 'zod';
import { defineJob } from '../../queue/job-definition.ts';
import { removeExpiredActivity } from './audit.service.ts';

/** Every night: the activity history keeps a year. */
export const removeExpiredActivityJob = defineJob({
  name: 'audit.remove-expired-activity',
  payload: z.object({}).loose(),
  queue: { retryLimit: 2, retryDelay: 300 },
  schedule: '17 3 * * *',
  handle: async (_payload, { deps }) => ({ removed: await removeExpiredActivity(deps) }),
});
