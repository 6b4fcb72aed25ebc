import { systemPingJob } from '../modules/system/system-ping.job.ts';
import type { JobDefinition } from './job-definition.ts';

/** Every background job, registered here explicitly: workers subscribe to exactly this list. */
export const JOBS: readonly JobDefinition[] = [systemPingJob];
