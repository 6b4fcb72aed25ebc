import { z } from 'zod';
import { defineJob } from '../../queue/job-definition.ts';

/** The smallest useful job: proves that a job sent by one process is picked up and completed by a worker. */
export const systemPingJob = defineJob({
  name: 'system.ping',
  payload: z.object({ sentAt: z.iso.datetime() }),
  queue: { retryLimit: 0, deleteAfterSeconds: 3600 },
  async handle(payload, context) {
    const latencyMs = Date.now() - Date.parse(payload.sentAt);
    context.log.debug({ latencyMs }, 'ping received');
    return { workerId: context.workerId, latencyMs };
  },
});
