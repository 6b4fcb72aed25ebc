import { z } from 'zod';
import { apiDelete } from '@/lib/api-client.ts';
import { triggerApiPath } from '../../api/paths.ts';

export type DeleteAttachmentInput = { vendorId: string; triggerId: string; actionId: string; attachmentId: string };

/**
 * `DELETE /api/vendor/{vendorId}/Trigger/{triggerId}/action/{actionId}/attachment/{attachmentId}`: refused
 * (409) while the saved trigger still uses the file.
 */
export async function deleteAttachment({ vendorId, triggerId, actionId, attachmentId }: DeleteAttachmentInput) {
  return apiDelete(triggerApiPath(vendorId, triggerId, 'action', actionId, 'attachment', attachmentId), z.null());
}
