import { TriggerAttachment } from '@automate/contract';
import { apiPost } from '@/lib/api-client.ts';
import { triggerApiPath } from '../../api/paths.ts';

/** `triggerId` null: the trigger is not saved yet (the file waits 24 hours for it to be saved). */
export type UploadAttachmentInput = { vendorId: string; triggerId: string | null; actionId: string; file: File };

/**
 * `POST /api/vendor/{vendorId}/Trigger/{triggerId}/action/{actionId}/attachment` (or, for a trigger not
 * saved yet, `…/Trigger/action/{actionId}/attachment`), multipart with the file in `file` (201). The
 * action may not be saved yet: the answer's `id` goes into its `attachmentId`.
 */
export async function uploadAttachment({
  vendorId,
  triggerId,
  actionId,
  file,
}: UploadAttachmentInput): Promise<TriggerAttachment> {
  const form = new FormData();
  form.append('file', file, file.name);
  const trigger = triggerId ? [triggerId] : [];
  return apiPost(triggerApiPath(vendorId, ...trigger, 'action', actionId, 'attachment'), TriggerAttachment, {
    body: form,
  });
}
