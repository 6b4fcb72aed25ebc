import { TriggerAttachment } from '@automate/contract';
import { apiPost } from '@/lib/api-client.ts';
import { triggerApiPath } from '../../api/paths.ts';

export type UploadAttachmentInput = { vendorId: string; triggerId: string; actionId: string; file: File };

/**
 * `POST /api/vendor/{vendorId}/Trigger/{triggerId}/action/{actionId}/attachment`, multipart with the file
 * in `file` (201). The action may not be saved yet: the answer's `id` goes into its `attachmentId`.
 */
export async function uploadAttachment({
  vendorId,
  triggerId,
  actionId,
  file,
}: UploadAttachmentInput): Promise<TriggerAttachment> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiPost(triggerApiPath(vendorId, triggerId, 'action', actionId, 'attachment'), TriggerAttachment, {
    body: form,
  });
}
