import { z } from 'zod';
import { apiDelete } from '@/lib/api-client.ts';
import { triggerApiPath } from '../../api/paths.ts';

/** `triggerId` null: a file uploaded for a trigger not saved yet. */
export type DeleteAttachmentInput = {
  vendorId: string;
  triggerId: string | null;
  actionId: string;
  attachmentId: string;
};

/**
 * `DELETE /api/vendor/{vendorId}/Trigger/{triggerId}/action/{actionId}/attachment/{attachmentId}`: refused
 * (409) while the saved trigger still uses the file.
 */
export async function deleteAttachment({ vendorId, triggerId, actionId, attachmentId }: DeleteAttachmentInput) {
  const trigger = triggerId ? [triggerId] : [];
  return apiDelete(triggerApiPath(vendorId, ...trigger, 'action', actionId, 'attachment', attachmentId), z.null());
}
