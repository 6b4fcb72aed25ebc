import { z } from 'zod';
import { defineJob } from '../../queue/job-definition.ts';
import { removeAbandonedAttachments } from './attachment-cleanup.service.ts';

/** Every night: files uploaded for triggers never saved, and files no attachment names, are removed. */
export const removeAbandonedAttachmentsJob = defineJob({
  name: 'triggers.remove-abandoned-attachments',
  payload: z.object({}).loose(),
  queue: { retryLimit: 2, retryDelay: 300 },
  schedule: '37 3 * * *',
  handle: (_payload, { deps }) => removeAbandonedAttachments(deps),
});
